package io.payonce.server.app;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Merchant apps ({@code payonce.apps.*}).
 *
 * @param masterKey the master key (Base64 of 32 bytes) that encrypts the apps' secrets; usually
 *     from the environment ({@code PAYONCE_APPS_MASTER_KEY}); never stored in the database
 * @param masterKeyFile a file holding the master key (Base64), read when {@code masterKey} is unset
 * @param generateMasterKey whether a missing {@code masterKeyFile} is made (the embedded profile)
 * @param window how far a request's timestamp may be from the server's time, either way
 * @param bootstrap the app the single-merchant settings of earlier versions become
 * @param demo whether to make (once) and print a demo app at start-up (the embedded profile)
 */
@ConfigurationProperties("payonce.apps")
public record AppProperties(
    String masterKey,
    String masterKeyFile,
    @DefaultValue("false") boolean generateMasterKey,
    @DefaultValue("5m") Duration window,
    @DefaultValue Bootstrap bootstrap,
    @DefaultValue("false") boolean demo) {

  /** The demo app's identifier. */
  public static final String DEMO_APP_ID = "demo";

  /**
   * The bootstrap app: made at start-up when absent; its configured secret is made active when it
   * is not (which rotates it: the older of two active secrets is revoked).
   *
   * @param id its identifier; none when blank
   * @param name its name
   * @param secret its API secret
   */
  public record Bootstrap(String id, @DefaultValue("bootstrap") String name, String secret) {

    boolean configured() {
      return id != null && !id.isBlank() && secret != null && !secret.isBlank();
    }

    @Override
    public String toString() {
      return "Bootstrap[id=" + id + ", name=" + name + ", secret=***]";
    }
  }

  @Override
  public String toString() {
    return "AppProperties[masterKeyFile="
        + masterKeyFile
        + ", window="
        + window
        + ", bootstrap="
        + bootstrap
        + ", demo="
        + demo
        + "]";
  }
}
