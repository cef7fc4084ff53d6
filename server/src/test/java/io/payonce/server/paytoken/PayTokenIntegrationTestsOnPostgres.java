package io.payonce.server.paytoken;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class PayTokenIntegrationTestsOnPostgres extends PayTokenIntegrationTests {}
