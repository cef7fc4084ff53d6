package io.payonce.server.payment.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class WechatH5PayIntegrationTestsOnPostgres extends WechatH5PayIntegrationTests {}
