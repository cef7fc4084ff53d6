package io.payonce.server.alipay.web;

import io.payonce.server.alipay.AlipayNotifyHandler;
import io.payonce.server.web.ChannelCallback;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;

/** Alipay's notify endpoint for the shared web layer: a request refused there is answered fail. */
@Configuration(proxyBeanMethods = false)
class AlipayCallbacks {

  static final String NOTIFY_PATH = "/pay/alipay/notify";

  @Bean
  ChannelCallback alipayNotifyCallback() {
    return new ChannelCallback(NOTIFY_PATH, MediaType.TEXT_PLAIN, AlipayNotifyHandler.FAIL);
  }
}
