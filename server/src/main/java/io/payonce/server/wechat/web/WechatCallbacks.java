package io.payonce.server.wechat.web;

import io.payonce.server.web.ChannelCallback;
import io.payonce.server.wechat.WechatNotifyHandler;
import io.payonce.server.wechat.WechatXmlNotifyHandler;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;

/** WeChat Pay's notify endpoint for the shared web layer: a request refused there gets FAIL. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "payonce.wechat", name = "enabled", havingValue = "true")
class WechatCallbacks {

  static final String NOTIFY_PATH = "/pay/wechat/notify";
  static final String XML_NOTIFY_PATH = "/api/pay/callback/wechat";

  @Bean
  ChannelCallback wechatNotifyCallback() {
    return new ChannelCallback(
        NOTIFY_PATH, MediaType.APPLICATION_JSON, WechatNotifyHandler.FAIL_BODY);
  }

  @Bean
  ChannelCallback wechatXmlNotifyCallback() {
    return new ChannelCallback(XML_NOTIFY_PATH, MediaType.TEXT_XML, WechatXmlNotifyHandler.FAIL);
  }
}
