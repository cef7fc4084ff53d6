package io.payonce.server.app;

/** No app with that id. */
public class AppNotFoundException extends RuntimeException {

  public AppNotFoundException(String appId) {
    super("no app " + appId);
  }
}
