package io.payonce.server.db;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class LockVictimRetryIntegrationTestsOnPostgres extends LockVictimRetryIntegrationTests {}
