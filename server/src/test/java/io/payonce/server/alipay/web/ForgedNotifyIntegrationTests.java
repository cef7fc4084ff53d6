package io.payonce.server.alipay.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import io.payonce.server.testing.TestNumbers;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A forged notify whose fields do not fit our columns is answered {@code fail} like any other
 * forgery, and its alarm and receipt keep what fits. It used to be a 500: the alarm's out_trade_no
 * overflowed its column. One whose fields carry NUL, CR or LF is refused before it is read.
 */
@PayOnceIntegrationTest
class ForgedNotifyIntegrationTests {

  private static final List<String> FORM =
      List.of("Content-Type: application/x-www-form-urlencoded; charset=utf-8");

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;

  @Test
  void aNotifyWithControlCharactersIsAnsweredFailBeforeAnythingIsStored() {
    RawHttp.Answer answer =
        new RawHttp(port)
            .send("POST", "/pay/alipay/notify", FORM, "out_trade_no=a%00%0D%0Aforged&sign=x");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.body()).isEqualTo("fail");
  }

  @Test
  void aForgedNotifyWithOverlongFieldsIsAnsweredFailAndAlarmedWithWhatFits() {
    String prefix = TestNumbers.orderNo("FORGED");
    String outTradeNo = prefix + "-forged-" + "x".repeat(400);
    Map<String, Long> before = counts();

    RawHttp.Answer answer =
        new RawHttp(port)
            .send(
                "POST",
                "/pay/alipay/notify",
                FORM,
                form(
                    Map.of(
                        "out_trade_no",
                        outTradeNo,
                        "notify_id",
                        "n".repeat(500),
                        "trade_status",
                        "TRADE_SUCCESS",
                        "total_amount",
                        "9".repeat(100),
                        "app_id",
                        "a".repeat(2000),
                        "sign",
                        "forged")));

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("fail");
    String stored =
        jdbc.sql("SELECT out_trade_no FROM alarm WHERE out_trade_no LIKE :prefix")
            .param("prefix", prefix + "%")
            .query(String.class)
            .single();
    assertThat(stored).hasSize(64).startsWith(prefix + "-forged-");
    // Receipts are written in the background, batched.
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(
                        jdbc.sql("SELECT reply FROM notify_receipt WHERE out_trade_no LIKE :prefix")
                            .param("prefix", prefix + "%")
                            .query(String.class)
                            .list())
                    .containsExactly("fail"));
    assertThat(counts()).isEqualTo(before);
  }

  /**
   * The reply is the protocol's exact one whatever the caller accepts: its type as the protocol
   * names it (no charset added), its length, the body, and Spring Security's headers — for Alipay's
   * plain text and WeChat v2's XML alike.
   */
  @Test
  void aCallbacksReplyCarriesItsTypeCharsetAndLengthWhateverTheCallerAccepts() {
    RawHttp.Answer alipay =
        new RawHttp(port)
            .send(
                "POST",
                "/pay/alipay/notify",
                List.of(FORM.get(0), "Accept: application/json"),
                form(Map.of("out_trade_no", TestNumbers.orderNo("HEAD"), "sign", "forged")));
    RawHttp.Answer wechat =
        new RawHttp(port)
            .send(
                "POST",
                "/api/pay/callback/wechat",
                List.of("Content-Type: text/xml", "Accept: application/json"),
                "<xml><return_code>SUCCESS</return_code><sign>forged</sign></xml>");

    assertThat(alipay.status()).isEqualTo(200);
    assertThat(alipay.header("Content-Type")).isEqualTo("text/plain");
    assertThat(alipay.header("Content-Length")).isEqualTo("4");
    assertThat(alipay.body()).isEqualTo("fail");
    assertThat(wechat.status()).isEqualTo(200);
    assertThat(wechat.header("Content-Type")).isEqualTo("text/xml");
    assertThat(wechat.body())
        .isEqualTo(
            "<xml><return_code><![CDATA[FAIL]]></return_code>"
                + "<return_msg><![CDATA[FAIL]]></return_msg></xml>");
    assertThat(wechat.header("Content-Length")).isEqualTo(String.valueOf(wechat.body().length()));
    for (RawHttp.Answer answer : List.of(alipay, wechat)) {
      assertThat(answer.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(answer.header("Cache-Control")).contains("no-store");
      assertThat(answer.header("Transfer-Encoding")).isNull();
    }
  }

  private Map<String, Long> counts() {
    return Map.of(
        "orders", count("orders"),
        "payment", count("payment"),
        "refund", count("refund"),
        "outbox", count("outbox"),
        "notify_dedup", count("notify_dedup"));
  }

  private long count(String table) {
    return jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
  }

  private static String form(Map<String, String> fields) {
    StringBuilder body = new StringBuilder();
    fields.forEach(
        (name, value) ->
            body.append(body.isEmpty() ? "" : "&")
                .append(name)
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
    return body.toString();
  }
}
