package io.payonce.server.reconcile;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.SpreadClockStarts;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
@SpreadClockStarts
class ReconciliationIntegrationTestsOnH2 extends ReconciliationIntegrationTests {}
