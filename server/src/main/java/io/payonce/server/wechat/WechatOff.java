package io.payonce.server.wechat;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Configuration;

/**
 * Says so when WeChat Pay is off (outside the embedded profile it is, unless turned on): its routes
 * answer 404 and its callbacks are not served, which an operator should not have to guess.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    prefix = "payonce.wechat",
    name = "enabled",
    havingValue = "false",
    matchIfMissing = true)
class WechatOff {

  private static final Logger log = LoggerFactory.getLogger(WechatOff.class);

  WechatOff() {
    log.info(
        "wechat=off reason=\"payonce.wechat.enabled is not true\": /pay/wechat/** answers 404"
            + " and WeChat Pay's callbacks are not served; to turn it on set"
            + " payonce.wechat.enabled=true with the merchant's settings (docs/configuration.md)");
  }
}
