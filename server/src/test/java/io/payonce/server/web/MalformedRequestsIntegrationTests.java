package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The causes of the 500s a hostile-input run found, reproduced byte for byte over a raw socket: a
 * multipart type without boundary (FileUploadException), a broken {@code %} escape or bytes that
 * are not UTF-8 in the query string or form (Tomcat's InvalidParameterException, DecodeException,
 * MalformedInputException), a Content-Type that does not parse. Each is a 400 malformed-request
 * problem, and on Alipay's notify the protocol's {@code fail}.
 */
@PayOnceIntegrationTest
class MalformedRequestsIntegrationTests {

  private static final String MALFORMED = "https://payonce.io/problems/malformed-request";
  private static final List<String> JSON = List.of("Content-Type: application/json");
  private static final List<String> FORM =
      List.of("Content-Type: application/x-www-form-urlencoded; charset=utf-8");

  @LocalServerPort int port;
  RawHttp raw;

  @BeforeEach
  void setUp() {
    raw = new RawHttp(port);
  }

  static Stream<String> posts() {
    return Stream.of(
        "/api/orders", "/pay/close", "/pay/alipay/barcode", "/pay/alipay/precreate", "/pay/refund");
  }

  static Stream<String> gets() {
    return Stream.of(
        "/pay/query?orderNo=o1",
        "/pay/refunds?orderNo=o1",
        "/api/pay/get-token?userId=u1",
        "/api/orders/o1",
        "/cashier/o1/state");
  }

  static Stream<String> brokenQueries() {
    return Stream.of("x=%zz", "x=%", "x=%4", "%=1", "x=%C3%28", "x=%FF%FE", "x=%ED%A0%80");
  }

  static Stream<Arguments> getsWithBrokenQueries() {
    return gets().flatMap(path -> brokenQueries().map(query -> Arguments.of(path, query)));
  }

  static Stream<Arguments> postsWithBrokenQueries() {
    return posts().flatMap(path -> brokenQueries().map(query -> Arguments.of(path, query)));
  }

  @ParameterizedTest
  @MethodSource("posts")
  void aMultipartTypeWithoutBoundaryIsMalformed(String path) {
    assertMalformed(raw.send("POST", path, List.of("Content-Type: multipart/form-data"), "{}"));
  }

  @ParameterizedTest
  @MethodSource("gets")
  void aMultipartTypeWithoutBoundaryIsMalformedOnAGetToo(String path) {
    assertMalformed(raw.send("GET", path, List.of("Content-Type: multipart/form-data"), null));
  }

  @ParameterizedTest
  @MethodSource("getsWithBrokenQueries")
  void aBrokenEscapeInTheQueryStringIsMalformed(String path, String query) {
    assertMalformed(
        raw.send("GET", path + (path.contains("?") ? "&" : "?") + query, List.of(), null));
  }

  @ParameterizedTest
  @MethodSource("postsWithBrokenQueries")
  void aBrokenEscapeInTheQueryStringOfAPostIsMalformed(String path, String query) {
    assertMalformed(raw.send("POST", path + "?" + query, JSON, "{}"));
  }

  @ParameterizedTest
  @MethodSource("posts")
  void aBrokenEscapeInAFormIsMalformed(String path) {
    assertMalformed(raw.send("POST", path, FORM, "orderNo=%zz"));
  }

  @ParameterizedTest
  @MethodSource("posts")
  void aContentTypeThatDoesNotParseOrNamesAnUnknownCharsetIsMalformed(String path) {
    for (String type :
        List.of("application/json; charset=nope", "json/", "/", "application/json; charset=")) {
      assertMalformed(raw.send("POST", path, List.of("Content-Type: " + type), "{}"));
    }
  }

  @Test
  void theNotifyAnswersFailToWhatItCannotRead() {
    List<RawHttp.Answer> answers =
        List.of(
            raw.send("POST", "/pay/alipay/notify", FORM, "sign=%zz"),
            raw.send("POST", "/pay/alipay/notify", FORM, "sign=%C3%28"),
            raw.send("POST", "/pay/alipay/notify?sign=%", FORM, "a=b"),
            raw.send(
                "POST", "/pay/alipay/notify", List.of("Content-Type: multipart/form-data"), "a"),
            raw.send(
                "POST", "/pay/alipay/notify", List.of("Content-Type: text/plain; charset=x"), "a"));

    assertThat(answers)
        .allSatisfy(
            answer -> {
              assertThat(answer.status()).isEqualTo(400);
              assertThat(answer.contentType()).startsWith("text/plain");
              assertThat(answer.body()).isEqualTo("fail");
            });
  }

  @Test
  void aMethodHttpDoesNotDefineIsNotAllowedRatherThanNotImplemented() {
    for (String method : List.of("FOO", "get", "PROPFIND")) {
      RawHttp.Answer answer = raw.send(method, "/pay/query?orderNo=o1", List.of(), null);

      assertThat(answer.status()).as(method).isEqualTo(405);
      assertThat(answer.isProblem()).isTrue();
    }
    assertThat(raw.send("FOO", "/pay/alipay/notify", FORM, "a=b").body()).isEqualTo("fail");
  }

  @Test
  void aTransferCodingOrHttpVersionTomcatDoesNotSpeakIsABadRequest() {
    RawHttp.Answer coding =
        raw.send("POST", "/pay/close", List.of("Transfer-Encoding: gzip"), null);
    RawHttp.Answer version =
        raw.send("GET /pay/query?orderNo=o1 HTTP/1.2\r\nHost: x\r\n\r\n".getBytes());

    assertThat(coding.status()).isEqualTo(400);
    assertThat(coding.isProblem()).isTrue();
    assertThat(version.status()).isBetween(400, 499);
  }

  @Test
  void textWithControlCharactersIsInvalid() {
    String order =
        "{\"orderNo\":\"CTL1\",\"userId\":\"u\\u0000\",\"amount\":\"1.00\",\"currency\":\"CNY\","
            + "\"title\":\"a\\r\\nb\"}";
    RawHttp.Answer created = raw.send("POST", "/api/orders", JSON, order);
    RawHttp.Answer token = raw.send("GET", "/api/pay/get-token?userId=u%00", List.of(), null);

    assertThat(created.status()).isEqualTo(400);
    assertThat(created.body()).contains("\"field\":\"userId\"", "\"field\":\"title\"");
    assertThat(token.status()).isEqualTo(400);
    assertThat(token.isProblem()).isTrue();
  }

  private static void assertMalformed(RawHttp.Answer answer) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    assertThat(answer.isProblem()).isTrue();
    assertThat(answer.body()).contains("\"type\":\"" + MALFORMED + "\"");
  }
}
