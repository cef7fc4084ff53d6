package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.ledger.OrderRef;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.util.Map;
import java.util.regex.Pattern;

/** A verified APIv2 call: its merchant, its fields and the sign type to answer with. */
record V2Call(String method, WechatMerchant merchant, Map<String, String> fields, String signType) {

  private static final Pattern OUT_TRADE_NO = Pattern.compile("[0-9A-Za-z_\\-|*@]{1,32}");

  String text(String name) {
    String value = fields.get(name);
    return value == null || value.isBlank() ? null : value;
  }

  String required(String name) {
    String value = text(name);
    if (value == null) {
      throw new WechatRefused(Refusal.PARAM_ERROR, "缺少参数 " + name);
    }
    return value;
  }

  String outTradeNo() {
    String value = required("out_trade_no");
    if (!OUT_TRADE_NO.matcher(value).matches()) {
      throw new WechatRefused(Refusal.PARAM_ERROR, "out_trade_no 格式错误");
    }
    return value;
  }

  /** transaction_id wins over out_trade_no; one of them is required. */
  OrderRef ref() {
    String transactionId = text("transaction_id");
    String outTradeNo = text("out_trade_no");
    if (transactionId == null && outTradeNo == null) {
      throw new WechatRefused(Refusal.PARAM_ERROR, "transaction_id 和 out_trade_no 必须二选一");
    }
    return new OrderRef(transactionId == null ? outTradeNo : null, transactionId);
  }

  long positiveFen(String name) {
    String value = required(name);
    try {
      long fen = Long.parseLong(value);
      if (fen >= 1) {
        return fen;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new WechatRefused(Refusal.PARAM_ERROR, name + " 必须是正整数（单位：分）");
  }
}
