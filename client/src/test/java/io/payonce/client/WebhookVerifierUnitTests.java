package io.payonce.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The webhook verifier's rules, on signatures made here with the JDK's HMAC. */
class WebhookVerifierUnitTests {

  private static final Instant NOW = Instant.parse("2026-04-01T08:00:00Z");
  private static final String SECRET = "whsec-current";
  private static final String BODY =
      "{\"eventId\":\"e-1\",\"type\":\"OrderPaid\",\"version\":1,\"aggregate\":\"ORDER\","
          + "\"aggregateId\":7,\"orderNo\":\"o-1\",\"outTradeNo\":\"P1\",\"amount\":\"1.00\","
          + "\"currency\":\"CNY\",\"occurredAt\":\"2026-04-01T07:59:59Z\","
          + "\"data\":{\"status\":\"PAID\"},\"later\":\"a field this client does not know\"}";

  private final WebhookVerifier verifier =
      WebhookVerifier.builder().secret(SECRET).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();

  @Test
  void readsTheEventOfAGoodSignature() {
    WebhookEvent event = verifier.verify(header(SECRET, NOW.getEpochSecond(), BODY), BODY);

    assertThat(event.eventId()).isEqualTo("e-1");
    assertThat(event.type()).isEqualTo("OrderPaid");
    assertThat(event.aggregateId()).isEqualTo(7);
    assertThat(event.occurredAt()).isEqualTo(Instant.parse("2026-04-01T07:59:59Z"));
    assertThat(event.data().path("status").asString()).isEqualTo("PAID");
  }

  @Test
  void acceptsAnyOfItsSecretsAndAnyOfTheSignatures() {
    WebhookVerifier rotating =
        WebhookVerifier.builder()
            .secret("whsec-new")
            .secret(SECRET)
            .clock(Clock.fixed(NOW, ZoneOffset.UTC))
            .build();
    long t = NOW.getEpochSecond();
    String both = header("whsec-other", t, BODY) + ",v1=" + sign(SECRET, t, BODY);

    assertThat(rotating.verify(header(SECRET, t, BODY), BODY).type()).isEqualTo("OrderPaid");
    assertThat(verifier.verify(both, BODY).type()).isEqualTo("OrderPaid");
  }

  @Test
  void refusesAnotherBodyAnotherSecretOrAnotherTime() {
    long t = NOW.getEpochSecond();
    String header = header(SECRET, t, BODY);

    assertRefused(header, BODY.replace("1.00", "9.00"));
    assertRefused(header(SECRET + "x", t, BODY), BODY);
    // The signature covers the timestamp: moving t breaks it even within the tolerance.
    assertRefused(header.replace("t=" + t, "t=" + (t + 1)), BODY);
  }

  @Test
  void refusesATimestampOutsideTheToleranceEitherWay() {
    long t = NOW.getEpochSecond();

    assertThat(verifier.verify(header(SECRET, t - 300, BODY), BODY)).isNotNull();
    assertRefused(header(SECRET, t - 301, BODY), BODY);
    assertRefused(header(SECRET, t + 301, BODY), BODY);
  }

  @Test
  void refusesAMissingOrMalformedHeader() {
    assertRefused(null, BODY);
    assertRefused("", BODY);
    assertRefused("v1=" + sign(SECRET, NOW.getEpochSecond(), BODY), BODY);
    assertRefused("t=" + NOW.getEpochSecond(), BODY);
    assertRefused("t=abc,v1=00", BODY);
  }

  @Test
  void refusesABodyThatIsNotAnEvent() {
    String body = "not json";

    assertRefused(header(SECRET, NOW.getEpochSecond(), body), body);
  }

  private void assertRefused(String header, String body) {
    assertThatThrownBy(() -> verifier.verify(header, body))
        .isInstanceOf(WebhookVerificationException.class);
  }

  private static String header(String secret, long t, String body) {
    return "t=" + t + ",v1=" + sign(secret, t, body);
  }

  private static String sign(String secret, long t, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of()
          .formatHex(mac.doFinal((t + "." + body).getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
