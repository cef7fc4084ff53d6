package io.payonce.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Draws the reconciliation benchmark's figures — rows/s and peak heap against bill size, the
 * reconciliation beside its B0 (parsing alone) — from the Markdown tables that {@code
 * server/.../ReconciliationBenchmark} prints, read from its output or from BENCHMARKS.md's
 * "Reconciliation" section. The benchmark itself lives in the server's tests; this only reads what
 * it printed.
 *
 * <p>{@code reconciliation-charts [--from=BENCHMARKS.md] [--out=DIR]}
 */
final class ReconciliationCharts {

  static final String COMMAND = "reconciliation-charts";

  /** One row of a table: a bill size and what was measured for it. NaN where not reported. */
  record Row(
      String database,
      long rows,
      double parseRowsPerSecond,
      double parseHeapMb,
      double reconcileRowsPerSecond,
      double reconcileHeapMb) {}

  private ReconciliationCharts() {}

  static void main(String[] args) throws IOException {
    Path from = Path.of("BENCHMARKS.md");
    Path out = Path.of("target", "bench-results");
    for (String arg : args) {
      String[] pair = arg.replaceFirst("^--", "").split("=", 2);
      switch (pair[0]) {
        case "from" -> from = Path.of(pair[1]);
        case "out" -> out = Path.of(pair[1]);
        default -> throw new IllegalArgumentException("unknown option " + arg);
      }
    }
    List<Row> rows = parse(Files.readAllLines(from));
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("no reconciliation table in " + from);
    }
    Files.createDirectories(out);
    rows.forEach(
        row ->
            System.out.printf(
                Locale.ROOT,
                "%s %,d rows: reconcile %,.0f rows/s, %.0f MB; parse (B0) %,.0f rows/s, %.0f MB%n",
                row.database(),
                row.rows(),
                row.reconcileRowsPerSecond(),
                row.reconcileHeapMb(),
                row.parseRowsPerSecond(),
                row.parseHeapMb()));
    Path chart = out.resolve("reconciliation.png").toAbsolutePath();
    Charts.grid(chart, List.of(rate(rows), heap(rows)));
    System.out.println("Chart: " + chart);
  }

  /**
   * The rows of every table whose header names "reconcile rows/s", inside the "Reconciliation"
   * section when there is one. A table is H2's when the text before it says so (or {@code
   * database=h2}), PostgreSQL's otherwise.
   */
  static List<Row> parse(List<String> lines) {
    boolean hasSection = lines.stream().anyMatch(ReconciliationCharts::isReconciliationHeading);
    boolean inSection = !hasSection;
    String database = "PostgreSQL";
    Map<String, Integer> columns = null;
    List<Row> rows = new ArrayList<>();
    for (String raw : lines) {
      String line = raw.trim();
      if (line.startsWith("## ")) {
        inSection = !hasSection || isReconciliationHeading(line);
        columns = null;
        continue;
      }
      if (!inSection) {
        continue;
      }
      if (!line.startsWith("|")) {
        columns = null;
        if (!line.isEmpty()) {
          database = databaseOf(line, database);
        }
        continue;
      }
      List<String> cells = cells(line);
      if (columns == null) {
        if (cells.contains("reconcile rows/s")) {
          columns = new LinkedHashMap<>();
          for (int i = 0; i < cells.size(); i++) {
            columns.put(cells.get(i), i);
          }
        }
        continue;
      }
      if (line.startsWith("|---") || line.startsWith("| ---")) {
        continue;
      }
      rows.add(
          new Row(
              database,
              (long) number(cells, columns, "rows"),
              number(cells, columns, "B0 rows/s"),
              number(cells, columns, "B0 peak heap MB"),
              number(cells, columns, "reconcile rows/s"),
              number(cells, columns, "reconcile peak heap MB")));
    }
    return rows;
  }

  private static boolean isReconciliationHeading(String line) {
    return line.trim().toLowerCase(Locale.ROOT).startsWith("## reconciliation");
  }

  private static String databaseOf(String text, String current) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (text.startsWith("H2") || lower.contains("database=h2")) {
      return "H2";
    }
    if (lower.contains("database=postgres") || lower.startsWith("**machine")) {
      return "PostgreSQL";
    }
    return current;
  }

  private static List<String> cells(String line) {
    String inner = line.substring(1, line.endsWith("|") ? line.length() - 1 : line.length());
    return Arrays.stream(inner.split("\\|")).map(String::trim).toList();
  }

  private static double number(List<String> cells, Map<String, Integer> columns, String name) {
    Integer index = columns.get(name);
    if (index == null || index >= cells.size()) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(cells.get(index).replace(",", ""));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static JFreeChart rate(List<Row> rows) {
    return chart(
        "Reconciliation: rows/s against bill size",
        "rows / s",
        rows,
        Row::reconcileRowsPerSecond,
        Row::parseRowsPerSecond);
  }

  private static JFreeChart heap(List<Row> rows) {
    return chart(
        "Reconciliation: peak heap against bill size",
        "peak heap MB",
        rows,
        Row::reconcileHeapMb,
        Row::parseHeapMb);
  }

  private static JFreeChart chart(
      String title,
      String yLabel,
      List<Row> rows,
      java.util.function.ToDoubleFunction<Row> reconcile,
      java.util.function.ToDoubleFunction<Row> parse) {
    XYSeriesCollection data = new XYSeriesCollection();
    List<Boolean> dashed = new ArrayList<>();
    for (String database : rows.stream().map(Row::database).distinct().toList()) {
      List<Row> of = rows.stream().filter(r -> r.database().equals(database)).toList();
      data.addSeries(series(database + " reconcile", of, reconcile));
      dashed.add(false);
      data.addSeries(series(database + " B0 (parse only)", of, parse));
      dashed.add(true);
    }
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            title, "bill rows (log)", yLabel, data, PlotOrientation.VERTICAL, true, false, false);
    chart.getTitle().setFont(chart.getTitle().getFont().deriveFont(14f));
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    LogAxis x = new LogAxis("bill rows (log)");
    x.setNumberFormatOverride(new DecimalFormat("#,##0"));
    // One tick per power of ten (a log axis counts its tick unit in exponents).
    x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
    plot.setDomainAxis(x);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    Color[] palette = {Charts.COLOURS.get(Variant.B1), Charts.COLOURS.get(Variant.BCH)};
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesPaint(i, palette[(i / 2) % palette.length]);
      renderer.setSeriesStroke(
          i,
          dashed.get(i)
              ? new BasicStroke(
                  1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f)
              : new BasicStroke(1.8f));
    }
    plot.setRenderer(renderer);
    return chart;
  }

  private static XYSeries series(
      String name, List<Row> rows, java.util.function.ToDoubleFunction<Row> value) {
    XYSeries series = new XYSeries(name);
    for (Row row : rows) {
      double y = value.applyAsDouble(row);
      if (!Double.isNaN(y)) {
        series.add(row.rows(), y);
      }
    }
    return series;
  }
}
