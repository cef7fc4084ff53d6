package io.payonce.sandbox.wechat;

import io.payonce.sandbox.keys.RsaKeys;
import io.payonce.sandbox.wechat.oauth.OfficialAccounts;
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
  private final OfficialAccounts officialAccounts;

  WechatMerchantsController(
      WechatSandbox sandbox,
      WechatMerchants merchants,
      WechatPlatformKey platformKey,
      OfficialAccounts officialAccounts) {
    this.sandbox = sandbox;
    this.merchants = merchants;
    this.platformKey = platformKey;
    this.officialAccounts = officialAccounts;
  }

  @PostMapping("/sandbox/wechat/merchants")
  @ResponseStatus(HttpStatus.CREATED)
  Map<String, Object> register(@RequestBody Registration registration) {
    WechatMerchant merchant = registration.merchant();
    sandbox.registerMerchant(merchant);
    if (registration.appSecret() != null && !registration.appSecret().isBlank()) {
      // The merchant's appid is an official account whose pages sign the buyer in (OAuth).
      officialAccounts.register(merchant.appid(), registration.appSecret());
    }
    WechatMerchant registered = merchants.find(merchant.mchid()).orElseThrow();
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("mchid", registered.mchid());
    view.put("appid", registered.appid());
    view.put("serialNo", registered.serialNo());
    view.put("publicKeyFingerprint", RsaKeys.fingerprint(registered.verificationKey()));
    view.put("v2", registered.v2Key() != null);
    view.put("v2NotifyUrl", registered.v2NotifyUrl());
    view.put("refundNotifyUrl", registered.refundNotifyUrl());
    view.put("signIn", officialAccounts.isKnown(registered.appid()));
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

  /**
   * The registration body; validated by {@link WechatMerchant}, refusals are 400 problems. {@code
   * appSecret}, optional, is the AppSecret of the official account {@code appid}, for its pages'
   * sign-in ({@code /sandbox/wechat/sns/oauth2/access_token}).
   */
  record Registration(
      String mchid,
      String appid,
      String publicKey,
      String serialNo,
      String apiV3Key,
      String v2Key,
      String v2NotifyUrl,
      String refundNotifyUrl,
      String appSecret) {

    WechatMerchant merchant() {
      return new WechatMerchant(
          mchid, appid, publicKey, serialNo, apiV3Key, v2Key, v2NotifyUrl, refundNotifyUrl);
    }
  }
}
