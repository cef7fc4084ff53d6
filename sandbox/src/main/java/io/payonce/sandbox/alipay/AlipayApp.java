package io.payonce.sandbox.alipay;

import io.payonce.sandbox.keys.RsaKeys;
import java.security.PublicKey;

/** A merchant app: who may call the gateway, the key its requests are signed with, its seller. */
public record AlipayApp(String appId, String publicKey, String sellerId) {

  public AlipayApp {
    if (appId == null || appId.isBlank()) {
      throw new IllegalArgumentException("appId is required");
    }
    RsaKeys.publicKey(publicKey);
    if (sellerId == null || sellerId.isBlank()) {
      sellerId = AlipayIds.sellerIdFor(appId);
    }
  }

  public PublicKey verificationKey() {
    return RsaKeys.publicKey(publicKey);
  }
}
