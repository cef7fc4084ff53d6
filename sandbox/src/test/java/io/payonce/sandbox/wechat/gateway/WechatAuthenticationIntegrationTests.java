package io.payonce.sandbox.wechat.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.keys.RsaKeys;
import io.payonce.sandbox.wechat.WechatSandbox;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The WECHATPAY2-SHA256-RSA2048 check, with requests signed by hand to show each way of getting it
 * wrong; the happy path is everything the SDK tests do.
 */
@SandboxIntegrationTest
class WechatAuthenticationIntegrationTests extends WechatSandboxTestSupport {

  private static final KeyPair STRANGER = RsaKeys.generate();

  private String path(String outTradeNo) {
    return "/v3/pay/transactions/out-trade-no/" + outTradeNo + "?mchid=" + MCHID;
  }

  private static long now() {
    return Instant.now().getEpochSecond();
  }

  @Test
  void aRequestSignedOverTheApiPathOrTheFullSandboxPathIsAcceptedAndItsAnswerVerifies() {
    String outTradeNo = outTradeNo();
    prepay(outTradeNo, 1);
    String path = path(outTradeNo);

    HttpResponse<String> overApiPath =
        rawV3("GET", path, null, authorization("GET", path, "", now(), SERIAL, MERCHANT_KEYS));
    HttpResponse<String> overFullPath =
        rawV3(
            "GET",
            path,
            null,
            authorization("GET", WechatSandbox.BASE_PATH + path, "", now(), SERIAL, MERCHANT_KEYS));

    for (HttpResponse<String> response : new HttpResponse[] {overApiPath, overFullPath}) {
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).contains("\"trade_state\":\"NOTPAY\"");
      String message =
          response.headers().firstValue("Wechatpay-Timestamp").orElseThrow()
              + "\n"
              + response.headers().firstValue("Wechatpay-Nonce").orElseThrow()
              + "\n"
              + response.body()
              + "\n";
      assertThat(
              RsaKeys.verify(
                  message,
                  StandardCharsets.UTF_8,
                  response.headers().firstValue("Wechatpay-Signature").orElseThrow(),
                  RsaKeys.publicKey(sandbox.publicKeyBase64())))
          .isTrue();
      assertThat(response.headers().firstValue("Wechatpay-Serial")).contains(sandbox.publicKeyId());
    }
  }

  @Test
  void aMissingOrMalformedAuthorizationIs401SignError() {
    String path = path("X" + outTradeNo());
    String good = authorization("GET", path, "", now(), SERIAL, MERCHANT_KEYS);

    for (String bad :
        new String[] {
          null,
          "",
          good.replace("WECHATPAY2-SHA256-RSA2048", "WECHATPAY2-SHA256-RSA1024"),
          good.replaceAll("nonce_str=\"[^\"]*\",", ""),
          "Bearer abc"
        }) {
      HttpResponse<String> response = rawV3("GET", path, null, bad);
      assertThat(response.statusCode()).as("Authorization %s", bad).isEqualTo(401);
      assertThat(response.body()).contains("\"code\":\"SIGN_ERROR\"");
    }
  }

  @Test
  void aSignatureByAnotherKeyOverAnotherBodyOrPathIs401SignErrorWithTheExpectedMessage() {
    String outTradeNo = outTradeNo();
    String body = "{\"mchid\":\"" + MCHID + "\"}";
    String closePath = "/v3/pay/transactions/out-trade-no/" + outTradeNo + "/close";

    HttpResponse<String> stranger =
        rawV3(
            "POST",
            closePath,
            body,
            authorization("POST", closePath, body, now(), SERIAL, STRANGER));
    HttpResponse<String> otherBody =
        rawV3(
            "POST",
            closePath,
            body,
            authorization("POST", closePath, "{}", now(), SERIAL, MERCHANT_KEYS));
    HttpResponse<String> otherPath =
        rawV3(
            "POST",
            closePath,
            body,
            authorization("POST", closePath + "x", body, now(), SERIAL, MERCHANT_KEYS));

    for (HttpResponse<String> response : new HttpResponse[] {stranger, otherBody, otherPath}) {
      assertThat(response.statusCode()).isEqualTo(401);
      assertThat(response.body())
          .contains("\"code\":\"SIGN_ERROR\"")
          .contains("sign_information")
          .contains(closePath);
    }
  }

  @Test
  void aStaleOrFutureTimestampIs401() {
    String path = path("X" + outTradeNo());
    // 30 s beyond the 5-minute tolerance: a loaded machine may take a second or more to answer.
    for (long skew : new long[] {-330, 330}) {
      HttpResponse<String> response =
          rawV3(
              "GET",
              path,
              null,
              authorization("GET", path, "", now() + skew, SERIAL, MERCHANT_KEYS));
      assertThat(response.statusCode()).as("skew %d s", skew).isEqualTo(401);
      assertThat(response.body()).contains("SIGN_ERROR").contains("timestamp");
    }
    HttpResponse<String> withinTolerance =
        rawV3(
            "GET", path, null, authorization("GET", path, "", now() - 200, SERIAL, MERCHANT_KEYS));
    assertThat(withinTolerance.statusCode()).isEqualTo(404);
  }

  @Test
  void anotherCertificateSerialIs401AndAnUnknownMerchantIs400MchNotExists() {
    String path = path("X" + outTradeNo());

    HttpResponse<String> wrongSerial =
        rawV3("GET", path, null, authorization("GET", path, "", now(), "ABCDEF", MERCHANT_KEYS));
    HttpResponse<String> unknownMerchant =
        rawV3(
            "GET",
            path,
            null,
            authorization("GET", path, "", now(), SERIAL, MERCHANT_KEYS)
                .replace("mchid=\"" + MCHID + "\"", "mchid=\"1999999999\""));

    assertThat(wrongSerial.statusCode()).isEqualTo(401);
    assertThat(wrongSerial.body()).contains("SIGN_ERROR");
    assertThat(unknownMerchant.statusCode()).isEqualTo(400);
    assertThat(unknownMerchant.body()).contains("MCH_NOT_EXISTS");
  }

  @Test
  void anotherMerchantsMchidInTheQueryOrBodyIs400AndAnUnknownPathIs404() {
    String path = "/v3/pay/transactions/out-trade-no/X1?mchid=1999999999";
    HttpResponse<String> otherQuery =
        rawV3("GET", path, null, authorization("GET", path, "", now(), SERIAL, MERCHANT_KEYS));
    HttpResponse<String> unknown =
        rawV3(
            "GET",
            "/v3/nothing",
            null,
            authorization("GET", "/v3/nothing", "", now(), SERIAL, MERCHANT_KEYS));

    assertThat(otherQuery.statusCode()).isEqualTo(400);
    assertThat(otherQuery.body()).contains("PARAM_ERROR");
    assertThat(unknown.statusCode()).isEqualTo(404);
  }
}
