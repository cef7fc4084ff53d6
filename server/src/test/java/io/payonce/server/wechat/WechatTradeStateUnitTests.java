package io.payonce.server.wechat;

import static org.assertj.core.api.Assertions.assertThat;

import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.model.TransactionAmount;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A WeChat transaction read in neutral words: REVOKED is a payment code reversed, unpaid (closed)
 * or after it was paid (given back in full), which only its success_time tells apart.
 */
class WechatTradeStateUnitTests {

  @Test
  void aRevokedTradeWithASuccessTimeWasPaidThenGivenBack() {
    ChannelTrade trade =
        WechatChannel.toTrade(
            "O1", transaction(Transaction.TradeStateEnum.REVOKED, "2026-12-04T10:15:30+08:00"));

    assertThat(trade.state()).isEqualTo(TradeState.REFUNDED);
    assertThat(trade.state().paid()).isFalse();
    assertThat(trade.paidAt()).isEqualTo(Instant.parse("2026-12-04T02:15:30Z"));
    assertThat(trade.totalAmountMinor()).isEqualTo(360);
  }

  @Test
  void aRevokedTradeWithoutASuccessTimeWasClosedUnpaid() {
    ChannelTrade trade =
        WechatChannel.toTrade("O1", transaction(Transaction.TradeStateEnum.REVOKED, null));

    assertThat(trade.state()).isEqualTo(TradeState.CLOSED);
    assertThat(trade.paidAt()).isNull();
  }

  @Test
  void onlyRevokedReadsASuccessTimeAsGivenBack() {
    String paid = "2026-12-04T10:15:30+08:00";

    assertThat(WechatChannel.toTrade("O1", transaction(Transaction.TradeStateEnum.SUCCESS, paid)))
        .satisfies(t -> assertThat(t.state()).isEqualTo(TradeState.SUCCESS))
        .satisfies(t -> assertThat(t.paidAt()).isNotNull());
    // REFUND: paid, a refund started (ours, or a reversal's); the money was taken all the same.
    assertThat(WechatChannel.toTrade("O1", transaction(Transaction.TradeStateEnum.REFUND, paid)))
        .satisfies(t -> assertThat(t.state()).isEqualTo(TradeState.REFUNDING))
        .satisfies(t -> assertThat(t.state().paid()).isTrue())
        .satisfies(t -> assertThat(t.paidAt()).isNotNull());
    assertThat(
            WechatChannel.toTrade("O1", transaction(Transaction.TradeStateEnum.CLOSED, null))
                .state())
        .isEqualTo(TradeState.CLOSED);
    assertThat(
            WechatChannel.toTrade("O1", transaction(Transaction.TradeStateEnum.PAYERROR, null))
                .state())
        .isEqualTo(TradeState.CLOSED);
  }

  private static Transaction transaction(Transaction.TradeStateEnum state, String successTime) {
    Transaction t = new Transaction();
    t.setOutTradeNo("O1");
    t.setTransactionId("4200000000202612040000000001");
    t.setTradeState(state);
    t.setSuccessTime(successTime);
    TransactionAmount amount = new TransactionAmount();
    amount.setTotal(360);
    t.setAmount(amount);
    return t;
  }
}
