package io.payonce.sandbox.wechat;

import io.payonce.sandbox.keys.PemKeys;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;

/**
 * A merchant (mchid) allowed to call the simulated WeChat Pay: the appid bound to it, the public
 * key of its API certificate and that certificate's serial (the {@code serial_no} of its
 * Authorization), its APIv3 key (notify encryption) and APIv2 key (XML signatures).
 *
 * @param publicKey X.509, Base64 (a PEM key or certificate is accepted and converted)
 * @param v2Key null when the merchant does not use APIv2
 * @param v2NotifyUrl where APIv2 XML payment notifies go for this merchant's orders (sandbox-only
 *     setting; null: none)
 * @param refundNotifyUrl where refund notifies go when a refund names no notify_url (WeChat: the
 *     URL configured on the merchant platform)
 */
public record WechatMerchant(
    String mchid,
    String appid,
    String publicKey,
    String serialNo,
    String apiV3Key,
    String v2Key,
    String v2NotifyUrl,
    String refundNotifyUrl) {

  public WechatMerchant {
    require(mchid, "mchid");
    require(appid, "appid");
    PemKeys.MerchantKey key = PemKeys.read(publicKey);
    publicKey = RsaKeys.encode(key.key());
    if (serialNo == null || serialNo.isBlank()) {
      serialNo = key.certificateSerial();
    }
    require(serialNo, "serialNo (the merchant certificate serial, serial_no)");
    require(apiV3Key, "apiV3Key");
    if (apiV3Key.getBytes(StandardCharsets.UTF_8).length != 32) {
      throw new IllegalArgumentException("apiV3Key must be 32 bytes");
    }
    if (v2Key != null && v2Key.isBlank()) {
      v2Key = null;
    }
  }

  public PublicKey verificationKey() {
    return RsaKeys.publicKey(publicKey);
  }

  private static void require(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " is required");
    }
  }
}
