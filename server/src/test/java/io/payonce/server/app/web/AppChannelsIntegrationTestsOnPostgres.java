package io.payonce.server.app.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class AppChannelsIntegrationTestsOnPostgres extends AppChannelsIntegrationTests {}
