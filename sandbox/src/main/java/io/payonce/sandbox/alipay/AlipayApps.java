package io.payonce.sandbox.alipay;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.RsaKeys;
import io.payonce.sandbox.merchant.MerchantRegistry;
import java.security.PublicKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** The app registry: app_id to the merchant's public key and seller id. */
@Component
public class AlipayApps extends MerchantRegistry<AlipayApp> {

  private static final Logger log = LoggerFactory.getLogger(AlipayApps.class);

  AlipayApps(SandboxProperties properties) {
    properties
        .getAlipay()
        .getApps()
        .forEach(
            app -> register(new AlipayApp(app.getAppId(), app.getPublicKey(), app.getSellerId())));
  }

  /** Adds or replaces an app; a later registration of the same app_id wins. */
  @Override
  public void register(AlipayApp app) {
    PublicKey key = app.verificationKey();
    put(app.appId(), app, key);
    log.info(
        "sandbox_app_registered app_id={} seller_id={} public_key_fingerprint={}",
        app.appId(),
        app.sellerId(),
        RsaKeys.fingerprint(key));
  }
}
