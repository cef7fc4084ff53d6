package io.payonce.chaos.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.chaos.http.JsonHttp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The merchant's webhook endpoint: signature checked, events deduplicated by id. */
class WebhookReceiverTests {

  private final EventLog log = new EventLog();
  private final WebhookReceiver receiver;
  private final JsonHttp http = new JsonHttp(Duration.ofSeconds(5));

  WebhookReceiverTests() throws Exception {
    receiver = new WebhookReceiver(log, () -> 0L);
  }

  @AfterEach
  void stop() {
    receiver.close();
  }

  @Test
  void recordsASignedEventOnceHoweverOftenItIsDelivered() throws Exception {
    String body = envelope("e1", "OrderPaid", "o1");

    assertThat(post(body, sign(receiver.secret(), body)).status()).isEqualTo(204);
    assertThat(post(body, sign(receiver.secret(), body)).status()).isEqualTo(204);

    assertThat(log.idsByOrder("OrderPaid")).containsExactly(Map.entry("o1", List.of("e1")));
    assertThat(log.deliveries()).isEqualTo(2);
  }

  @Test
  void refusesAnEventWhoseSignatureDoesNotVerify() throws Exception {
    String body = envelope("e1", "OrderPaid", "o1");

    assertThat(post(body, sign("another secret", body)).status()).isEqualTo(400);
    assertThat(post(body, null).status()).isEqualTo(400);

    assertThat(log.distinct()).isZero();
    assertThat(log.rejected()).isEqualTo(2);
  }

  @Test
  void answers503WhileRefusing() throws Exception {
    String body = envelope("e1", "OrderPaid", "o1");
    receiver.refuse(true);

    assertThat(post(body, sign(receiver.secret(), body)).status()).isEqualTo(503);
    receiver.refuse(false);
    assertThat(post(body, sign(receiver.secret(), body)).status()).isEqualTo(204);
  }

  private io.payonce.chaos.http.Reply post(String body, String signature) {
    return http.post(
        receiver.url(),
        body,
        signature == null ? Map.of() : Map.of("PayOnce-Signature", signature));
  }

  private static String envelope(String eventId, String type, String orderNo) {
    return JsonHttp.write(Map.of("eventId", eventId, "type", type, "orderNo", orderNo));
  }

  private static String sign(String secret, String body) throws Exception {
    long t = 1_700_000_000L;
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
    return "t="
        + t
        + ",v1="
        + HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
  }
}
