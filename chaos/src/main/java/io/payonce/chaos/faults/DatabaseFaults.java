package io.payonce.chaos.faults;

import io.payonce.chaos.cluster.Database;
import io.payonce.chaos.cluster.Patroni;
import io.payonce.chaos.report.Timeline;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * The faults that take a database machine: kill -9 of the leader's node, a planned switchover, kill
 * -9 of the synchronous standby, SIGSTOP of the leader past its TTL, and the unsafe cancellation of
 * synchronous-replication waits. One at a time, each from a whole cluster (a leader, a synchronous
 * standby, three members running): a fault never lands on the wreck of the last. After each, a
 * write probe measures how long the cluster took to commit again — the failover window, its RTO —
 * and the window is kept for the report. A switchover's window runs from the old leader's last
 * commit, probed while the command runs: the old leader takes writes until Patroni demotes it,
 * which on a loaded machine came up to 20 s after the command, so counting from the command
 * measured Patroni's pace, not an outage.
 */
public final class DatabaseFaults implements AutoCloseable {

  private static final Duration WHOLE_WITHIN = Duration.ofSeconds(60);
  private static final Duration WRITABLE_WITHIN = Duration.ofSeconds(90);
  private static final Duration PROBE_EVERY = Duration.ofMillis(200);

  /** How long the unsafe fault waits for Patroni to promote before an operator forces it. */
  private static final Duration UNSAFE_PATIENCE = Duration.ofSeconds(30);

  /** One fault on the cluster and how long writes were unavailable after it. */
  public record Window(String what, long atMs, long lengthMs) {
    public String describe() {
      return what + " at " + atMs / 1000 + " s: " + (lengthMs < 0 ? "never" : lengthMs + " ms");
    }
  }

