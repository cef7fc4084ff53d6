package io.payonce.server.reconcile;

import io.payonce.server.testing.EachClockStart;
import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
@EachClockStart
class ReconciliationIntegrationTestsOnMariaDb extends ReconciliationIntegrationTests {}
