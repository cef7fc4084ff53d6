package io.payonce.server.app.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class AppChannelsIntegrationTestsOnMariaDb extends AppChannelsIntegrationTests {}
