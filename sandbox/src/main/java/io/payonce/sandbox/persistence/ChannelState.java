package io.payonce.sandbox.persistence;

import io.payonce.sandbox.ledger.Ledger;
import io.payonce.sandbox.ledger.LedgerEntry;
import io.payonce.sandbox.merchant.MerchantRegistry;
import io.payonce.sandbox.notify.Notifier;
import io.payonce.sandbox.notify.PendingNotice;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What of a simulated channel survives a restart: its merchants, its ledger and its pending
 * notifies, in its own file of the data dir. The channel names the file and its content's record.
 */
public abstract class ChannelState<
    M, O extends LedgerEntry, N extends PendingNotice<N>, S extends ChannelState.Saved<M, O, N>> {

  private static final Logger log = LoggerFactory.getLogger(ChannelState.class);

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
  private long savedVersion = -1;

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

  /** Changes whenever something saved changed. */
  protected long version() {
    return ledger.version() + notifier.version() + merchants.version();
  }

  /** Takes over what an earlier run saved, if it did. */
  void restore(StateFile file) {
    file.read(fileName, type)
        .ifPresent(
            saved -> {
              saved.merchants().forEach(merchants::register);
              ledger.restore(saved.orders());
              notifier.restore(saved.pending());
              log.info(
                  "sandbox_state_restored file={} orders={} pending_notifies={}",
                  fileName,
                  saved.orders().size(),
                  saved.pending().size());
            });
  }

  /** Writes the file when something changed since the last write. Called on one thread. */
  void saveIfChanged(StateFile file) {
    long version = version();
    if (version == savedVersion) {
      return;
    }
    try {
      file.write(
          fileName, snapshot.of(List.copyOf(merchants.all()), ledger.all(), notifier.pending()));
      savedVersion = version;
    } catch (RuntimeException e) {
      log.warn(
          "sandbox_state_not_saved file={} type={} message={}",
          fileName,
          e.getClass().getSimpleName(),
          e.getMessage());
    }
  }
}
