package io.payonce.chaos.workload;

import io.payonce.chaos.cluster.SandboxClient;
import io.payonce.chaos.http.Reply;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** The buyer's phone: the sandbox wallet scanning and paying codes, confirming barcode payments. */
public final class Buyer {

  private final SandboxClient sandbox;
  private final Exchanges exchanges;
  private final LongSupplier clockMs;

  public Buyer(SandboxClient sandbox, Exchanges exchanges, LongSupplier clockMs) {
    this.sandbox = sandbox;
    this.exchanges = exchanges;
    this.clockMs = clockMs;
  }

  public Reply scan(String orderNo, String qrCode, String buyerId) {
    return recorded("wallet.scan", orderNo, () -> sandbox.scan(qrCode, buyerId));
  }

  public Reply pay(String orderNo, String qrCode, String buyerId) {
    return recorded("wallet.pay", orderNo, () -> sandbox.pay(qrCode, buyerId));
  }

  public Reply appPay(String orderNo, String orderString, String buyerId) {
    return recorded("app.pay", orderNo, () -> sandbox.appPay(orderString, buyerId));
  }

  public Reply confirm(String orderNo, String outTradeNo) {
    return recorded("wallet.confirm", orderNo, () -> sandbox.confirm(outTradeNo));
  }

  private Reply recorded(String op, String orderNo, Supplier<Reply> call) {
    long at = clockMs.getAsLong();
    Reply reply = call.get();
    exchanges.add(
        new Exchange(
            at,
            clockMs.getAsLong() - at,
            op,
            "sandbox",
            orderNo,
            null,
            null,
            reply.status(),
            null,
            false,
            false,
            reply.status() == -1 ? reply.error() : reply.problem()));
    return reply;
  }
}
