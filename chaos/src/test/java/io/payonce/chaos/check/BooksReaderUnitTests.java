package io.payonce.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.chaos.check.Books.AcknowledgedNotify;
import io.payonce.chaos.check.Books.Trade;
import io.payonce.chaos.check.Books.TradeRefund;
import io.payonce.chaos.http.JsonHttp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** WeChat Pay's ledger and notify journal, as the sandbox lists them, read into the books. */
class BooksReaderUnitTests {

  @Test
  void aPaidWechatOrderIsATradeInFenWithTheRefundsThatHoldTheirAmount() {
    List<Trade> trades =
        BooksReader.wechatTrades(
            rows(
                """
                [{"mchid":"1900000001","appid":"wx8888888888888888","outTradeNo":"P1",
                  "tradeType":"JSAPI","transactionId":"4200000001","tradeState":"REFUND",
                  "total":1000,"refunded":700,"refundedSuccessfully":300,
                  "paidAt":"2026-12-05T08:00:00Z","reversal":null,
                  "refunds":[
                    {"outRefundNo":"r1","amount":300,"status":"SUCCESS"},
                    {"outRefundNo":"DUP_P1","amount":400,"status":"PROCESSING"},
                    {"outRefundNo":"r2","amount":250,"status":"CLOSED"}]}]
                """));

    assertThat(trades)
        .containsExactly(
            new Trade(
                "P1",
                "4200000001",
                "REFUND",
                1000,
                700,
                Instant.parse("2026-12-05T08:00:00Z"),
                List.of(new TradeRefund("r1", 300), new TradeRefund("DUP_P1", 400))));
    assertThat(trades.get(0).netMinor()).isEqualTo(300);
    assertThat(trades.get(0).reversedMinor()).isEqualTo(400);
  }

  @Test
  void aPrepaidOrderNobodyPaidIsNoTrade() {
    assertThat(
            BooksReader.wechatTrades(
                rows(
                    """
                    [{"outTradeNo":"P2","transactionId":null,"tradeState":"NOTPAY","total":500,
                      "refunded":0,"paidAt":null,"refunds":[]},
                     {"outTradeNo":"P3","tradeState":"CLOSED","total":500,"refunded":0,
                      "refunds":[]}]
                    """)))
        .isEmpty();
  }

  @Test
  void aReversedPaymentCodeOrderIsTheChannelsOwnCancel() {
    Trade trade =
        BooksReader.wechatTrades(
                rows(
                    """
                    [{"outTradeNo":"P4","transactionId":"4200000004","tradeState":"REVOKED",
                      "total":800,"refunded":800,"paidAt":"2026-12-05T08:00:00Z",
                      "reversal":{"action":"refund","at":"2026-12-05T08:00:05Z","refunded":800},
                      "refunds":[]}]
                    """))
            .get(0);

    assertThat(trade.refunds()).containsExactly(new TradeRefund("CANCEL-P4", 800));
    assertThat(trade.reversedMinor()).isEqualTo(800);
  }

  @Test
  void onlyAcknowledgedPaymentNotifiesCount() {
    List<AcknowledgedNotify> acknowledged =
        BooksReader.wechatAcknowledged(
            rows(
                """
                [{"outTradeNo":"P1","eventType":"TRANSACTION.SUCCESS","outcome":"DELIVERED",
                  "at":"2026-12-05T08:00:01Z"},
                 {"outTradeNo":"P2","eventType":"TRANSACTION.SUCCESS","outcome":"FAILED",
                  "at":"2026-12-05T08:00:02Z"},
                 {"outTradeNo":"P3","eventType":"REFUND.SUCCESS","outcome":"DELIVERED",
                  "at":"2026-12-05T08:00:03Z"},
                 {"outTradeNo":"P4","eventType":"TRANSACTION.SUCCESS","outcome":"DROPPED",
                  "at":"2026-12-05T08:00:04Z"}]
                """));

    assertThat(acknowledged)
        .containsExactly(
            new AcknowledgedNotify(
                "P1", "TRANSACTION.SUCCESS", Instant.parse("2026-12-05T08:00:01Z")));
  }

  private static List<JsonNode> rows(String json) {
    List<JsonNode> rows = new ArrayList<>();
    JsonHttp.json().readTree(json).forEach(rows::add);
    return rows;
  }
}
