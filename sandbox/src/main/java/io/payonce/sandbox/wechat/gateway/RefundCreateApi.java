package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.ledger.OrderRef;
import io.payonce.sandbox.wechat.WechatJson;
import io.payonce.sandbox.wechat.ledger.RefundStatus;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatLedger.Refunded;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v3/refund/domestic/refunds}: accepted as PROCESSING, settled later (SUCCESS, or
 * ABNORMAL / CLOSED by the refundOutcome knob). The same out_refund_no is the same refund (a repeat
 * answers it as it stands now); another amount under it, or more than is left, is 400
 * INVALID_REQUEST; an unpaid or unknown order is 404 RESOURCE_NOT_EXISTS.
 */
@Component
class RefundCreateApi extends V3Api {

  private static final long MAX_FEN = 100_000_000_00L;

  private final WechatLedger ledger;
  private final Chaos chaos;
  private final Duration settleAfter;

  RefundCreateApi(WechatLedger ledger, Chaos chaos, SandboxProperties properties) {
    super("wechat.refund", "POST", "/v3/refund/domestic/refunds");
    this.ledger = ledger;
    this.chaos = chaos;
    this.settleAfter = properties.getWechat().getRefundSettleAfter();
  }

  @Override
  String outTradeNo(V3Call call) {
    String outTradeNo = call.body().text("out_trade_no");
    if (outTradeNo != null) {
      return outTradeNo;
    }
    String transactionId = call.body().text("transaction_id");
    return transactionId == null
        ? null
        : ledger
            .find(call.merchant().mchid(), OrderRef.byTradeNo(transactionId))
            .map(o -> o.outTradeNo())
            .orElse(null);
  }

  @Override
  V3Reply handle(V3Call call) {
    JsonBody body = call.body();
    OrderRef ref = ref(body);
    String outRefundNo = body.matching("out_refund_no", JsonBody.OUT_REFUND_NO);
    long refund = body.fen("amount.refund", MAX_FEN);
    long total = body.fen("amount.total", MAX_FEN);
    body.currency("amount.currency");
    String mchid = call.merchant().mchid();
    String outTradeNo = outTradeNo(call);
    if (refusedByChaos(mchid, outRefundNo, outTradeNo)) {
      throw new WechatRefused(Refusal.NOT_ENOUGH);
    }
    String notifyUrl = body.optionalMax("notify_url", 256);
    Refunded refunded =
        ledger.refund(
            new WechatLedger.RefundRequest(
                mchid,
                ref,
                outRefundNo,
                refund,
                total,
                body.optionalMax("reason", 80),
                notifyUrl != null ? notifyUrl : call.merchant().refundNotifyUrl(),
                RefundStatus.valueOf(chaos.choice(ChaosKnob.REFUND_OUTCOME, name(), outTradeNo)),
                settleAfter));
    return V3Reply.ok(WechatJson.refund(refunded.order(), refunded.refund()));
  }

  /** The merchant's balance cannot cover a new refund; one already made is answered as made. */
  private boolean refusedByChaos(String mchid, String outRefundNo, String outTradeNo) {
    return chaos.roll(ChaosKnob.REFUND_REFUSAL_RATE, name(), outTradeNo)
        && ledger.findRefund(mchid, outRefundNo).isEmpty();
  }

  private static OrderRef ref(JsonBody body) {
    String transactionId = body.text("transaction_id");
    String outTradeNo = body.text("out_trade_no");
    if (transactionId == null && outTradeNo == null) {
      throw V3Failure.paramError("out_trade_no", null, "transaction_id 和 out_trade_no 必须二选一");
    }
    return new OrderRef(outTradeNo, transactionId);
  }
}
