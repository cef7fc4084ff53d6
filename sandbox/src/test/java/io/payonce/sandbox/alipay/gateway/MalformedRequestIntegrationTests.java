package io.payonce.sandbox.alipay.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.AlipayApiException;
import com.alipay.api.internal.util.AlipaySignature;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.keys.RsaKeys;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Requests the SDK would never send, built by hand: each gets Alipay's own signed error. */
@SandboxIntegrationTest
class MalformedRequestIntegrationTests extends AlipaySandboxTestSupport {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void missingMethodIsMissingRequiredArguments() throws Exception {
    Map<String, String> params = signedParams("alipay.trade.query", "{\"out_trade_no\":\"A\"}");
    params.remove("method");
    params.put("sign", sign(params));

    assertError(send(params), "error_response", "40001", "isv.missing-method");
  }

  @Test
  void unknownMethodIsInvalidMethodInErrorResponse() throws Exception {
    assertError(
        send(signedParams("alipay.trade.teleport", "{}")),
        "error_response",
        "40002",
        "isv.invalid-method");
  }

  @Test
  void badJsonInBizContentIsInvalidParameter() throws Exception {
    assertError(
        send(signedParams("alipay.trade.query", "{\"out_trade_no\":")),
        "alipay_trade_query_response",
        "40004",
        "ACQ.INVALID_PARAMETER");
  }

  @Test
  void missingBusinessParameterIsInvalidParameter() throws Exception {
    assertError(
        send(signedParams("alipay.trade.precreate", "{\"out_trade_no\":\"A1\"}")),
        "alipay_trade_precreate_response",
        "40004",
        "ACQ.INVALID_PARAMETER");
  }

  @Test
  void unsupportedCharsetIsInvalidCharset() throws Exception {
    Map<String, String> params = signedParams("alipay.trade.query", "{\"out_trade_no\":\"A\"}");
    params.put("charset", "ISO-8859-99");

    assertError(send(params), "alipay_trade_query_response", "40002", "isv.invalid-charset");
  }

  @Test
  void missingSignatureAndAppIdAreMissingArguments() throws Exception {
    Map<String, String> unsigned = signedParams("alipay.trade.query", "{}");
    unsigned.remove("sign");
    assertError(send(unsigned), "alipay_trade_query_response", "40001", "isv.missing-signature");

    Map<String, String> anonymous = signedParams("alipay.trade.query", "{}");
    anonymous.remove("app_id");
    assertError(send(anonymous), "alipay_trade_query_response", "40001", "isv.missing-app-id");
  }

  @Test
  void gbkRequestsAreVerifiedAndAnsweredInGbk() throws Exception {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("method", "alipay.trade.precreate");
    params.put("app_id", APP_ID);
    params.put("charset", "GBK");
    params.put("sign_type", "RSA2");
    params.put("version", "1.0");
    params.put("timestamp", AlipayTime.format(sandboxNow()));
    params.put(
        "biz_content",
        "{\"out_trade_no\":\"" + outTradeNo() + "\",\"subject\":\"中文\",\"total_amount\":\"1.00\"}");
    params.put(
        "sign",
        AlipaySignature.rsaSign(
            AlipaySignature.getSignContent(params),
            RsaKeys.encode(MERCHANT_KEYS.getPrivate()),
            "GBK",
            "RSA2"));

    HttpResponse<byte[]> response = post(params, "GBK");
    String body = new String(response.body(), "GBK");
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .containsIgnoringCase("GBK");
    assertThat(verifiedInner(body, "alipay_trade_precreate_response", "GBK").get("code").asString())
        .isEqualTo("10000");
  }

  private void assertError(HttpResponse<byte[]> response, String node, String code, String subCode)
      throws AlipayApiException {
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode inner =
        verifiedInner(new String(response.body(), StandardCharsets.UTF_8), node, "UTF-8");
    assertThat(inner.get("code").asString()).isEqualTo(code);
    assertThat(inner.get("sub_code").asString()).isEqualTo(subCode);
  }

  /** The inner object, after checking its signature the way the SDK does. */
  private JsonNode verifiedInner(String body, String node, String charset)
      throws AlipayApiException {
    String prefix = "{\"" + node + "\":";
    assertThat(body).startsWith(prefix);
    int signAt = body.lastIndexOf(",\"sign\":\"");
    String inner = body.substring(prefix.length(), signAt);
    String sign = JSON.readTree(body).get("sign").asString();
    assertThat(AlipaySignature.rsaCheck(inner, sign, platformKey(), charset, "RSA2")).isTrue();
    return JSON.readTree(inner);
  }

  private Map<String, String> signedParams(String method, String bizContent)
      throws AlipayApiException {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("method", method);
    params.put("app_id", APP_ID);
    params.put("charset", "UTF-8");
    params.put("sign_type", "RSA2");
    params.put("version", "1.0");
    params.put("format", "json");
    params.put("timestamp", AlipayTime.format(sandboxNow()));
    params.put("biz_content", bizContent);
    params.put("sign", sign(params));
    return params;
  }

  private String sign(Map<String, String> params) throws AlipayApiException {
    Map<String, String> content = new LinkedHashMap<>(params);
    content.remove("sign");
    return AlipaySignature.rsaSign(
        AlipaySignature.getSignContent(content),
        RsaKeys.encode(MERCHANT_KEYS.getPrivate()),
        "UTF-8",
        "RSA2");
  }

  private HttpResponse<byte[]> send(Map<String, String> params) throws Exception {
    return post(params, "UTF-8");
  }

  private HttpResponse<byte[]> post(Map<String, String> params, String charset) throws Exception {
    String form =
        params.entrySet().stream()
            .map(
                e ->
                    e.getKey()
                        + "="
                        + URLEncoder.encode(
                            e.getValue(), java.nio.charset.Charset.forName(charset)))
            .collect(Collectors.joining("&"));
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + sandbox.gatewayPath()))
            .header("Content-Type", "application/x-www-form-urlencoded;charset=" + charset)
            .POST(HttpRequest.BodyPublishers.ofString(form, StandardCharsets.US_ASCII))
            .build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray());
  }
}
