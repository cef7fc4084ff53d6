package io.payonce.sandbox.alipay;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** HTTP twin of {@link AlipaySandbox} for a standalone sandbox. */
@RestController
class AlipayAppsController {

  private final AlipaySandbox sandbox;
  private final AlipayApps apps;

  AlipayAppsController(AlipaySandbox sandbox, AlipayApps apps) {
    this.sandbox = sandbox;
    this.apps = apps;
  }

  @PostMapping("/sandbox/alipay/apps")
  @ResponseStatus(HttpStatus.CREATED)
  AlipayApp register(@RequestBody AppRegistration registration) {
    sandbox.registerApp(registration.appId(), registration.publicKey(), registration.sellerId());
    return apps.find(registration.appId()).orElseThrow();
  }

  @GetMapping("/sandbox/alipay/platform-key")
  Map<String, String> platformKey() {
    return Map.of("publicKey", sandbox.platformPublicKeyBase64());
  }

  record AppRegistration(String appId, String publicKey, String sellerId) {}
}
