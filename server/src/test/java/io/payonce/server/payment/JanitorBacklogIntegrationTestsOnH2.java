package io.payonce.server.payment;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class JanitorBacklogIntegrationTestsOnH2 extends JanitorBacklogIntegrationTests {}
