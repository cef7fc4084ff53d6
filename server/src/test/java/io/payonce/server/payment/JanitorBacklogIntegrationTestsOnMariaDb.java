package io.payonce.server.payment;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class JanitorBacklogIntegrationTestsOnMariaDb extends JanitorBacklogIntegrationTests {}
