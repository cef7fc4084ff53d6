package io.payonce.server.payment.web;

import io.payonce.server.testing.EachClockStart;
import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
@EachClockStart
class PaymentLifecycleIntegrationTestsOnH2 extends PaymentLifecycleIntegrationTests {}
