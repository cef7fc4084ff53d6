package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.wechat.ledger.Refusal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The business part of an APIv2 answer: result_code, err_code, err_code_des and the fields (null
 * values left out). return_code, appid, mch_id, nonce_str and sign are added by the gateway.
 */
record V2Reply(String resultCode, String errCode, String errCodeDes, Map<String, String> fields) {

  static V2Reply success(Map<String, String> fields) {
    return new V2Reply("SUCCESS", null, null, fields);
  }

  static V2Reply fail(String errCode, String errCodeDes, Map<String, String> fields) {
    return new V2Reply("FAIL", errCode, errCodeDes, fields);
  }

  static V2Reply refused(Refusal refusal, String detail) {
    return fail(refusal.v2Code(), detail, Map.of());
  }

  V2Reply with(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(fields);
    more.put(name, value);
    return new V2Reply(resultCode, errCode, errCodeDes, more);
  }
}
