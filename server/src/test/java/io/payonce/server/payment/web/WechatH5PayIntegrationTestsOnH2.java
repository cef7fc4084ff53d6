package io.payonce.server.payment.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class WechatH5PayIntegrationTestsOnH2 extends WechatH5PayIntegrationTests {}
