package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.alipay.ledger.Refusal;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code biz_content} JSON of a call, with readers that refuse bad values the way Alipay does
 * (40004 ACQ.INVALID_PARAMETER), so no handler has to check them.
 */
final class BizContent {

  private static final Pattern AMOUNT = Pattern.compile("\\d{1,9}(\\.\\d{1,2})?");
  private static final Pattern OUT_NO = Pattern.compile("[A-Za-z0-9_]{1,64}");
  private static final Pattern RELATIVE = Pattern.compile("(\\d{1,5})([mhd])|1c");
  private static final BigDecimal MAX_AMOUNT = new BigDecimal("100000000");

  private final JsonNode node;
  private final String raw;

  private BizContent(JsonNode node, String raw) {
    this.node = node;
    this.raw = raw;
  }

  static BizContent parse(String json, JsonMapper mapper) {
    if (json == null || json.isBlank()) {
      throw invalid("缺少必选参数 biz_content");
    }
    try {
      JsonNode node = mapper.readTree(json);
      if (node == null || !node.isObject()) {
        throw invalid("biz_content 必须是 JSON 对象");
      }
      return new BizContent(node, json);
    } catch (JacksonException e) {
      throw invalid("biz_content 不是合法的 JSON");
    }
  }

  String raw() {
    return raw;
  }

  /** A present, non-blank value as text (objects and arrays as their JSON), or null. */
  String text(String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      return null;
    }
    String text = value.isValueNode() ? value.asString() : value.toString();
    return text.isBlank() ? null : text;
  }

  String required(String name) {
    String value = text(name);
    if (value == null) {
      throw invalid("缺少必选参数 " + name);
    }
    return value;
  }

  /** out_trade_no, out_request_no and the like: letters, digits and '_', at most 64. */
  String outNo(String name) {
    String value = required(name);
    return checkedOutNo(name, value);
  }

  static String checkedOutNo(String name, String value) {
    if (!OUT_NO.matcher(value).matches()) {
      throw invalid(name + " 只能是 64 位以内的字母、数字和下划线");
    }
    return value;
  }

  /** A yuan amount from 0.01 to 100000000 with at most two decimals, at scale 2. */
  BigDecimal amount(String name) {
    String value = required(name);
    if (!AMOUNT.matcher(value).matches()) {
      throw invalid(name + " 金额格式不正确");
    }
    BigDecimal amount = new BigDecimal(value).setScale(2);
    if (amount.signum() <= 0 || amount.compareTo(MAX_AMOUNT) > 0) {
      throw invalid(name + " 金额超出范围 [0.01, 100000000]");
    }
    return amount;
  }

  Instant time(String name) {
    String value = text(name);
    if (value == null) {
      return null;
    }
    try {
      return AlipayTime.parse(value);
    } catch (DateTimeParseException e) {
      throw invalid(name + " 格式应为 yyyy-MM-dd HH:mm:ss");
    }
  }

  /** {@code 90m}, {@code 2h}, {@code 15d} ({@code 1c}, "until midnight", is read as one day). */
  Duration relative(String name) {
    String value = text(name);
    if (value == null) {
      return null;
    }
    var matcher = RELATIVE.matcher(value);
    if (!matcher.matches()) {
      throw invalid(name + " 格式应为 1m~15d");
    }
    if (value.equals("1c")) {
      return Duration.ofDays(1);
    }
    long amount = Long.parseLong(matcher.group(1));
    Duration duration =
        switch (matcher.group(2)) {
          case "m" -> Duration.ofMinutes(amount);
          case "h" -> Duration.ofHours(amount);
          default -> Duration.ofDays(amount);
        };
    if (duration.isZero() || duration.compareTo(Duration.ofDays(15)) > 0) {
      throw invalid(name + " 应在 1m~15d 之间");
    }
    return duration;
  }

  List<String> strings(String name) {
    List<String> values = new ArrayList<>();
    JsonNode value = node.get(name);
    if (value != null && value.isArray()) {
      value.forEach(item -> values.add(item.asString()));
    }
    return values;
  }

  static TradeRefused invalid(String detail) {
    return new TradeRefused(Refusal.INVALID_PARAMETER, detail);
  }
}
