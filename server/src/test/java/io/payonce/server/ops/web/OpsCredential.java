package io.payonce.server.ops.web;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/** The operator's credential of application-test.yml, as the tests send it. */
final class OpsCredential {

  static final String USER = "ops";
  static final String PASSWORD = "payonce";

  private OpsCredential() {}

  /** An Authorization header for HTTP Basic. */
  static Map<String, String> basic(String user, String password) {
    String token =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return Map.of("Authorization", "Basic " + token);
  }

  static Map<String, String> operator() {
    return basic(USER, PASSWORD);
  }
}
