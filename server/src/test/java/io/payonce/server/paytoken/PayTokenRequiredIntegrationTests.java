package io.payonce.server.paytoken;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.JsonHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.net.http.HttpResponse;
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
    JsonHttp http = new JsonHttp(port);
    String orderNo = TestNumbers.orderNo("req");
    orders.create(new NewOrder(orderNo, "frank", Money.ofMinor(500, "CNY"), "Required"));

    HttpResponse<String> without =
        http.post(
            "/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\",\"requestId\":\"r1\"}");

    assertThat(without.statusCode()).isEqualTo(400);
    JsonNode problem = json.readTree(without.body());
    assertThat(problem.get("type").asString()).isEqualTo("https://payonce.io/problems/validation");
    assertThat(problem.get("errors").get(0).get("field").asString()).isEqualTo("payToken");
    assertThat(
            json.readTree(http.get("/pay/query?orderNo=" + orderNo).body()).get("payment").isNull())
        .isTrue();

    String token =
        json.readTree(http.get("/api/pay/get-token?userId=frank").body()).get("token").asString();
    HttpResponse<String> with =
        http.post(
            "/pay/alipay/precreate",
            "{\"orderNo\":\"" + orderNo + "\",\"payToken\":\"" + token + "\"}");

    assertThat(with.statusCode()).isEqualTo(200);
  }
}
