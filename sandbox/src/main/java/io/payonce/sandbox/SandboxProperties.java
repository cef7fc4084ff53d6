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

  /** Keep the ledger and pending notifies in {@code dataDir/alipay-state.json} across restarts. */
  private boolean persistence;

  /** Seeds the dice of the rate chaos knobs; unset, a random seed is drawn and logged. */
  private Long chaosSeed;

  private final Alipay alipay = new Alipay();

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
}
