package io.payonce.server.wechat;

import static io.payonce.server.settings.SettingsRequirement.present;

import io.payonce.server.settings.RequiredSetting;
import io.payonce.server.settings.SettingsRequirement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.core.env.Environment;

/**
 * What WeChat Pay cannot start without, once {@code payonce.wechat.enabled=true}: the notify URLs
 * and the merchant's ids and keys — or a sandbox to enrol with (tests and demos).
 */
public class WechatSettings implements SettingsRequirement {

  /** The keys and ids a real merchant must give, and what each is. */
  private static final Map<String, String> MERCHANT =
      new java.util.LinkedHashMap<>(
          Map.of(
              "payonce.wechat.mchid", "the merchant number (商户号)",
              "payonce.wechat.appid", "the app id bound to the merchant",
              "payonce.wechat.api-v3-key", "the 32-byte APIv3 key: decrypts notifications",
              "payonce.wechat.v2-key", "the APIv2 key: signs payment codes and the XML notify",
              "payonce.wechat.merchant-private-key",
                  "the merchant API certificate's private key (PKCS#8, PEM or Base64)",
              "payonce.wechat.merchant-serial-number", "that certificate's serial number",
              "payonce.wechat.platform-public-key",
                  "the WeChat Pay public key (PEM or Base64) that signs replies and notifies",
              "payonce.wechat.platform-public-key-id", "its id, PUB_KEY_ID_..."));

  @Override
  public List<RequiredSetting> missingFrom(Environment environment) {
    if (!environment.getProperty("payonce.wechat.enabled", Boolean.class, false)) {
      return List.of();
    }
    List<RequiredSetting> missing = new ArrayList<>();
    if (!present(environment, "payonce.wechat.notify-url")) {
      missing.add(
          new RequiredSetting(
              "payonce.wechat.notify-url",
              "the public URL WeChat Pay posts APIv3 notifications to, for the whole deployment:"
                  + " behind a load balancer, the load balancer's address + /pay/wechat/notify"));
    }
    if (present(environment, "payonce.wechat.sandbox-url")) {
      if (present(environment, "payonce.wechat.merchant-private-key")) {
        // The deployment's own merchant, registered with the sandbox by every instance alike.
        for (String property :
            List.of(
                "payonce.wechat.merchant-serial-number",
                "payonce.wechat.api-v3-key",
                "payonce.wechat.v2-key")) {
          if (!present(environment, property)) {
            missing.add(
                new RequiredSetting(
                    property,
                    MERCHANT.get(property)
                        + ": with merchant-private-key, the sandbox is given this merchant, the"
                        + " same on every instance"));
          }
        }
      }
      return missing;
    }
    MERCHANT.forEach(
        (property, purpose) -> {
          if (!present(environment, property)) {
            missing.add(
                new RequiredSetting(
                    property,
                    purpose + " — or payonce.wechat.sandbox-url, a sandbox to enrol with"));
          }
        });
    return missing;
  }
}
