package io.payonce.server.payment;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class JanitorBacklogIntegrationTestsOnPostgres extends JanitorBacklogIntegrationTests {}
