package io.payonce.sandbox.wechat.gateway;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an APIv3 handler answers: a JSON object, nothing (204), or raw bytes (bill download).
 *
 * @param json the body object, or null
 * @param raw bytes served as they are, or null
 */
record V3Reply(int status, Map<String, Object> json, byte[] raw) {

  static V3Reply ok(Map<String, Object> json) {
    return new V3Reply(200, json, null);
  }

  static V3Reply noContent() {
    return new V3Reply(204, null, null);
  }

  static V3Reply bytes(byte[] raw) {
    return new V3Reply(200, null, raw);
  }

  static V3Reply error(int status, String code, String message, Map<String, Object> detail) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("code", code);
    body.put("message", message);
    if (detail != null) {
      body.put("detail", detail);
    }
    return new V3Reply(status, body, null);
  }

  boolean success() {
    return status >= 200 && status < 300;
  }

  String code() {
    return success() || json == null ? null : (String) json.get("code");
  }

  String message() {
    return success() || json == null ? null : (String) json.get("message");
  }
}
