package io.payonce.server.operator;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class OperatorStoreIntegrationTestsOnPostgres extends OperatorStoreIntegrationTests {}
