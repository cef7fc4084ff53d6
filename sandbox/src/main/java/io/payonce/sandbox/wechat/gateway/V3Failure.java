package io.payonce.sandbox.wechat.gateway;

import java.util.Map;

/**
 * An APIv3 refusal before or outside the ledger: the HTTP status and {@code {"code","message",
 * "detail"}} WeChat answers with.
 */
final class V3Failure extends RuntimeException {

  private final int status;
  private final String code;
  private final Map<String, Object> detail;

  V3Failure(int status, String code, String message) {
    this(status, code, message, null);
  }

  V3Failure(int status, String code, String message, Map<String, Object> detail) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }

  static V3Failure signError(String message) {
    return new V3Failure(401, "SIGN_ERROR", message);
  }

  static V3Failure paramError(String field, Object value, String issue) {
    Map<String, Object> detail = new java.util.LinkedHashMap<>();
    detail.put("field", field);
    detail.put("value", value);
    detail.put("issue", issue);
    detail.put("location", "body");
    return new V3Failure(400, "PARAM_ERROR", "参数错误: " + field + " " + issue, detail);
  }

  int status() {
    return status;
  }

  String code() {
    return code;
  }

  Map<String, Object> detail() {
    return detail;
  }
}
