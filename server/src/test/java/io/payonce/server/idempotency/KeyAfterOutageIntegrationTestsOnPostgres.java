package io.payonce.server.idempotency;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class KeyAfterOutageIntegrationTestsOnPostgres extends KeyAfterOutageIntegrationTests {}
