package io.payonce.server.payment.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.SpreadClockStarts;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
@SpreadClockStarts(shift = 1)
class PaymentLifecycleIntegrationTestsOnMariaDb extends PaymentLifecycleIntegrationTests {}
