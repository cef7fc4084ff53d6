package io.payonce.server.order;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class OrderTransitionTableIntegrationTestsOnMariaDb extends OrderTransitionTableIntegrationTests {}
