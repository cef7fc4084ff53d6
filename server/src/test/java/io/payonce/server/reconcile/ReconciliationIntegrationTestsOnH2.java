package io.payonce.server.reconcile;

import io.payonce.server.testing.EachClockStart;
import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
@EachClockStart
class ReconciliationIntegrationTestsOnH2 extends ReconciliationIntegrationTests {}
