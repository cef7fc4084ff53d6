package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.Refusal;
import java.util.LinkedHashMap;
import java.util.Map;

/** The inner object of a gateway response: code, msg, sub_code, sub_msg, then the fields. */
record AlipayReply(String code, String msg, String subCode, String subMsg, Map<String, ?> fields) {

  static AlipayReply success(Map<String, ?> fields) {
    return new AlipayReply("10000", "Success", null, null, fields);
  }

  /**
   * Barcode pay accepted, the buyer must still confirm: no sub_code, so the SDK calls it success.
   */
  static AlipayReply waitingForBuyer(Map<String, ?> fields) {
    return new AlipayReply("10003", "等待用户付款", null, null, fields);
  }

  static AlipayReply refused(Refusal refusal, String detail, Map<String, ?> fields) {
    return new AlipayReply("40004", "Business Failed", refusal.subCode(), detail, fields);
  }

  static AlipayReply missing(String subCode, String subMsg) {
    return new AlipayReply("40001", "Missing Required Arguments", subCode, subMsg, Map.of());
  }

  static AlipayReply invalid(String subCode, String subMsg) {
    return new AlipayReply("40002", "Invalid Arguments", subCode, subMsg, Map.of());
  }

  static AlipayReply business(String subCode, String subMsg) {
    return new AlipayReply("40004", "Business Failed", subCode, subMsg, Map.of());
  }

  static AlipayReply unknownOutcome(boolean asSystemError) {
    return asSystemError
        ? business("ACQ.SYSTEM_ERROR", "系统错误")
        : new AlipayReply(
            "20000", "Service Currently Unavailable", "isp.unknow-error", "系统繁忙", Map.of());
  }

  Map<String, Object> inner() {
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("code", code);
    inner.put("msg", msg);
    if (subCode != null) {
      inner.put("sub_code", subCode);
      inner.put("sub_msg", subMsg);
    }
    fields.forEach(
        (name, value) -> {
          if (value != null) {
            inner.put(name, value);
          }
        });
    return inner;
  }
}
