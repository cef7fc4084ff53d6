package io.payonce.server.wechat;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.MARIADB)
class WechatNotifyIntegrationTestsOnMariaDb extends WechatNotifyIntegrationTests {}
