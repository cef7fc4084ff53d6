package io.payonce.server.reconcile;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.SpreadClockStarts;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
@SpreadClockStarts(shift = 1)
class ReconciliationIntegrationTestsOnMariaDb extends ReconciliationIntegrationTests {}
