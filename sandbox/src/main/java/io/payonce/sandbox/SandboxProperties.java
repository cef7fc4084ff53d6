package io.payonce.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings under {@code payonce.sandbox.*}. */
@ConfigurationProperties("payonce.sandbox")
public class SandboxProperties {

  /** Turns the sandbox on (the standalone application sets it). */
  private boolean enabled;

  /**
   * Where the platform key pair and, with {@link #persistence}, the state file live. The default,
   * {@code ${user.home}/.payonce/sandbox}, is absolute: a restart from another directory must not
   * change the platform key that every server talking to this sandbox is configured with.
   */
  private Path dataDir = defaultDataDir();

  /**
   * Keep merchants, ledgers and pending notifies in {@code dataDir/alipay-state.json} and {@code
   * dataDir/wechat-state.json} across restarts.
   */
  private boolean persistence;

  /** Seeds the dice of the rate chaos knobs; unset, a random seed is drawn and logged. */
  private Long chaosSeed;

  private final Alipay alipay = new Alipay();

  private final Wechat wechat = new Wechat();

  static Path defaultDataDir() {
    return Path.of(System.getProperty("user.home"), ".payonce", "sandbox").toAbsolutePath();
  }

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public Path getDataDir() {
    return dataDir;
  }

  public void setDataDir(Path dataDir) {
    this.dataDir = dataDir;
  }

  public boolean isPersistence() {
    return persistence;
  }

  public void setPersistence(boolean persistence) {
    this.persistence = persistence;
  }

  public Long getChaosSeed() {
    return chaosSeed;
  }

  public void setChaosSeed(Long chaosSeed) {
    this.chaosSeed = chaosSeed;
  }

  public Alipay getAlipay() {
    return alipay;
  }

  public Wechat getWechat() {
    return wechat;
  }

  /** Settings under {@code payonce.sandbox.alipay.*}. */
  public static class Alipay {

    /** Platform private key (PKCS#8, Base64, no PEM armour); generated and persisted if unset. */
    private String platformPrivateKey;

    /** Platform public key (X.509, Base64); required when the private key is configured. */
    private String platformPublicKey;

    /** Apps known from the start; more can be registered at runtime. */
    private List<App> apps = new ArrayList<>();

    /** How long a "confirm then pay" barcode buyer takes to confirm (sandbox clock). */
    private Duration barcodeConfirmAfter = Duration.ofSeconds(5);

    /** How long a bill download URL stays valid (sandbox clock). */
    private Duration billUrlTtl = Duration.ofSeconds(30);

    private final Notify notify = new Notify();

    public String getPlatformPrivateKey() {
      return platformPrivateKey;
    }

    public void setPlatformPrivateKey(String platformPrivateKey) {
      this.platformPrivateKey = platformPrivateKey;
    }

    public String getPlatformPublicKey() {
      return platformPublicKey;
    }

    public void setPlatformPublicKey(String platformPublicKey) {
      this.platformPublicKey = platformPublicKey;
    }

    public List<App> getApps() {
      return apps;
    }

    public void setApps(List<App> apps) {
      this.apps = apps;
    }

    public Duration getBarcodeConfirmAfter() {
      return barcodeConfirmAfter;
    }

    public void setBarcodeConfirmAfter(Duration barcodeConfirmAfter) {
      this.barcodeConfirmAfter = barcodeConfirmAfter;
    }

    public Duration getBillUrlTtl() {
      return billUrlTtl;
    }

    public void setBillUrlTtl(Duration billUrlTtl) {
      this.billUrlTtl = billUrlTtl;
    }

    public Notify getNotify() {
      return notify;
    }
  }

  /** A merchant app preconfigured by properties. */
  public static class App {
    private String appId;
    private String publicKey;
    private String sellerId;

    public String getAppId() {
      return appId;
    }

    public void setAppId(String appId) {
      this.appId = appId;
    }

    public String getPublicKey() {
      return publicKey;
    }

    public void setPublicKey(String publicKey) {
      this.publicKey = publicKey;
    }

    public String getSellerId() {
      return sellerId;
    }

