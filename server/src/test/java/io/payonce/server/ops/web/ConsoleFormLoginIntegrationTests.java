package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.operator.OperatorAction;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.payment.Payments;
import io.payonce.server.refund.Refunds;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The console's sign-in over plain HTTP, as a browser makes it: a page asked for without a session
 * leads to the form, the form's post needs its CSRF token, a session's form posts need theirs, and
 * the language follows Accept-Language until {@code ?lang=} picks one.
 */
@PayOnceIntegrationTest
class ConsoleFormLoginIntegrationTests {

  @LocalServerPort int port;
  @Autowired Refunds refunds;
  @Autowired Payments payments;
  @Autowired OperatorActions actions;
  @Autowired JdbcClient jdbc;
  ConsoleBrowser browser;
  String base;

  @BeforeEach
  void setUp() {
    browser = new ConsoleBrowser();
    base = "http://127.0.0.1:" + port;
  }

  @Test
  void aBrowserWithoutASessionIsSentToTheForm() throws Exception {
    HttpResponse<String> page = get("/ops/payments", "en");

    assertThat(page.statusCode()).isEqualTo(302);
    assertThat(page.headers().firstValue("Location").orElseThrow()).endsWith("/ops/login");
  }

  @Test
  void theSignInPageWritesNoSessionOnlySigningInDoes() throws Exception {
    long before = sessions();

    for (int i = 0; i < 5; i++) {
      new ConsoleBrowser().get(base + "/ops/login", "en");
    }
    long afterPages = sessions();
    post("/ops/login", "username=ops&password=payonce", token(get("/ops/login", "en").body()));

    assertThat(afterPages).isEqualTo(before);
    assertThat(sessions()).isEqualTo(before + 1);
  }

  private long sessions() {
    return jdbc.sql("SELECT COUNT(*) FROM CONSOLE_SESSION").query(Long.class).single();
  }

  @Test
  void signingInNeedsTheFormsCsrfToken() throws Exception {
    HttpResponse<String> withoutToken = post("/ops/login", "username=ops&password=payonce", null);
    String token = token(get("/ops/login", "en").body());
    HttpResponse<String> withToken = post("/ops/login", "username=ops&password=payonce", token);

    assertThat(withoutToken.statusCode()).isEqualTo(403);
    assertThat(withToken.statusCode()).isEqualTo(302);
    assertThat(withToken.headers().firstValue("Location").orElseThrow()).endsWith("/ops");
    assertThat(get("/ops/dashboard", "en").statusCode()).isEqualTo(200);
  }

  @Test
  void aSignedInOperatorsFormPostWithoutTheTokenIsRefused() throws Exception {
    String token = token(get("/ops/login", "en").body());
    post("/ops/login", "username=ops&password=payonce", token);
    String sessionToken = token(get("/ops/alarms", "en").body());

    HttpResponse<String> forged = post("/ops/alarms/987654321/resolve", "resolution=x", null);
    HttpResponse<String> genuine =
        post("/ops/alarms/987654321/resolve", "resolution=x", sessionToken);

    assertThat(forged.statusCode()).isEqualTo(403);
    assertThat(forged.body()).contains("id=\"denied\"");
    // Past the token, the request reaches the controller: there is no such alarm.
    assertThat(genuine.statusCode()).isEqualTo(404);
  }

  @Test
  void thePagesFollowTheBrowsersLanguageUntilOneIsPicked() throws Exception {
    assertThat(get("/ops/login", "zh-CN,zh;q=0.9,en;q=0.5").body()).contains("<h1>登录</h1>");
    assertThat(get("/ops/login", "fr-FR,fr;q=0.9").body()).contains("<h1>Sign in</h1>");

    assertThat(get("/ops/login?lang=en", "zh-CN").body()).contains("<h1>Sign in</h1>");
    assertThat(get("/ops/login", "zh-CN").body())
        .as("the cookie remembers the choice")
        .contains("<h1>Sign in</h1>");
    assertThat(get("/ops/login?lang=xx", "zh-CN").body()).contains("<h1>Sign in</h1>");
  }

