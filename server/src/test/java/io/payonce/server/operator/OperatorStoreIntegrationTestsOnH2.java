package io.payonce.server.operator;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class OperatorStoreIntegrationTestsOnH2 extends OperatorStoreIntegrationTests {}
