package io.payonce.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * B1's copy of the server's {@code audit/AuditTrail}: audit rows (channel calls, notify receipts)
 * queued by the clients and written by one background thread on its own connection, a transaction
 * per batch of up to {@value #BATCH} rows gathered over a linger of {@link #LINGER}. {@link
 * #close()} writes what is queued and waits for it, so that a B1 measurement's audit rows are
 * committed inside its own window.
 */
final class RawAuditTrail implements AutoCloseable {

  /** As the server's: the first row waits this long for company. */
  static final Duration LINGER = Duration.ofMillis(200);

  private static final int BATCH = 500;

  /** One audit insert, run on the trail's connection. */
  @FunctionalInterface
  interface Row {
    void insert(Connection c) throws SQLException;
  }

  private final Connection connection;
  private final BlockingQueue<Row> pending = new LinkedBlockingQueue<>();
  private final AtomicReference<SQLException> failure = new AtomicReference<>();
  private final Thread writer;
  private volatile boolean closing;

  RawAuditTrail(Connection connection) {
    this.connection = connection;
    this.writer = new Thread(this::run, "bench-b1-audit");
    this.writer.setDaemon(true);
    this.writer.start();
  }

  void submit(Row row) {
    pending.add(row);
  }

  private void run() {
    List<Row> batch = new ArrayList<>();
    try {
      while (!closing || !pending.isEmpty()) {
        Row first = pending.poll(50, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        long lingerEnds = System.nanoTime() + LINGER.toNanos();
        while (batch.size() < BATCH) {
          long left = lingerEnds - System.nanoTime();
          Row next = left > 0 ? pending.poll(left, TimeUnit.NANOSECONDS) : null;
          if (next == null) {
            break;
          }
          batch.add(next);
        }
        write(batch);
        batch.clear();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (SQLException e) {
      failure.compareAndSet(null, e);
    }
  }

  private void write(List<Row> batch) throws SQLException {
    connection.setAutoCommit(false);
    try {
      for (Row row : batch) {
        row.insert(connection);
      }
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(true);
    }
  }

  /** Writes everything queued, waits for the writer, closes the connection. */
  @Override
  public void close() throws Exception {
    closing = true;
    writer.join(TimeUnit.SECONDS.toMillis(60));
    connection.close();
    if (writer.isAlive()) {
      throw new IllegalStateException("B1's audit rows were not written within 60 s");
    }
    if (failure.get() != null) {
      throw new IllegalStateException("B1's audit batch failed", failure.get());
    }
  }
}
