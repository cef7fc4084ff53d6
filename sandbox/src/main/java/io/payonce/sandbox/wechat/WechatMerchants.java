package io.payonce.sandbox.wechat;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.RsaKeys;
import io.payonce.sandbox.merchant.MerchantRegistry;
import java.security.PublicKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** The merchant registry: mchid to its keys, appid and notify settings. */
@Component
public class WechatMerchants extends MerchantRegistry<WechatMerchant> {

  private static final Logger log = LoggerFactory.getLogger(WechatMerchants.class);

  WechatMerchants(SandboxProperties properties) {
    properties
        .getWechat()
        .getMerchants()
        .forEach(
            m ->
                register(
                    new WechatMerchant(
                        m.getMchid(),
                        m.getAppid(),
                        m.getPublicKey(),
                        m.getSerialNo(),
                        m.getApiV3Key(),
                        m.getV2Key(),
                        m.getV2NotifyUrl(),
                        m.getRefundNotifyUrl())));
  }

  /** Adds or replaces a merchant; a later registration of the same mchid wins. */
  @Override
  public void register(WechatMerchant merchant) {
    PublicKey key = merchant.verificationKey();
    put(merchant.mchid(), merchant, key);
    log.info(
        "sandbox_wechat_merchant_registered mchid={} appid={} serial_no={} public_key_fingerprint={}",
        merchant.mchid(),
        merchant.appid(),
        merchant.serialNo(),
        RsaKeys.fingerprint(key));
  }
}
