package io.payonce.server.payment;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class SlotLockOrderIntegrationTestsOnH2 extends SlotLockOrderIntegrationTests {}
