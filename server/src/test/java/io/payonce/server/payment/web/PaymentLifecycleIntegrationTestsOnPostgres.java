package io.payonce.server.payment.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.SpreadClockStarts;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
@SpreadClockStarts(shift = 2)
class PaymentLifecycleIntegrationTestsOnPostgres extends PaymentLifecycleIntegrationTests {}
