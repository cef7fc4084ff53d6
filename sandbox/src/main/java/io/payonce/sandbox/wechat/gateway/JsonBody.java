package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.wechat.WechatTime;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON body of an APIv3 call, with readers that refuse bad values the way WeChat does (400
 * PARAM_ERROR with a {@code detail} naming the field), so no handler has to check them.
 */
final class JsonBody {

  static final Pattern OUT_TRADE_NO = Pattern.compile("[0-9A-Za-z_\\-|*]{6,32}");
  static final Pattern OUT_REFUND_NO = Pattern.compile("[0-9A-Za-z_\\-|*@]{1,64}");

  private final JsonNode node;
  private final String raw;

  private JsonBody(JsonNode node, String raw) {
    this.node = node;
    this.raw = raw;
  }

  static JsonBody parse(String json, JsonMapper mapper) {
    if (json == null || json.isBlank()) {
      throw new V3Failure(400, "PARAM_ERROR", "请求体不能为空");
    }
    try {
      JsonNode node = mapper.readTree(json);
      if (node == null || !node.isObject()) {
        throw new V3Failure(400, "PARAM_ERROR", "请求体必须是 JSON 对象");
      }
      return new JsonBody(node, json);
    } catch (JacksonException e) {
      throw new V3Failure(400, "PARAM_ERROR", "请求体不是合法的 JSON");
    }
  }

  String raw() {
    return raw;
  }

  /** A value at a dotted path ({@code amount.total}) as text, or null when absent or blank. */
  String text(String path) {
    JsonNode value = at(path);
    if (value == null || value.isNull() || !value.isValueNode()) {
      return null;
    }
    String text = value.asString();
    return text.isBlank() ? null : text;
  }

  String required(String path) {
    String value = text(path);
    if (value == null) {
      throw V3Failure.paramError(path, null, "为必填参数");
    }
    return value;
  }

  String requiredMax(String path, int maxChars) {
    String value = required(path);
    if (value.codePointCount(0, value.length()) > maxChars) {
      throw V3Failure.paramError(path, value, "长度不能超过 " + maxChars);
    }
    return value;
  }

  String optionalMax(String path, int maxChars) {
    String value = text(path);
    if (value != null && value.codePointCount(0, value.length()) > maxChars) {
      throw V3Failure.paramError(path, value, "长度不能超过 " + maxChars);
    }
    return value;
  }

  String matching(String path, Pattern pattern) {
    String value = required(path);
    if (!pattern.matcher(value).matches()) {
      throw V3Failure.paramError(path, value, "格式不正确");
    }
    return value;
  }

  /** A positive integer in fen (JSON number), at most {@code max}. */
  long fen(String path, long max) {
    JsonNode value = at(path);
    if (value == null || value.isNull()) {
      throw V3Failure.paramError(path, null, "为必填参数");
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
      throw V3Failure.paramError(path, value.toString(), "必须是整数（单位：分）");
    }
    long fen = value.longValue();
    if (fen < 1 || fen > max) {
      throw V3Failure.paramError(path, fen, "超出范围 [1, " + max + "]");
    }
    return fen;
  }

  /** CNY, the only currency of a domestic merchant; absent means CNY. */
  String currency(String path) {
    String currency = text(path);
    if (currency != null && !currency.equals("CNY")) {
      throw V3Failure.paramError(path, currency, "境内商户仅支持 CNY");
    }
    return "CNY";
  }

  Instant rfc3339(String path) {
    String value = text(path);
    if (value == null) {
      return null;
    }
    try {
      return WechatTime.parseRfc3339(value);
    } catch (DateTimeParseException e) {
      throw V3Failure.paramError(path, value, "格式应为 yyyy-MM-DDTHH:mm:ss+TIMEZONE");
    }
  }

  private JsonNode at(String path) {
    JsonNode current = node;
    for (String part : path.split("\\.")) {
      if (current == null || !current.isObject()) {
        return null;
      }
      current = current.get(part);
    }
    return current;
  }
}
