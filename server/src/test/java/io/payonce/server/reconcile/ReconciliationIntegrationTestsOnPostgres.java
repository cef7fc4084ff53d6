package io.payonce.server.reconcile;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.SpreadClockStarts;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
@SpreadClockStarts(shift = 2)
class ReconciliationIntegrationTestsOnPostgres extends ReconciliationIntegrationTests {}
