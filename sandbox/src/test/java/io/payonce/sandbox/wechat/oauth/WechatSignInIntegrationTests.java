package io.payonce.sandbox.wechat.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.wechat.pay.java.service.payments.jsapi.JsapiServiceExtension;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayWithRequestPaymentResponse;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.JsonNode;

/**
 * An official account's page learns who the buyer is through WeChat's web sign-in: the browser is
 * sent back with a one-time code, which the account's AppSecret turns into the buyer's openid; the
 * JS bridge then pays as that buyer.
 */
@SandboxIntegrationTest
class WechatSignInIntegrationTests extends WechatSandboxTestSupport {

  private static final String SECRET = "sandbox-app-secret-0123456789abcdef";
  private static final String BACK = "https://shop.example/cashier/t1/signed-in?x=1";

  private final HttpClient browser =
      HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  @BeforeEach
  void registerTheAccount() {
    Map<String, Object> registration = new LinkedHashMap<>();
    registration.put("mchid", MCHID);
    registration.put("appid", APPID);
    registration.put(
        "publicKey",
        java.util.Base64.getEncoder().encodeToString(MERCHANT_KEYS.getPublic().getEncoded()));
    registration.put("serialNo", SERIAL);
    registration.put("apiV3Key", API_V3_KEY);
    registration.put("v2Key", V2_KEY);
    registration.put("appSecret", SECRET);
    JsonNode registered = postJson("/sandbox/wechat/merchants", registration);
    assertThat(registered.get("signIn").asBoolean()).isTrue();
    assertThat(registered.toString()).doesNotContain(SECRET);
  }

  @Test
  void theBrowserComesBackWithACodeThatTellsTheBuyersOpenidOnce() throws Exception {
    HttpResponse<String> signIn = authorize(APPID, BACK, "snsapi_base", "s-1", "alice");

    assertThat(signIn.statusCode()).isEqualTo(302);
    URI back = URI.create(signIn.headers().firstValue("Location").orElseThrow());
    assertThat(back.toString()).startsWith(BACK + "&code=");
    Map<String, String> query =
        UriComponentsBuilder.fromUri(back).build().getQueryParams().toSingleValueMap();
    assertThat(query).containsEntry("state", "s-1").containsEntry("x", "1");
    JsonNode token = exchange(APPID, SECRET, query.get("code"));
    assertThat(token.get("openid").asString())
        .isEqualTo(OfficialAccounts.openid(APPID, "alice"))
        .hasSize(28)
        .startsWith("o")
        .isNotEqualTo(OfficialAccounts.openid("wxOtherAccount", "alice"))
        .isNotEqualTo(OfficialAccounts.openid(APPID, "bob"));
    assertThat(token.get("scope").asString()).isEqualTo("snsapi_base");
    assertThat(exchange(APPID, SECRET, query.get("code")).get("errcode").asInt()).isEqualTo(40029);
  }

  @Test
  void aWrongSecretAnExpiredCodeAndABadRequestAreRefusedAsWechatRefusesThem() throws Exception {
    String code = code(authorize(APPID, BACK, "snsapi_base", "s", null));
    String late = code(authorize(APPID, BACK, "snsapi_base", "s", null));

    JsonNode wrongSecret = exchange(APPID, "not-the-secret", code);
    JsonNode unknownAccount = exchange("wxUnknownAccount", SECRET, code);
    JsonNode stillGood = exchange(APPID, SECRET, code);
    moveClock("PT6M");
    JsonNode expired = exchange(APPID, SECRET, late);

    assertThat(wrongSecret.get("errcode").asInt()).isEqualTo(40125);
    assertThat(unknownAccount.get("errcode").asInt()).isEqualTo(40013);
    assertThat(stillGood.get("openid").asString()).isNotBlank();
    assertThat(expired.get("errcode").asInt()).isEqualTo(40029);
    assertThat(authorize("wxUnknownAccount", BACK, "snsapi_base", "s", null).statusCode())
        .isEqualTo(400);
    assertThat(authorize(APPID, "javascript:alert(1)", "snsapi_base", "s", null).statusCode())
        .isEqualTo(400);
    assertThat(authorize(APPID, BACK, "snsapi_everything", "s", null).statusCode()).isEqualTo(400);
  }

  @Test
  void theBridgePaysAsTheSignedInBuyerWhenThePageNamesNone() throws Exception {
    String openid =
        exchange(APPID, SECRET, code(authorize(APPID, BACK, "snsapi_base", "s", "carol")))
            .get("openid")
            .asString();
    String outTradeNo = outTradeNo();
    Map<String, Object> params = bridgeParams(prepay(outTradeNo, openid));

    ResponseEntity<JsonNode> someoneElse = bridgePay(params, "dave");
    ResponseEntity<JsonNode> paid = bridgePay(params, "carol");

    assertThat(someoneElse.getStatusCode().value()).isEqualTo(403);
    assertThat(paid.getStatusCode().value()).isEqualTo(200);
    assertThat(query(outTradeNo).getPayer().getOpenid()).isEqualTo(openid);
  }

  private HttpResponse<String> authorize(
      String appid, String redirectUri, String scope, String state, String user) throws Exception {
    String uri =
        "http://127.0.0.1:"
            + port
            + "/sandbox/wechat/connect/oauth2/authorize?appid="
            + appid
            + "&redirect_uri="
            + URLEncoder.encode(redirectUri, StandardCharsets.UTF_8)
            + "&response_type=code&scope="
            + scope
            + "&state="
            + state;
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri)).GET();
    if (user != null) {
      request.header("Cookie", "sandbox_wechat_user=" + user);
    }
    return browser.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String code(HttpResponse<String> signIn) {
    URI back = URI.create(signIn.headers().firstValue("Location").orElseThrow());
    return UriComponentsBuilder.fromUri(back).build().getQueryParams().getFirst("code");
  }

  private JsonNode exchange(String appid, String secret, String code) {
    return get(
        "/sandbox/wechat/sns/oauth2/access_token?appid="
            + appid
            + "&secret="
            + secret
            + "&code="
            + code
            + "&grant_type=authorization_code");
  }

  private PrepayWithRequestPaymentResponse prepay(String outTradeNo, String openid) {
    return new JsapiServiceExtension.Builder()
        .config(config)
        .httpClient(httpClient(10_000))
        .build()
        .prepayWithRequestPayment(jsapiRequest(outTradeNo, 30, openid));
  }

  private ResponseEntity<JsonNode> bridgePay(Map<String, Object> params, String user) {
    return http.post()
        .uri("/sandbox/wechat/bridge/pay")
        .contentType(MediaType.APPLICATION_JSON)
        .header("Cookie", "sandbox_wechat_user=" + user)
        .body(params)
        .retrieve()
        .onStatus(status -> true, (request, response) -> {})
        .toEntity(JsonNode.class);
  }
}
