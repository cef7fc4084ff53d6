package io.payonce.server.app;

/**
 * A merchant app, without its secrets.
 *
 * @param appId the app's identifier, sent as {@code PayOnce-App-Id}
 * @param name a name for people
 * @param status whether its requests are served
 * @param webhookUrl where its events are posted; null when none
 */
public record MerchantApp(String appId, String name, AppStatus status, String webhookUrl) {

  public boolean active() {
    return status == AppStatus.ACTIVE;
  }
}
