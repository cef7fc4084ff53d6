package io.payonce.server.app;

/**
 * An app's identifier with one of its API secrets in the clear: handed out once, when made.
 *
 * @param appId the app
 * @param secret the HMAC key of its requests
 */
public record AppCredentials(String appId, String secret) {

  @Override
  public String toString() {
    return "AppCredentials[appId=" + appId + ", secret=***]";
  }
}
