package io.payonce.sandbox.wechat;

import io.payonce.sandbox.keys.RsaKeys;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** HTTP twin of {@link WechatSandbox} for a standalone sandbox. Secrets are never echoed. */
@RestController
class WechatMerchantsController {

  private final WechatSandbox sandbox;
  private final WechatMerchants merchants;
  private final WechatPlatformKey platformKey;

  WechatMerchantsController(
      WechatSandbox sandbox, WechatMerchants merchants, WechatPlatformKey platformKey) {
    this.sandbox = sandbox;
    this.merchants = merchants;
    this.platformKey = platformKey;
  }

  @PostMapping("/sandbox/wechat/merchants")
  @ResponseStatus(HttpStatus.CREATED)
  Map<String, Object> register(@RequestBody Registration registration) {
    WechatMerchant merchant = registration.merchant();
    sandbox.registerMerchant(merchant);
    WechatMerchant registered = merchants.find(merchant.mchid()).orElseThrow();
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("mchid", registered.mchid());
    view.put("appid", registered.appid());
    view.put("serialNo", registered.serialNo());
    view.put("publicKeyFingerprint", RsaKeys.fingerprint(registered.verificationKey()));
    view.put("v2", registered.v2Key() != null);
    view.put("v2NotifyUrl", registered.v2NotifyUrl());
    view.put("refundNotifyUrl", registered.refundNotifyUrl());
    return view;
  }

  @GetMapping("/sandbox/wechat/platform-key")
  Map<String, String> platformKey() {
    return Map.of(
        "publicKeyId", platformKey.publicKeyId(),
        "publicKey", platformKey.publicKeyBase64(),
        "publicKeyPem", platformKey.publicKeyPem(),
        "fingerprint", platformKey.fingerprint());
  }

  /** The registration body; validated by {@link WechatMerchant}, refusals are 400 problems. */
  record Registration(
      String mchid,
      String appid,
      String publicKey,
      String serialNo,
      String apiV3Key,
      String v2Key,
      String v2NotifyUrl,
      String refundNotifyUrl) {

    WechatMerchant merchant() {
      return new WechatMerchant(
          mchid, appid, publicKey, serialNo, apiV3Key, v2Key, v2NotifyUrl, refundNotifyUrl);
    }
  }
}
