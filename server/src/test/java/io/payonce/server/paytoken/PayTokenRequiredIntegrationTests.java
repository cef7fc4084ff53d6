package io.payonce.server.paytoken;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * With {@code payonce.pay-token.required=true} a payment request without a token changes nothing.
 */
@PayOnceIntegrationTest
@TestPropertySource(properties = "payonce.pay-token.required=true")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class PayTokenRequiredIntegrationTests {

  @LocalServerPort int port;
  @Autowired OrderService orders;
  @Autowired JsonMapper json;

  @Test
  void refusesAPrecreateWithoutATokenAndRunsOneWithIt() throws Exception {
    PayOnceHttp http = new PayOnceHttp(port);
    String orderNo = TestNumbers.orderNo("req");
    orders.create(
        new NewOrder(TestApps.APP_ID, orderNo, "frank", Money.ofMinor(500, "CNY"), "Required"));

    Answer without = http.precreate(Map.of("orderNo", orderNo, "requestId", "r1"), Map.of());

    assertThat(without.status()).isEqualTo(400);
    JsonNode problem = without.json();
    assertThat(problem.get("type").asString()).isEqualTo("https://payonce.io/problems/validation");
    assertThat(problem.get("errors").get(0).get("field").asString()).isEqualTo("payToken");
    assertThat(http.query(orderNo).json().get("payment").isNull()).isTrue();
    Answer encoded =
        http.post(
            http.serverBase() + "/pay/alipay/%70recreate", Map.of("orderNo", orderNo), Map.of());
    assertThat(encoded.status()).as("an encoded path is the same endpoint").isEqualTo(400);
    assertThat(http.query(orderNo).json().get("payment").isNull()).isTrue();

    String token = http.get(http.serverBase() + "/api/pay/get-token?userId=frank").text("token");
    Answer with = http.precreate(Map.of("orderNo", orderNo, "payToken", token), Map.of());

    assertThat(with.status()).isEqualTo(200);
  }
}
