package io.payonce.server.idempotency;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class KeyAfterOutageIntegrationTestsOnMariaDb extends KeyAfterOutageIntegrationTests {}
