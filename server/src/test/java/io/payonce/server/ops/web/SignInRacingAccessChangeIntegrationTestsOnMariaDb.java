package io.payonce.server.ops.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class SignInRacingAccessChangeIntegrationTestsOnMariaDb
    extends SignInRacingAccessChangeIntegrationTests {}
