package io.payonce.sandbox.wechat;

import io.payonce.sandbox.persistence.ChannelState;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.notify.PendingNotify;
import io.payonce.sandbox.wechat.notify.WechatNotifier;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The simulated WeChat Pay's merchants, ledger and pending notifies, in {@code wechat-state.json}.
 */
@Component
class WechatState
    extends ChannelState<WechatMerchant, WechatOrder, PendingNotify, WechatState.Saved> {

  WechatState(WechatMerchants merchants, WechatLedger ledger, WechatNotifier notifier) {
    super("wechat-state.json", Saved.class, Saved::new, merchants, ledger, notifier);
  }

  /** The file's content. */
  record Saved(
      List<WechatMerchant> merchants, List<WechatOrder> orders, List<PendingNotify> pending)
      implements ChannelState.Saved<WechatMerchant, WechatOrder, PendingNotify> {}
}
