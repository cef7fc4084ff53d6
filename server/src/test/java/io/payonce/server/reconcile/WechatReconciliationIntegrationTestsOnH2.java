package io.payonce.server.reconcile;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class WechatReconciliationIntegrationTestsOnH2 extends WechatReconciliationIntegrationTests {}
