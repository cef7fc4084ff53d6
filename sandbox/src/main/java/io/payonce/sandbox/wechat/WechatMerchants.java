package io.payonce.sandbox.wechat;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.RsaKeys;
import java.security.PublicKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** The merchant registry: mchid to its keys, appid and notify settings. */
@Component
public class WechatMerchants {

  private static final Logger log = LoggerFactory.getLogger(WechatMerchants.class);

  private final Map<String, WechatMerchant> merchants = new ConcurrentHashMap<>();
  private final Map<String, PublicKey> keys = new ConcurrentHashMap<>();
  private final AtomicLong version = new AtomicLong();

  WechatMerchants(SandboxProperties properties) {
    properties
        .getWechat()
        .getMerchants()
        .forEach(
            m ->
                register(
                    new WechatMerchant(
                        m.getMchid(),
                        m.getAppid(),
                        m.getPublicKey(),
                        m.getSerialNo(),
                        m.getApiV3Key(),
                        m.getV2Key(),
                        m.getV2NotifyUrl(),
                        m.getRefundNotifyUrl())));
  }

  /** Adds or replaces a merchant; a later registration of the same mchid wins. */
  public void register(WechatMerchant merchant) {
    PublicKey key = merchant.verificationKey();
    keys.put(merchant.mchid(), key);
    merchants.put(merchant.mchid(), merchant);
    version.incrementAndGet();
    log.info(
        "sandbox_wechat_merchant_registered mchid={} appid={} serial_no={} public_key_fingerprint={}",
        merchant.mchid(),
        merchant.appid(),
        merchant.serialNo(),
        RsaKeys.fingerprint(key));
  }

  public Optional<WechatMerchant> find(String mchid) {
    return Optional.ofNullable(mchid == null ? null : merchants.get(mchid));
  }

  public Optional<PublicKey> key(String mchid) {
    return Optional.ofNullable(mchid == null ? null : keys.get(mchid));
  }

  public Collection<WechatMerchant> all() {
    return List.copyOf(merchants.values());
  }

  /** Increases with every registration, so persistence knows when to write. */
  public long version() {
    return version.get();
  }
}