  @Test
  void aRefundFormSubmittedTwiceRefundsOnceAndTooMuchIsRefusedAndRecorded() throws Exception {
    var paid = ConsoleSession.paidPayment(new PayOnceHttp(port), "9.00");
    String token = token(get("/ops/login", "en").body());
    post("/ops/login", "username=ops&password=payonce", token);
    String page = get("/ops/payments/" + paid.outTradeNo(), "en").body();
    String sessionToken = token(page);
    Matcher number =
        Pattern.compile("name=\"outRequestNo\" value=\"([A-Za-z0-9_]+)\"").matcher(page);
    assertThat(number.find()).isTrue();
    String refund = "/ops/payments/" + paid.outTradeNo() + "/refund";
    String form = "amount=3.00&outRequestNo=" + number.group(1);

    // As a browser does, each post's redirect is followed (it shows, and uses up, the message).
    String first = postAndFollow(refund, form, sessionToken);
    String again = postAndFollow(refund, form, sessionToken);
    String tooMuch = postAndFollow(refund, "amount=7.00&outRequestNo=OPSTOOMUCH1", sessionToken);

    assertThat(List.of(first, again)).allSatisfy(shown -> assertThat(shown).contains("Refunded."));
    assertThat(tooMuch).contains("id=\"refused\"", "That is more than is left to refund.");
    assertThat(
            refunds.ofPayment(payments.findByOutTradeNo(paid.outTradeNo()).orElseThrow().payId()))
        .singleElement()
        .satisfies(r -> assertThat(r.amountMinor()).isEqualTo(300));
    assertThat(actions.ofPayment(paid.outTradeNo()))
        .extracting(a -> a.outcome() + " " + a.after())
        .containsExactly(
            "DONE refund " + number.group(1) + " 3.00 → SUCCESS · order PARTIALLY_REFUNDED",
            "DONE refund " + number.group(1) + " 3.00 → SUCCESS · order PARTIALLY_REFUNDED",
            "FAILED refused: refund-exceeds-payment");
    assertThat(actions.ofPayment(paid.outTradeNo()))
        .extracting(a -> a.target())
        .containsExactly(
            "order "
                + TestApps.APP_ID
                + "/"
                + paid.orderNo()
                + " refund "
                + number.group(1)
                + " of 3.00",
            "order "
                + TestApps.APP_ID
                + "/"
                + paid.orderNo()
                + " refund "
                + number.group(1)
                + " of 3.00",
            "order " + TestApps.APP_ID + "/" + paid.orderNo() + " refund OPSTOOMUCH1 of 7.00");
  }

  @Test
  void aRefundTheChannelRefusesIsShownAsRefusedAndRecordedAsFailed() throws Exception {
    PayOnceHttp http = new PayOnceHttp(port);
    var paid = ConsoleSession.paidPayment(http, "8.00");
    String token = token(get("/ops/login", "en").body());
    post("/ops/login", "username=ops&password=payonce", token);
    String sessionToken = token(get("/ops/payments/" + paid.outTradeNo(), "en").body());
    http.chaos(java.util.Map.of("refundRefusalRate", 1.0));
    String shown;
    try {
      shown =
          postAndFollow(
              "/ops/payments/" + paid.outTradeNo() + "/refund",
              "amount=4.00&outRequestNo=OPSREFUSED1",
              sessionToken);
    } finally {
      http.calm();
    }

    assertThat(shown).contains("id=\"refused\"", "The channel refused the refund.");
    assertThat(actions.ofPayment(paid.outTradeNo()))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.outcome()).isEqualTo(OperatorAction.Outcome.FAILED);
              assertThat(a.after())
                  .startsWith("refused: the channel: ")
                  .contains("refund OPSREFUSED1 4.00 → FAIL · order PAID")
                  .doesNotContain("Exception");
            });
  }

  private String postAndFollow(String path, String form, String token) throws Exception {
    HttpResponse<String> posted = post(path, form, token);
    assertThat(posted.statusCode()).isEqualTo(302);
    return get(posted.headers().firstValue("Location").orElseThrow(), "en").body();
  }

  private static String token(String page) {
    return ConsoleBrowser.token(page);
  }

  private HttpResponse<String> get(String path, String language) throws Exception {
    return browser.get(path.startsWith("http") ? path : base + path, language);
  }

  private HttpResponse<String> post(String path, String form, String token) throws Exception {
    return browser.post(base + path, form, token);
  }
}
