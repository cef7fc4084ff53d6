package io.payonce.server.order;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class OrderTransitionTableIntegrationTestsOnH2 extends OrderTransitionTableIntegrationTests {}
