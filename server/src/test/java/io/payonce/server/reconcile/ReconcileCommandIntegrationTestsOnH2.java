package io.payonce.server.reconcile;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class ReconcileCommandIntegrationTestsOnH2 extends ReconcileCommandIntegrationTests {}
