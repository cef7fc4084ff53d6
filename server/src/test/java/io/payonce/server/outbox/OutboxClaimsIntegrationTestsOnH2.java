package io.payonce.server.outbox;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class OutboxClaimsIntegrationTestsOnH2 extends OutboxClaimsIntegrationTests {}
