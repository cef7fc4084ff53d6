package io.payonce.server.paytoken;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class PayTokenIntegrationTestsOnMariaDb extends PayTokenIntegrationTests {}
