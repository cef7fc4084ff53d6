package io.payonce.server.payment.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class WechatH5PayIntegrationTestsOnMariaDb extends WechatH5PayIntegrationTests {}
