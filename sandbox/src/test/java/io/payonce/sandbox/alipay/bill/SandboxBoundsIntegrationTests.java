package io.payonce.sandbox.alipay.bill;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * The sandbox's own endpoints take no value that would take the sandbox down: a generated bill has
 * at most 100,000 rows (99,999,999 exhausted the heap), a bill date is from 1970 to 9999 ({@code
 * +999999999-12-31} was a 500), and the clock moves at most ten years either way (an offset of
 * billions of years made every later call a 500). Each is refused with the sandbox's 400 problem.
 */
@SandboxIntegrationTest
class SandboxBoundsIntegrationTests extends AlipaySandboxTestSupport {

  @AfterEach
  void resetClock() {
    http.delete().uri("/sandbox/clock").retrieve().toBodilessEntity();
  }

  @Test
  void aBillOfMoreRowsThanTheBoundIsRefusedAndOneAtTheBoundIsGenerated() {
    ResponseEntity<JsonNode> tooMany = generate("2024-02-01", 99_999_999, Map.of());
    ResponseEntity<JsonNode> justOver = generate("2024-02-01", 100_001, Map.of());
    ResponseEntity<JsonNode> tooManyExtra =
        generate("2024-02-01", 1, Map.of("extraInBill", 99_999_999));
    ResponseEntity<JsonNode> atTheBound = generate("2024-02-01", 100_000, Map.of());

    assertRefused(tooMany);
    assertRefused(justOver);
    assertRefused(tooManyExtra);
    assertThat(atTheBound.getStatusCode()).isEqualTo(HttpStatus.OK);
    assertThat(atTheBound.getBody().get("truthRows").asInt()).isEqualTo(100_000);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"+999999999-12-31", "-999999999-01-01", "+10000-01-01", "1969-12-31", "0000-01"})
  void aBillDateOutsideTheYears1970To9999IsRefused(String billDate) {
    assertRefused(generate(billDate, 1, Map.of()));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "\"P106751991167DT7H\"",
        "\"PT99999999999999H\"",
        "\"-PT2562047788015215H-30M-8S\"",
        "\"P3651D\"",
        "\"-P3651D\"",
        "9223372036854775807",
        "-9223372036854775808",
        "99999999999999999999999",
        "1.5",
        "null",
        "[]",
        "\"soon\""
      })
  void anOffsetBeyondTenYearsOrNotADurationIsRefusedAndTheClockStaysPut(String offset) {
    ResponseEntity<JsonNode> refused = putClock("{\"offset\":" + offset + "}");

    assertRefused(refused);
    assertThat(get("/sandbox/clock").get("offset").asString()).isEqualTo("PT0S");
    assertThat(generate("2024-02-02", 1, Map.of()).getStatusCode()).isEqualTo(HttpStatus.OK);
  }

  @Test
  void anOffsetWithinTenYearsMovesTheClockAsBefore() {
    assertThat(putClock("{\"offset\":\"P3650D\"}").getStatusCode()).isEqualTo(HttpStatus.OK);
    assertThat(putClock("{\"offset\":\"-P3650D\"}").getStatusCode()).isEqualTo(HttpStatus.OK);
    assertThat(putClock("{\"offset\":7200}").getBody().get("offset").asString()).isEqualTo("PT2H");
  }

  private ResponseEntity<JsonNode> generate(
      String billDate, int rows, Map<String, Integer> discrepancies) {
    return postExpectingAnything(
        "/sandbox/alipay/bills/generate",
        Map.of(
            "appId", APP_ID, "billDate", billDate, "rows", rows, "discrepancies", discrepancies));
  }

  private ResponseEntity<JsonNode> putClock(String body) {
    return http.put()
        .uri("/sandbox/clock")
        .contentType(MediaType.APPLICATION_JSON)
        .body(body)
        .retrieve()
        .onStatus(status -> true, (request, response) -> {})
        .toEntity(JsonNode.class);
  }

  private static void assertRefused(ResponseEntity<JsonNode> answer) {
    assertThat(answer.getStatusCode())
        .as(String.valueOf(answer.getBody()))
        .isEqualTo(HttpStatus.BAD_REQUEST);
    assertThat(answer.getBody().get("title").asString()).isEqualTo("Bad request to the sandbox");
  }
}