  private final Patroni patroni;
  private final Timeline timeline;
  private final BiConsumer<String, Integer> count;
  private final ExecutorService lane =
      Executors.newSingleThreadExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "database-faults");
            thread.setDaemon(true);
            return thread;
          });
  // Database faults queued or on: a planned one waits its turn behind another (the lane runs them
  // one at a time), a crash point's leader kill happens only when none is.
  private final AtomicInteger pending = new AtomicInteger();
  private final List<Window> windows = new ArrayList<>();
  private final List<String> down = new ArrayList<>();
  private final List<String> frozen = new ArrayList<>();
  private volatile boolean stopped;
  // Set when the run stops injecting: a planned fault still queued then is skipped.
  private volatile boolean closing;

  public DatabaseFaults(Patroni patroni, Timeline timeline, BiConsumer<String, Integer> count) {
    this.patroni = patroni;
    this.timeline = timeline;
    this.count = count;
  }

  /**
   * Queues a planned fault: it waits for the one on, if any, then for the cluster to be whole, or
   * is skipped. (A planned fault used to be skipped while another was on, and a short run whose
   * crash points kept killing the leader never switched over.)
   */
  public void inject(PlannedFault fault) {
    pending.incrementAndGet();
    lane.execute(
        () -> {
          try {
            if (closing) {
              timeline.point("database", "skipped " + fault.label() + " (the run is over)");
              return;
            }
            if (!awaitWhole()) {
              timeline.point("database", "skipped " + fault.label() + " (cluster not whole)");
              return;
            }
            switch (fault.kind()) {
              case LEADER -> killLeader(fault.label(), fault.forMs());
              case SWITCHOVER -> switchover();
              case STANDBY -> killStandby(fault.forMs());
              case FREEZE -> freezeLeader(fault.forMs());
              case UNSAFE -> unsafe(fault.forMs());
              default ->
                  throw new IllegalArgumentException(fault.kind() + " is not a database fault");
            }
          } catch (RuntimeException e) {
            timeline.point("database", fault.label() + " failed: " + e.getMessage());
          } finally {
            pending.decrementAndGet();
          }
        });
  }

  /**
   * Kills the leader now because an instance stalls at {@code point}: only when no other database
   * fault is on and the cluster is whole, else nothing.
   */
  public void killLeaderAt(String point, String instance) {
    if (stopped || !pending.compareAndSet(0, 1)) {
      return;
    }
    lane.execute(
        () -> {
          try {
            if (patroni.whole()) {
              killLeader("kill -9 of the leader at " + point + " (" + instance + ")", 5_000);
            }
          } catch (RuntimeException e) {
            timeline.point("database", "kill at " + point + " failed: " + e.getMessage());
          } finally {
            pending.decrementAndGet();
          }
        });
  }

  /** The windows measured so far. */
  public synchronized List<Window> windows() {
    return List.copyOf(windows);
  }

  private void killLeader(String label, long downForMs) {
    String leader = patroni.leader().orElseThrow().name();
    count.accept("leader kill", 1);
    long at = timeline.nowMs();
    timeline.point("database", label + ": " + leader + " (restart in " + downForMs + " ms)");
    patroni.kill(leader);
    markDown(leader);
    long length = awaitWritable(at, leader);
    record(new Window(label, at, length));
    pause(Math.max(0, downForMs - (timeline.nowMs() - at)));
    restart(leader);
  }

  private void switchover() {
    count.accept("switchover", 1);
    long at = timeline.nowMs();
    String from = patroni.leader().map(Patroni.Member::name).orElse("?");
    timeline.point("database", "switchover from " + from);
    // The old leader takes writes until Patroni demotes it, which may be seconds after the
    // command: probe while it runs, and count the outage from the old leader's last commit.
    CompletableFuture<Void> command = CompletableFuture.runAsync(patroni::switchover);
    long length = awaitWritable(at, from, WRITABLE_WITHIN, command::isCompletedExceptionally);
    command.join();
    record(new Window("switchover from " + from, at, length));
  }

  private void killStandby(long downForMs) {
    String standby = patroni.synchronousStandby().orElseThrow().name();
    count.accept("standby kill", 1);
    long at = timeline.nowMs();
    timeline.point("database", "kill -9 of the synchronous standby " + standby);
    patroni.kill(standby);
    markDown(standby);
    record(
        new Window("kill -9 of the synchronous standby " + standby, at, awaitWritable(at, null)));
    pause(Math.max(0, downForMs - (timeline.nowMs() - at)));
    restart(standby);
  }

  private void freezeLeader(long forMs) {
    String leader = patroni.leader().orElseThrow().name();
    count.accept("leader freeze", 1);
    long at = timeline.nowMs();
    Timeline.Span span = timeline.begin("database", "SIGSTOP of the leader " + leader);
    patroni.freeze(leader);
    synchronized (this) {
      frozen.add(leader);
    }
    long length = awaitWritable(at, leader);
    record(new Window("SIGSTOP of the leader " + leader, at, length));
    pause(Math.max(0, forMs - (timeline.nowMs() - at)));
    thaw(leader);
    span.end();
  }

  /**
   * What docs/operations.md forbids, to show why: with both standbys down (killed: a frozen one
   * still takes WAL into its socket buffer), commits on the leader wait for the synchronous one;
   * cancelling those waits makes PostgreSQL report them committed though no other machine has them;
   * then the leader dies and the standbys come back. {@code maximum_lag_on_failover: 0} refuses to
   * promote a standby that lacks them, so writes stay down until an operator forces a failover,
   * which loses every acknowledged fact only the dead leader had: invariant I8 reports them.
   */
  private void unsafe(long downForMs) {
    String leader = patroni.leader().orElseThrow().name();
    String standby = patroni.synchronousStandby().orElseThrow().name();
    List<String> standbys =
        patroni.members().stream()
            .map(Patroni.Member::name)
            .filter(name -> !name.equals(leader))
            .toList();
    count.accept("unsafe", 1);
    long at = timeline.nowMs();
    timeline.point(
        "database",
        "UNSAFE: kill -9 of the standbys "
            + standbys
            + ", cancel the commits waiting for "
            + standby
            + " on "
            + leader
            + ", kill -9 of "
            + leader);
    for (String node : standbys) {
      patroni.kill(node);
      markDown(node);
    }
    int cancelled = 0;
    long until = System.nanoTime() + Duration.ofMillis(2_500).toNanos();
    while (System.nanoTime() < until) {
      cancelled += cancelSyncRepWaits(leader);
      pause(100);
    }
    patroni.kill(leader);
    markDown(leader);
    standbys.forEach(this::restart);
    timeline.point("database", "UNSAFE: " + cancelled + " synchronous-replication waits cancelled");
    long length = awaitWritable(at, leader, UNSAFE_PATIENCE);
    if (length < 0) {
      timeline.point(
          "database",
          "UNSAFE: no standby promoted within "
              + UNSAFE_PATIENCE
              + " (maximum_lag_on_failover: 0); forcing a failover to "
              + standby);
      patroni.forceFailover(standby);
      length = awaitWritable(at, leader, WRITABLE_WITHIN);
    }
    record(new Window("UNSAFE leader kill " + leader, at, length));
    pause(Math.max(0, downForMs - (timeline.nowMs() - at)));
    restart(leader);
  }

  private int cancelSyncRepWaits(String node) {
    String url = "jdbc:postgresql://127.0.0.1:" + patroni.port(node) + "/postgres?connectTimeout=2";
    try (Connection c = DriverManager.getConnection(url, Database.PATRONI.user(), "");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT count(pg_cancel_backend(pid)) FROM pg_stat_activity"
                    + " WHERE wait_event = 'SyncRep'")) {
      return rs.next() ? rs.getInt(1) : 0;
    } catch (SQLException e) {
      return 0;
    }
  }

  /**
   * Writes until one commits with its synchronous copy, through the URL the instances use (the
   * driver finds the primary); the window is from the fault until then, -1 if it never did. A node
   * named {@code notOn} must not be the one that answered (it is dead or frozen).
   */
  private long awaitWritable(long fromMs, String notOn) {
    return awaitWritable(fromMs, notOn, WRITABLE_WITHIN);
  }

  private long awaitWritable(long fromMs, String notOn, Duration within) {
    return awaitWritable(fromMs, notOn, within, null);
  }

  /**
   * As above; with {@code switchoverFailed} (a switchover under way), a commit on {@code notOn}
   * means writes still work then, so the window runs from its last one; the probe gives up when the
   * switchover command failed.
   */
  private long awaitWritable(
      long fromMs, String notOn, Duration within, BooleanSupplier switchoverFailed) {
    boolean notOnStillWrites = switchoverFailed != null;
    long deadline = System.nanoTime() + within.toNanos();
    String url =
        Database.PATRONI
            .url()
            .replace("connectTimeout=3", "connectTimeout=1")
            .replace("socketTimeout=10", "socketTimeout=3");
    String last = "no attempt";
    while (System.nanoTime() < deadline
        && !stopped
        && (switchoverFailed == null || !switchoverFailed.getAsBoolean())) {
      try (Connection c = DriverManager.getConnection(url, Database.PATRONI.user(), "");
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT txid_current(), inet_server_port()")) {
        rs.next();
        if (notOn == null || rs.getInt(2) != patroni.port(notOn)) {
          long length = timeline.nowMs() - fromMs;
          timeline.point("database", "writes commit again after " + length + " ms");
          return length;
        }
        if (notOnStillWrites) {
          fromMs = Math.max(fromMs, timeline.nowMs());
          last = "committed on " + notOn + ", still the leader";
        } else {
          last = "answered by " + notOn + ", which is down";
        }
      } catch (SQLException e) {
        // Not yet: no primary, or it cannot commit.
        last = e.getSQLState() + " " + e.getMessage();
      }
      pause(PROBE_EVERY.toMillis());
    }
    timeline.point(
        "database",
        "writes did not commit again within "
            + WRITABLE_WITHIN
            + (stopped ? " (stopped)" : "")
            + "; last probe: "
            + last
            + (Thread.currentThread().isInterrupted() ? " (interrupted)" : ""));
    return -1;
  }

  private boolean awaitWhole() {
    long deadline = System.nanoTime() + WHOLE_WITHIN.toNanos();
    while (!stopped && System.nanoTime() < deadline) {
      if (patroni.whole()) {
        return true;
      }
      pause(1_000);
    }
    return false;
  }

  private synchronized void record(Window window) {
    windows.add(window);
  }

  private synchronized void markDown(String node) {
    down.add(node);
  }

  private void restart(String node) {
    patroni.restart(node);
    synchronized (this) {
      down.remove(node);
    }
    timeline.point("database", node + " started again");
  }

  private void thaw(String node) {
    patroni.thaw(node);
    synchronized (this) {
      frozen.remove(node);
    }
    timeline.point("database", node + " continues (SIGCONT)");
  }

  /**
   * Stops injecting; thaws and restarts what is still frozen or down; waits for a whole cluster.
   */
  @Override
  public void close() {
    // A fault under way runs to its end (each is bounded: its write probe, then its restart):
    // interrupting it midway leaves a node killed but not restarted, or a standby frozen.
    closing = true;
    lane.shutdown();
    try {
      if (!lane.awaitTermination(3, TimeUnit.MINUTES)) {
        lane.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    stopped = true;
    List<String> toThaw;
    List<String> toStart;
    synchronized (this) {
      toThaw = new ArrayList<>(frozen);
      toStart = new ArrayList<>(down);
    }
    toThaw.forEach(this::thaw);
    toStart.forEach(this::restart);
    stopped = false;
    boolean whole = awaitWhole();
    stopped = true;
    if (!whole) {
      timeline.point("database", "the cluster is not whole after the faults");
    }
  }

  /** The leader's node, if one leads. */
  public Optional<String> leader() {
    return patroni.leader().map(Patroni.Member::name);
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
