package io.payonce.server.view.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class ReadApiIntegrationTestsOnMariaDb extends ReadApiIntegrationTests {}
