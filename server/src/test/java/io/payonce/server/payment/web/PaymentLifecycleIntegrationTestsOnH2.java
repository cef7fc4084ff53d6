package io.payonce.server.payment.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.SpreadClockStarts;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
@SpreadClockStarts
class PaymentLifecycleIntegrationTestsOnH2 extends PaymentLifecycleIntegrationTests {}
