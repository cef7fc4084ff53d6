package io.payonce.server.wechat;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class WechatNotifyIntegrationTestsOnPostgres extends WechatNotifyIntegrationTests {}
