package io.payonce.server.outbox;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class OutboxClaimsIntegrationTestsOnMariaDb extends OutboxClaimsIntegrationTests {}
