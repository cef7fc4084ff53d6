package io.payonce.server.app.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class AppChannelsIntegrationTestsOnH2 extends AppChannelsIntegrationTests {}
