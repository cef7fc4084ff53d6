package io.payonce.server.outbox;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class OutboxClaimsIntegrationTestsOnPostgres extends OutboxClaimsIntegrationTests {}
