package io.payonce.server.app;

import java.util.List;

/**
 * An app with its active API secrets in the clear, newest first: what a signed request is checked
 * against. Its string form names the app and how many secrets it has, never their values.
 */
public record SigningApp(MerchantApp app, List<String> secrets) {

  @Override
  public String toString() {
    return "SigningApp[" + app.appId() + ", " + secrets.size() + " active secrets]";
  }
}
