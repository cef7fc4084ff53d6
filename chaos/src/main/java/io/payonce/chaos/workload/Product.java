package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The products a buyer pays with in the workload: each one's route ({@code POST
 * /pay/{channel}/{verb}}), what its 200 must carry for the buyer to pay, and how the buyer pays it
 * through the sandbox.
 */
enum Product {
  ALIPAY_QR("alipay", "precreate"),
  WECHAT_QR("wechat", "precreate"),
  ALIPAY_WEB("alipay", "web"),
  ALIPAY_WAP("alipay", "mobile-web"),
  ALIPAY_APP("alipay", "app"),
  WECHAT_JSAPI("wechat", "jsapi"),
  WECHAT_MINI_PROGRAM("wechat", "mini-program"),
  WECHAT_APP("wechat", "app"),
  WECHAT_H5("wechat", "mobile-web");

  /** Every product a buyer pays by a hand-off: the online ones and both QR codes. */
  static final List<Product> ALL = List.of(values());

  final String channel;
  final String verb;

  Product(String channel, String verb) {
    this.channel = channel;
    this.verb = verb;
  }

  String path() {
    return "/pay/" + channel + "/" + verb;
  }

  boolean qr() {
    return verb.equals("precreate");
  }

  /** Whether the payment names its buyer (an openid, {@code buyer.channelUserId}). */
  boolean bridges() {
    return this == WECHAT_JSAPI || this == WECHAT_MINI_PROGRAM;
  }

  /** Whether the buyer opens a page in a browser (a redirect), which they may open twice. */
  boolean page() {
    return this == ALIPAY_WEB || this == ALIPAY_WAP || this == WECHAT_H5;
  }

  /** What the buyer pays with from a 200 answer (a code, an order string, parameters), or null. */
  Object payable(Reply reply) {
    if (reply.status() != 200 || reply.json() == null) {
      return null;
    }
    JsonNode answer = reply.json();
    JsonNode handoff = answer.path("handoff");
    return switch (this) {
      case ALIPAY_QR, WECHAT_QR -> text(answer.path("qrCode"));
      case ALIPAY_WEB, ALIPAY_WAP, WECHAT_H5 -> text(handoff.path("url"));
      case ALIPAY_APP -> text(handoff.path("encoded"));
      case WECHAT_APP ->
          text(handoff.path("fields").path("prepayid")) == null ? null : handoff.path("fields");
      case WECHAT_JSAPI, WECHAT_MINI_PROGRAM ->
          text(handoff.path("params").path("package")) == null ? null : handoff.path("params");
    };
  }

  private static String text(JsonNode node) {
    String value = node.isMissingNode() || node.isNull() ? null : node.asString();
    return value == null || value.isBlank() ? null : value;
  }
}
