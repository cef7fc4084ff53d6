package io.payonce.server.wechat;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class WechatXmlNotifyIntegrationTestsOnH2 extends WechatXmlNotifyIntegrationTests {}
