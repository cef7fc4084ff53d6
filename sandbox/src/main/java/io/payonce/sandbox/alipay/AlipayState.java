package io.payonce.sandbox.alipay;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.notify.AlipayNotifier;
import io.payonce.sandbox.alipay.notify.PendingNotify;
import io.payonce.sandbox.persistence.ChannelState;
import java.util.List;
import org.springframework.stereotype.Component;

/** The simulated Alipay's apps, ledger and pending notifies, in {@code alipay-state.json}. */
@Component
class AlipayState extends ChannelState<AlipayApp, AlipayOrder, PendingNotify, AlipayState.Saved> {

  AlipayState(AlipayApps apps, AlipayLedger ledger, AlipayNotifier notifier) {
    super("alipay-state.json", Saved.class, Saved::new, apps, ledger, notifier);
  }

  /** The file's content; its merchants are {@code apps}. */
  record Saved(List<AlipayApp> apps, List<AlipayOrder> orders, List<PendingNotify> pending)
      implements ChannelState.Saved<AlipayApp, AlipayOrder, PendingNotify> {

    @Override
    public List<AlipayApp> merchants() {
      return apps;
    }
  }

  /** Counts apps, as it always has: re-registering an app is saved with the next change. */
  @Override
  protected long version() {
    return ledger.version() + notifier.version() + merchants.all().size();
  }
}
