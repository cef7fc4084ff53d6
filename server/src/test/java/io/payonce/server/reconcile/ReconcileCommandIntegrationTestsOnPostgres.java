package io.payonce.server.reconcile;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class ReconcileCommandIntegrationTestsOnPostgres extends ReconcileCommandIntegrationTests {}
