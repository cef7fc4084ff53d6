package io.payonce.sandbox.persistence;

import io.payonce.sandbox.ledger.Ledger;
import io.payonce.sandbox.ledger.LedgerRow;
import io.payonce.sandbox.merchant.MerchantRegistry;
import io.payonce.sandbox.notify.Notifier;
import io.payonce.sandbox.notify.PendingNotice;
import java.util.List;

/**
 * What of a simulated channel survives a restart: its merchants, its ledger and its pending
 * notifies. The channel names the file and the shape of its content ({@link Saved}).
 */
public abstract class ChannelState<
        M, O extends LedgerRow, N extends PendingNotice<N>, S extends ChannelState.Saved<M, O, N>>
    implements PersistentState<S> {

  /** The file's content. */
  public interface Saved<M, O, N> {

    List<M> merchants();

    List<O> orders();

    List<N> pending();
  }

  /** Builds the file's content. */
  public interface Snapshot<M, O, N, S> {

    S of(List<M> merchants, List<O> orders, List<N> pending);
  }

  private final String fileName;
  private final Class<S> type;
  private final Snapshot<M, O, N, S> snapshot;
  protected final MerchantRegistry<M> merchants;
  protected final Ledger<O> ledger;
  protected final Notifier<N, ?> notifier;

  protected ChannelState(
      String fileName,
      Class<S> type,
      Snapshot<M, O, N, S> snapshot,
      MerchantRegistry<M> merchants,
      Ledger<O> ledger,
      Notifier<N, ?> notifier) {
    this.fileName = fileName;
    this.type = type;
    this.snapshot = snapshot;
    this.merchants = merchants;
    this.ledger = ledger;
    this.notifier = notifier;
  }

  @Override
  public String fileName() {
    return fileName;
  }

  @Override
  public Class<S> type() {
    return type;
  }

  @Override
  public long version() {
    return ledger.version() + notifier.version() + merchants.version();
  }

  @Override
  public S snapshot() {
    return snapshot.of(List.copyOf(merchants.all()), ledger.all(), notifier.pending());
  }

  @Override
  public Restored restore(S saved) {
    saved.merchants().forEach(merchants::register);
    ledger.restore(saved.orders());
    notifier.restore(saved.pending());
    return new Restored(saved.orders().size(), saved.pending().size());
  }
}