    public void setSellerId(String sellerId) {
      this.sellerId = sellerId;
    }
  }

  /** Settings under {@code payonce.sandbox.alipay.notify.*}. */
  public static class Notify {

    /** Multiplies every retry interval: 1 is Alipay's real schedule, 0.001 suits tests. */
    private double timeScale = 1.0;

    /** Waits between attempts after the first (Alipay: 4m,10m,10m,1h,2h,6h,15h). */
    private List<Duration> retrySchedule =
        new ArrayList<>(
            List.of(
                Duration.ofMinutes(4),
                Duration.ofMinutes(10),
                Duration.ofMinutes(10),
                Duration.ofHours(1),
                Duration.ofHours(2),
                Duration.ofHours(6),
                Duration.ofHours(15)));

    /** How long the merchant may take to answer one delivery. */
    private Duration replyTimeout = Duration.ofSeconds(10);

    public double getTimeScale() {
      return timeScale;
    }

    public void setTimeScale(double timeScale) {
      this.timeScale = timeScale;
    }

    public List<Duration> getRetrySchedule() {
      return retrySchedule;
    }

    public void setRetrySchedule(List<Duration> retrySchedule) {
      this.retrySchedule = retrySchedule;
    }

    public Duration getReplyTimeout() {
      return replyTimeout;
    }

    public void setReplyTimeout(Duration replyTimeout) {
      this.replyTimeout = replyTimeout;
    }
  }

  /** Settings under {@code payonce.sandbox.wechat.*}. */
  public static class Wechat {

    /** "WeChat Pay public key" private half (PKCS#8, Base64); generated and persisted if unset. */
    private String platformPrivateKey;

    /** Its public half (X.509, Base64); required when the private key is configured. */
    private String platformPublicKey;

    /** The key's id ({@code PUB_KEY_ID_...}); derived from the public key when unset. */
    private String publicKeyId;

    /** Merchants known from the start; more can be registered at runtime. */
    private List<Merchant> merchants = new ArrayList<>();

    /**
     * How long a "confirms later" payment-code buyer takes to enter the password (sandbox clock).
     */
    private Duration micropayConfirmAfter = Duration.ofSeconds(5);

    /**
     * [UNC] How long a payment-code order may wait for the buyer's password before WeChat revokes
     * it by itself (its global guide: Quick Pay orders still unpaid 45 s after creation; not
     * confirmed for domestic merchants). A non-positive value: never (sandbox clock).
     */
    private Duration micropayRevokeAfter = Duration.ofSeconds(45);

    /** How long a refund stays PROCESSING before it settles (sandbox clock). */
    private Duration refundSettleAfter = Duration.ofSeconds(1);

    /** How long a bill download_url stays valid (sandbox clock). */
    private Duration billUrlTtl = Duration.ofMinutes(5);

    /** How far a request's Authorization timestamp may be from real time (WeChat: 5 minutes). */
    private Duration timestampTolerance = Duration.ofMinutes(5);

    private final WechatNotify notify = new WechatNotify();

    public String getPlatformPrivateKey() {
      return platformPrivateKey;
    }

    public void setPlatformPrivateKey(String platformPrivateKey) {
      this.platformPrivateKey = platformPrivateKey;
    }

    public String getPlatformPublicKey() {
      return platformPublicKey;
    }

    public void setPlatformPublicKey(String platformPublicKey) {
      this.platformPublicKey = platformPublicKey;
    }

    public String getPublicKeyId() {
      return publicKeyId;
    }

    public void setPublicKeyId(String publicKeyId) {
      this.publicKeyId = publicKeyId;
    }

    public List<Merchant> getMerchants() {
      return merchants;
    }

    public void setMerchants(List<Merchant> merchants) {
      this.merchants = merchants;
    }

    public Duration getMicropayConfirmAfter() {
      return micropayConfirmAfter;
    }

    public void setMicropayConfirmAfter(Duration micropayConfirmAfter) {
      this.micropayConfirmAfter = micropayConfirmAfter;
    }

    public Duration getMicropayRevokeAfter() {
      return micropayRevokeAfter;
    }

