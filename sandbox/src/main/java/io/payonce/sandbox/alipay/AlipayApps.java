package io.payonce.sandbox.alipay;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.RsaKeys;
import java.security.PublicKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** The app registry: app_id to the merchant's public key and seller id. */
@Component
public class AlipayApps {

  private static final Logger log = LoggerFactory.getLogger(AlipayApps.class);

  private final Map<String, AlipayApp> apps = new ConcurrentHashMap<>();
  private final Map<String, PublicKey> keys = new ConcurrentHashMap<>();

  AlipayApps(SandboxProperties properties) {
    properties
        .getAlipay()
        .getApps()
        .forEach(
            app -> register(new AlipayApp(app.getAppId(), app.getPublicKey(), app.getSellerId())));
  }

  /** Adds or replaces an app; a later registration of the same app_id wins. */
  public void register(AlipayApp app) {
    PublicKey key = app.verificationKey();
    keys.put(app.appId(), key);
    apps.put(app.appId(), app);
    log.info(
        "sandbox_app_registered app_id={} seller_id={} public_key_fingerprint={}",
        app.appId(),
        app.sellerId(),
        RsaKeys.fingerprint(key));
  }

  public Optional<AlipayApp> find(String appId) {
    return Optional.ofNullable(apps.get(appId));
  }

  public Optional<PublicKey> key(String appId) {
    return Optional.ofNullable(keys.get(appId));
  }

  public Collection<AlipayApp> all() {
    return List.copyOf(apps.values());
  }
}
