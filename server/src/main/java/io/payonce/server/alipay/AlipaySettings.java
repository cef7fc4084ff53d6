package io.payonce.server.alipay;

import static io.payonce.server.settings.SettingsRequirement.present;

import io.payonce.server.settings.RequiredSetting;
import io.payonce.server.settings.SettingsRequirement;
import java.util.ArrayList;
import java.util.List;
import org.springframework.core.env.Environment;

/**
 * What the Alipay adapter cannot start without: the deployment's notify URL, and the merchant's app
 * and keys — or a sandbox to enrol with (tests and demos). A command that runs without the web
 * server brings its own ({@link OfflineCommandKeys}).
 */
public class AlipaySettings implements SettingsRequirement {

  @Override
  public List<RequiredSetting> missingFrom(Environment environment) {
    List<RequiredSetting> missing = new ArrayList<>();
    if (!present(environment, AlipayConfiguration.NOTIFY_URL)) {
      missing.add(
          new RequiredSetting(
              AlipayConfiguration.NOTIFY_URL,
              "the public URL Alipay posts notifies to, for the whole deployment: behind a load"
                  + " balancer, the load balancer's address + /pay/alipay/notify"));
    }
    if (present(environment, "payonce.alipay.sandbox-url")) {
      return missing;
    }
    if (!present(environment, "payonce.alipay.app-id")) {
      missing.add(
          new RequiredSetting(
              "payonce.alipay.app-id", "the merchant's Alipay app id (open platform)"));
    }
    if (!present(environment, "payonce.alipay.private-key")) {
      missing.add(
          new RequiredSetting(
              "payonce.alipay.private-key",
              "the merchant app's RSA private key, PKCS#8 Base64 (java -jar"
                  + " payonce-server-exec.jar keys makes a pair), the same on every instance"));
    }
    if (!present(environment, "payonce.alipay.alipay-public-key")) {
      missing.add(
          new RequiredSetting(
              "payonce.alipay.alipay-public-key",
              "Alipay's platform public key (X.509 Base64), which signs its replies and notifies"
                  + " — or payonce.alipay.sandbox-url, a sandbox to enrol with instead"));
    }
    return missing;
  }
}