    public void setMicropayRevokeAfter(Duration micropayRevokeAfter) {
      this.micropayRevokeAfter = micropayRevokeAfter;
    }

    public Duration getRefundSettleAfter() {
      return refundSettleAfter;
    }

    public void setRefundSettleAfter(Duration refundSettleAfter) {
      this.refundSettleAfter = refundSettleAfter;
    }

    public Duration getBillUrlTtl() {
      return billUrlTtl;
    }

    public void setBillUrlTtl(Duration billUrlTtl) {
      this.billUrlTtl = billUrlTtl;
    }

    public Duration getTimestampTolerance() {
      return timestampTolerance;
    }

    public void setTimestampTolerance(Duration timestampTolerance) {
      this.timestampTolerance = timestampTolerance;
    }

    public WechatNotify getNotify() {
      return notify;
    }
  }

  /** A WeChat Pay merchant preconfigured by properties (see the registration endpoint). */
  public static class Merchant {
    private String mchid;
    private String appid;
    private String publicKey;
    private String serialNo;
    private String apiV3Key;
    private String v2Key;
    private String v2NotifyUrl;
    private String refundNotifyUrl;

    public String getMchid() {
      return mchid;
    }

    public void setMchid(String mchid) {
      this.mchid = mchid;
    }

    public String getAppid() {
      return appid;
    }

    public void setAppid(String appid) {
      this.appid = appid;
    }

    public String getPublicKey() {
      return publicKey;
    }

    public void setPublicKey(String publicKey) {
      this.publicKey = publicKey;
    }

    public String getSerialNo() {
      return serialNo;
    }

    public void setSerialNo(String serialNo) {
      this.serialNo = serialNo;
    }

    public String getApiV3Key() {
      return apiV3Key;
    }

    public void setApiV3Key(String apiV3Key) {
      this.apiV3Key = apiV3Key;
    }

    public String getV2Key() {
      return v2Key;
    }

    public void setV2Key(String v2Key) {
      this.v2Key = v2Key;
    }

    public String getV2NotifyUrl() {
      return v2NotifyUrl;
    }

    public void setV2NotifyUrl(String v2NotifyUrl) {
      this.v2NotifyUrl = v2NotifyUrl;
    }

    public String getRefundNotifyUrl() {
      return refundNotifyUrl;
    }

    public void setRefundNotifyUrl(String refundNotifyUrl) {
      this.refundNotifyUrl = refundNotifyUrl;
    }
  }

  /** Settings under {@code payonce.sandbox.wechat.notify.*}. */
  public static class WechatNotify {

    /**
     * Multiplies every retry interval; unset, the Alipay notifier's {@code time-scale} applies, so
     * one setting compresses both channels' schedules.
     */
    private Double timeScale;

    /** Waits between attempts after the first (WeChat: 15s/15s/30s/3m/.../6h/6h, 24h4m in all). */
    private List<Duration> retrySchedule =
        new ArrayList<>(
            List.of(
                Duration.ofSeconds(15),
                Duration.ofSeconds(15),
                Duration.ofSeconds(30),
                Duration.ofMinutes(3),
                Duration.ofMinutes(10),
                Duration.ofMinutes(20),
                Duration.ofMinutes(30),
                Duration.ofMinutes(30),
                Duration.ofMinutes(30),
                Duration.ofMinutes(60),
                Duration.ofHours(3),
                Duration.ofHours(3),
                Duration.ofHours(3),
                Duration.ofHours(6),
                Duration.ofHours(6)));

    /** How long the merchant may take to answer one delivery (WeChat: 5 s). */
    private Duration replyTimeout = Duration.ofSeconds(5);

    public Double getTimeScale() {
      return timeScale;
    }

    public void setTimeScale(Double timeScale) {
      this.timeScale = timeScale;
    }

    public List<Duration> getRetrySchedule() {
      return retrySchedule;
    }

    public void setRetrySchedule(List<Duration> retrySchedule) {
      this.retrySchedule = retrySchedule;
    }

    public Duration getReplyTimeout() {
      return replyTimeout;
    }

    public void setReplyTimeout(Duration replyTimeout) {
      this.replyTimeout = replyTimeout;
    }
  }
}
