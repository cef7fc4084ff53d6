package io.payonce.server.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import tools.jackson.databind.JsonNode;

/**
 * Every channel's callback goes through the one intake, so each reaches the same crash point — its
 * fact committed, the reply not sent — and a crash there loses nothing and applies nothing twice:
 * the channel delivers again and is answered as a duplicate. (The APIv2 notify's own handler once
 * lacked the point.)
 */
@PayOnceIntegrationTest
class CallbackIntakeIntegrationTests {

  private static final Duration SETTLES = Duration.ofSeconds(30);

  @LocalServerPort int port;
  @Autowired List<CallbackProtocol> protocols;

  private PayOnceHttp http;

  /** The protocols (by path) whose first delivery past the point was cut off. */
  private final Set<String> halted = ConcurrentHashMap.newKeySet();

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
    CrashPoints.arm(Map.of("after-success-commit", 1.0), 20261201L, point -> haltOnce());
  }

  @AfterEach
  void tearDown() {
    CrashPoints.disarm();
    http.calm();
  }

  @Test
  void everyProtocolCrashingAfterItsCommitLosesNothingAndAppliesNothingTwice() {
    String alipayOrder = http.createOrder("3.10");
    Answer alipay = http.precreate(alipayOrder);
    String wechatOrder = http.createOrder("3.20");
    Answer wechat = http.wechatPrecreate(wechatOrder);

    http.walletPay(alipay.text("qrCode"));
    http.walletPay(wechat.text("qrCode"));

    Set<String> paths = protocols.stream().map(CallbackProtocol::path).collect(Collectors.toSet());
    assertThat(paths).hasSize(3);
    await().atMost(SETTLES).until(() -> halted.containsAll(paths));
    for (Answer qr : List.of(alipay, wechat)) {
      String outTradeNo = qr.text("outTradeNo");
      await().atMost(SETTLES).until(() -> repliedTaken(http.payment(outTradeNo).json()) >= 1);
      JsonNode payment = http.payment(outTradeNo).json();
      assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
      assertThat(
              payment
                  .path("journal")
                  .valueStream()
                  .filter(j -> "SUCCESS".equals(j.path("toStatus").asString()))
                  .count())
          .as("SUCCESS transitions of %s", outTradeNo)
          .isEqualTo(1);
    }
    assertThat(http.orderStatus(alipayOrder)).isEqualTo("PAID");
    assertThat(http.orderStatus(wechatOrder)).isEqualTo("PAID");
  }

  /** A kill -9 at the point, for the first delivery of each protocol: no reply is sent. */
  private void haltOnce() {
    if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attrs)) {
      return;
    }
    String path = attrs.getRequest().getServletPath();
    protocols.stream()
        .filter(protocol -> protocol.covers(path))
        .findFirst()
        .filter(protocol -> halted.add(protocol.path()))
        .ifPresent(
            protocol -> {
              throw new IllegalStateException("halted at after-success-commit");
            });
  }

  /** Receipts of deliveries answered as taken (success, 204, SUCCESS). */
  private static long repliedTaken(JsonNode payment) {
    return payment
        .path("notifies")
        .valueStream()
        .map(n -> n.path("reply").asString())
        .filter(reply -> Set.of("success", "204", "SUCCESS").contains(reply))
        .count();
  }
}
