package io.payonce.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Where PostgreSQL's work goes, per paid order: each table's index and sequential scans, inserted,
 * updated (HOT among them) and deleted rows, and the database's commits, from the cumulative
 * statistics views before and after a level. Backends publish their counts at most once a second
 * while busy and within ten seconds once idle, so each snapshot first waits {@link #SETTLE}.
 *
 * <p>Where the server has {@code pg_stat_statements} loaded ({@code shared_preload_libraries}; see
 * {@code scripts/pg-statements-cluster}), also each statement's calls, rows and execution time per
 * paid order: the extension is created in the bench's database and reset after the first snapshot,
 * and read after the second (IN lists of any length count as one statement). Without it, the
 * statements are left out and said to be.
 */
final class TableWork {

  /** Longer than PostgreSQL's idle flush interval of pending statistics (10 s). */
  static final long SETTLE = TimeUnit.SECONDS.toNanos(11);

  static final String HEADER =
      "| table | index scans | seq scans | rows inserted | rows updated (HOT) | rows deleted |";

  private static final String[] COLUMNS = {"idx", "seq", "ins", "upd", "hot", "del"};

  private final Connection monitor;
  private Snapshot before;

  /** The counts at one moment: per table, and the database's commits. */
  record Snapshot(Map<String, long[]> tables, long commits) {}

  static final String STATEMENTS_HEADER =
      "| calls | rows | exec ms | share of exec time | statement |";

  /** How many of the busiest statements a level reports. */
  private static final int STATEMENTS_SHOWN = 30;

  private boolean statements;

  /** What one level did, per paid order; {@code statements} empty without pg_stat_statements. */
  record PerOrder(List<String> rows, double commits, List<String> statements) {}

  TableWork(Connection monitor) {
    this.monitor = monitor;
  }

  void start() throws SQLException {
    before = snapshot();
    statements = resetStatements();
  }

  // Whether pg_stat_statements is there (it needs shared_preload_libraries), reset for this level.
  private boolean resetStatements() {
    try (Statement s = monitor.createStatement()) {
      s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      s.execute("SELECT pg_stat_statements_reset()");
      return true;
    } catch (SQLException notLoaded) {
      return false;
    }
  }

  /** The work of {@code orders} paid orders since {@link #start}. */
  PerOrder stop(int orders) throws SQLException {
    Snapshot after = snapshot();
    return new PerOrder(
        perOrder(before.tables(), after.tables(), orders),
        (after.commits() - before.commits()) / (double) orders,
        statements ? statementsPerOrder(orders) : List.of());
  }

  /** Markdown rows, the statements the most time went to first, with a total line. */
  private List<String> statementsPerOrder(int orders) throws SQLException {
    record Family(String text, long calls, long rows, double ms) {}
    Map<String, Family> families = new LinkedHashMap<>();
    try (Statement s = monitor.createStatement();
        ResultSet rs =
            s.executeQuery(
                """
                SELECT query, calls, rows, total_exec_time FROM pg_stat_statements
                WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                """)) {
      while (rs.next()) {
        String text = family(rs.getString(1));
        families.merge(
            text,
            new Family(text, rs.getLong(2), rs.getLong(3), rs.getDouble(4)),
            (a, b) ->
                new Family(text, a.calls() + b.calls(), a.rows() + b.rows(), a.ms() + b.ms()));
      }
    }
    List<Family> busiest = new ArrayList<>(families.values());
    busiest.sort(Comparator.comparingDouble(Family::ms).reversed());
    double totalMs = busiest.stream().mapToDouble(Family::ms).sum();
    long totalCalls = busiest.stream().mapToLong(Family::calls).sum();
    List<String> rows = new ArrayList<>();
    rows.add(
        String.format(
            Locale.ROOT,
            "| %.2f | | %.3f | 100 %% | all %d statements |",
            totalCalls / (double) orders,
            totalMs / orders,
            busiest.size()));
    for (Family f : busiest.subList(0, Math.min(STATEMENTS_SHOWN, busiest.size()))) {
      rows.add(
          String.format(
              Locale.ROOT,
              "| %.3f | %.3f | %.3f | %.1f %% | `%s` |",
              f.calls() / (double) orders,
              f.rows() / (double) orders,
              f.ms() / orders,
              totalMs == 0 ? 0 : 100 * f.ms() / totalMs,
              f.text()));
    }
    return rows;
  }

  /** A statement's text on one line, its IN lists as {@code IN (...)}, cut to 140 characters. */
  static String family(String query) {
    String oneLine =
        query
            .replaceAll("\\s+", " ")
            .replaceAll("IN \\(\\$\\d+(, \\$\\d+)*\\)", "IN (...)")
            .replace('|', '/')
            .replace('`', '\'')
            .trim();
    return oneLine.length() <= 140 ? oneLine : oneLine.substring(0, 137) + "...";
  }

  private Snapshot snapshot() throws SQLException {
    LockSupport.parkNanos(SETTLE);
    Map<String, long[]> counts = new LinkedHashMap<>();
    try (Statement s = monitor.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              """
              SELECT relname, COALESCE(idx_scan, 0), seq_scan, n_tup_ins, n_tup_upd,
                     n_tup_hot_upd, n_tup_del
              FROM pg_stat_user_tables
              """)) {
        while (rs.next()) {
          long[] row = new long[COLUMNS.length];
          for (int i = 0; i < row.length; i++) {
            row[i] = rs.getLong(i + 2);
          }
          counts.put(rs.getString(1), row);
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
        rs.next();
        return new Snapshot(counts, rs.getLong(1));
      }
    }
  }

  /** Markdown rows, busiest table first; tables nothing touched are left out. */
  static List<String> perOrder(Map<String, long[]> before, Map<String, long[]> after, int orders) {
    record Line(String table, double[] perOrder) {
      double weight() {
        return perOrder[0] + perOrder[1] + perOrder[2] + perOrder[3] + perOrder[5];
      }
    }
    List<Line> lines = new ArrayList<>();
    after.forEach(
        (table, now) -> {
          long[] then = before.getOrDefault(table, new long[now.length]);
          double[] per = new double[now.length];
          for (int i = 0; i < now.length; i++) {
            per[i] = (now[i] - then[i]) / (double) orders;
          }
          Line line = new Line(table, per);
          if (line.weight() > 0) {
            lines.add(line);
          }
        });
    lines.sort(Comparator.comparingDouble(Line::weight).reversed());
    List<String> rows = new ArrayList<>();
    for (Line line : lines) {
      double[] p = line.perOrder();
      rows.add(
          String.format(
              Locale.ROOT,
              "| %s | %.2f | %.2f | %.2f | %.2f (%.2f) | %.2f |",
              line.table(),
              p[0],
              p[1],
              p[2],
              p[3],
              p[4],
              p[5]));
    }
    return rows;
  }
}
