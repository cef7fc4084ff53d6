package io.payonce.server.operator;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class OperatorStoreIntegrationTestsOnMariaDb extends OperatorStoreIntegrationTests {}
