package io.payonce.server.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/pay/callback/wechat}, WeChat Pay's APIv2 XML payment notify: signed with the
 * merchant's v2 key (MD5, as WeChat does by default), deduplicated by transaction_id in the
 * transaction that moves the payment — also against the APIv3 notify of the same payment — and
 * answered with WeChat's XML, FAIL for anything it cannot take, never a 500. On each database
 * through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class WechatXmlNotifyIntegrationTests {

  private static final String PATH = "/api/pay/callback/wechat";
  private static final Duration SETTLES = Duration.ofSeconds(30);

  @LocalServerPort int port;
  @Autowired WechatClientProvider provider;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    http.calm();
  }

  @Test
  void aGenuineXmlNotifyPaysTheOrderAndIsAcknowledged() {
    Issued issued = issue("11.00");

    Answer answer = post(signed(fields(issued, WechatNotifies.transactionId(), 1100)));

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo(WechatV2Notifies.SUCCESS);
    assertThat(http.orderStatus(issued.orderNo())).isEqualTo("PAID");
  }

  @Test
  void tenConcurrentCopiesMakeOneTransitionAndAreAllAcknowledged() throws Exception {
    Issued issued = issue("11.00");
    String xml = signed(fields(issued, WechatNotifies.transactionId(), 1100));

    List<Answer> answers = Concurrently.run(10, i -> post(xml));

    assertThat(answers).extracting(Answer::body).containsOnly(WechatV2Notifies.SUCCESS);
    assertThat(transitionsTo(http.payment(issued.outTradeNo()).json(), "SUCCESS")).isEqualTo(1);
    assertThat(http.orderStatus(issued.orderNo())).isEqualTo("PAID");
  }

  @Test
  void theXmlAndTheJsonNotifyOfOnePaymentAreOneFact() {
    Issued issued = issue("12.00");

    http.walletPay(issued.qrCode());

    await()
        .atMost(SETTLES)
        .until(() -> http.payment(issued.outTradeNo()).json().path("notifies").size() >= 2);
    JsonNode payment = http.payment(issued.outTradeNo()).json();
    assertThat(payment.path("notifies").valueStream().map(n -> n.path("reply").asString()))
        .contains("204", "SUCCESS")
        .containsOnly("204", "SUCCESS");
    assertThat(transitionsTo(payment, "SUCCESS")).isEqualTo(1);
  }

  @Test
  void aForgedSignChangesNothing() {
    Issued issued = issue("11.00");
    Map<String, String> fields = fields(issued, WechatNotifies.transactionId(), 1100);
    fields.put("sign", "0".repeat(32));

    Answer answer = post(xml(fields));

    assertThat(answer.body()).isEqualTo(WechatV2Notifies.FAIL);
    assertThat(http.payment(issued.outTradeNo()).text("status")).isEqualTo("PRECREATED");
  }

  @Test
  void anotherAmountChangesNothing() {
    Issued issued = issue("11.00");

    Answer answer = post(signed(fields(issued, WechatNotifies.transactionId(), 1)));

    assertThat(answer.body()).isEqualTo(WechatV2Notifies.FAIL);
    assertThat(http.payment(issued.outTradeNo()).text("status")).isEqualTo("PRECREATED");
    await()
        .atMost(SETTLES)
        .until(() -> http.payment(issued.outTradeNo()).json().path("alarms").size() >= 1);
    assertThat(
            http.payment(issued.outTradeNo()).json().path("alarms").get(0).path("type").asString())
        .isEqualTo("AMOUNT_MISMATCH");
  }

  @Test
  void anotherMerchantChangesNothing() {
    Issued issued = issue("11.00");
    Map<String, String> fields = fields(issued, WechatNotifies.transactionId(), 1100);
    fields.put("mch_id", "1900000099");

    Answer answer = post(signed(fields));

    assertThat(answer.body()).isEqualTo(WechatV2Notifies.FAIL);
    assertThat(http.payment(issued.outTradeNo()).text("status")).isEqualTo("PRECREATED");
  }

  @Test
  void badInputGetsTheFailReplyNeverA500() {
    List<String> bodies =
        List.of(
            "",
            "not xml",
            "<xml><return_code>SUCCESS</return_code></xml>",
            "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + "<xml><out_trade_no>&e;</out_trade_no></xml>",
            "{\"return_code\":\"SUCCESS\"}",
            "<xml><return_code>SUCCESS</return_code><sign>ABC</sign><total_fee>x</total_fee></xml>",
            "<xml>" + "<a>".repeat(2000) + "</xml>");

    for (String body : bodies) {
      Answer answer = post(body);
      assertThat(answer.status()).as(body).isLessThan(500);
      assertThat(answer.body()).as(body).isEqualTo(WechatV2Notifies.FAIL);
    }
  }

  private record Issued(String orderNo, String outTradeNo, String qrCode) {}

  private Issued issue(String amount) {
    String orderNo = http.createOrder(amount);
    Answer qr = http.wechatPrecreate(orderNo);
    assertThat(qr.status()).isEqualTo(200);
    return new Issued(orderNo, qr.text("outTradeNo"), qr.text("qrCode"));
  }

  /** The fields of WeChat's v2 payment notify, those WxJava models. */
  private Map<String, String> fields(Issued issued, String transactionId, long fen) {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("return_code", "SUCCESS");
    f.put("return_msg", "OK");
    f.put("appid", provider.appid());
    f.put("mch_id", provider.mchid());
    f.put("nonce_str", "5K8264ILTKCH16CQ2502SI8ZNMTM67VS");
    f.put("result_code", "SUCCESS");
    f.put("openid", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o");
    f.put("is_subscribe", "N");
    f.put("trade_type", "NATIVE");
    f.put("bank_type", "OTHERS");
    f.put("total_fee", Long.toString(fen));
    f.put("fee_type", "CNY");
    f.put("cash_fee", Long.toString(fen));
    f.put("transaction_id", transactionId);
    f.put("out_trade_no", issued.outTradeNo());
    f.put("time_end", "20261130120000");
    return f;
  }

  /** MD5 over the sorted non-empty fields and {@code &key=}, upper-case hex (WeChat's v2 sign). */
  private String signed(Map<String, String> fields) {
    StringBuilder text = new StringBuilder();
    new TreeMap<>(fields)
        .forEach(
            (k, v) -> {
              if (!k.equals("sign") && v != null && !v.isEmpty()) {
                text.append(k).append('=').append(v).append('&');
              }
            });
    text.append("key=").append(provider.clients().keys().v2Key());
    try {
      byte[] md5 =
          MessageDigest.getInstance("MD5").digest(text.toString().getBytes(StandardCharsets.UTF_8));
      fields.put("sign", HexFormat.of().withUpperCase().formatHex(md5));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    return xml(fields);
  }

  private static String xml(Map<String, String> fields) {
    StringBuilder xml = new StringBuilder("<xml>");
    fields.forEach(
        (k, v) ->
            xml.append('<')
                .append(k)
                .append("><![CDATA[")
                .append(v)
                .append("]]></")
                .append(k)
                .append('>'));
    return xml.append("</xml>").toString();
  }

  private Answer post(String body) {
    return http.postRaw(PATH, Map.of("Content-Type", "text/xml; charset=utf-8"), body);
  }

  private static long transitionsTo(JsonNode payment, String status) {
    return payment
        .path("journal")
        .valueStream()
        .filter(j -> status.equals(j.path("toStatus").asString()))
        .count();
  }
}
