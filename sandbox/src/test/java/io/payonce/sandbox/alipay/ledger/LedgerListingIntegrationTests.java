package io.payonce.sandbox.alipay.ledger;

import static io.payonce.sandbox.alipay.AlipayCalls.pay;
import static io.payonce.sandbox.alipay.AlipayCalls.refund;
import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** The full ledger, page by page: what a checker reads to know every charge and refund. */
@SandboxIntegrationTest
class LedgerListingIntegrationTests extends AlipaySandboxTestSupport {

  @Test
  void everyRowIsListedWithItsRefundsAndTheTotalCount() {
    String unscanned = outTradeNo();
    precreate(unscanned, "1.00");
    String paid = outTradeNo();
    walletPay(precreate(paid, "2.00").getQrCode());
    String refunded = outTradeNo();
    walletPay(precreate(refunded, "3.00").getQrCode());
    execute(refund(refunded, "1.25", "R1"));
    execute(refund(refunded, "1.75", "R2"));

    ResponseEntity<JsonNode> first = page(0, 2);
    ResponseEntity<JsonNode> second = page(1, 2);

    assertThat(first.getHeaders().getFirst("X-Total-Count")).isEqualTo("3");
    List<JsonNode> rows = new ArrayList<>();
    first.getBody().forEach(rows::add);
    second.getBody().forEach(rows::add);
    assertThat(rows)
        .extracting(r -> r.get("outTradeNo").asString())
        .containsExactly(unscanned, paid, refunded);
    assertThat(rows.get(0).get("status").asString()).isEqualTo("NOT_EXIST");
    assertThat(rows.get(1).get("status").asString()).isEqualTo("TRADE_SUCCESS");
    assertThat(rows.get(2).get("status").asString()).isEqualTo("TRADE_CLOSED");
    assertThat(rows.get(2).get("refundedAmount").asString()).isEqualTo("3.00");
    assertThat(rows.get(2).get("refunds"))
        .extracting(r -> r.get("outRequestNo").asString() + "=" + r.get("amount").asString())
        .containsExactly("R1=1.25", "R2=1.75");
  }

  @Test
  void aListedRowShowsWhatTimeHasDoneToIt() {
    String confirmsLater = outTradeNo();
    execute(pay(confirmsLater, "4.00", "280000000000000002", receiver.url()));
    moveClock("PT6S");

    JsonNode row = page(0, 10).getBody().get(0);

    assertThat(row.get("outTradeNo").asString()).isEqualTo(confirmsLater);
    assertThat(row.get("status").asString()).isEqualTo("TRADE_SUCCESS");
  }

  private ResponseEntity<JsonNode> page(int page, int size) {
    return http.get()
        .uri("/sandbox/alipay/trades?page=" + page + "&size=" + size)
        .retrieve()
        .toEntity(JsonNode.class);
  }
}
