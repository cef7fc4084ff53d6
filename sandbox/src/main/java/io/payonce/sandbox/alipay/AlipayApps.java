package io.payonce.sandbox.alipay;

import io.payonce.sandbox.SandboxProperties;
import java.security.PublicKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/** The app registry: app_id to the merchant's public key and seller id. */
@Component
public class AlipayApps {

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
    keys.put(app.appId(), app.verificationKey());
    apps.put(app.appId(), app);
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
