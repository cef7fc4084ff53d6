package io.payonce.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickUnits;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Draws a run's figures as PNG charts next to its report: for each database, throughput and latency
 * against concurrency per operation (the service, each floor and the composite floor; bars from the
 * lowest to the highest repetition), the service's ratios to its composite floor against the
 * issue's targets, and durable flushes per operation at c=1 against the design's targets.
 */
final class Charts {

  static final Map<Variant, Color> COLOURS =
      Map.of(
          Variant.SERVICE, new Color(0x20, 0x20, 0x20),
          Variant.B1, new Color(0x1f, 0x77, 0xb4),
          Variant.BCH, new Color(0xff, 0x7f, 0x0e),
          Variant.B2, new Color(0x2c, 0xa0, 0x2c),
          Variant.B0, new Color(0x8c, 0x8c, 0x8c));
  static final Color COMPOSITE = new Color(0xd6, 0x27, 0x28);
  static final Color TARGET = new Color(0xd6, 0x27, 0x28);

  private static final int PANEL_WIDTH = 720;
  private static final int PANEL_HEIGHT = 480;

  private final Report report;

  Charts(Report report) {
    this.report = report;
  }

  /** Writes every chart into {@code dir}; returns the files written. */
  List<Path> write(Path dir) throws IOException {
    List<Path> written = new ArrayList<>();
    for (BenchDatabase db : report.databases()) {
      String name = db.name().toLowerCase(Locale.ROOT);
      written.add(grid(dir.resolve("throughput-" + name + ".png"), throughput(db)));
      written.add(grid(dir.resolve("latency-" + name + ".png"), latency(db)));
      written.add(grid(dir.resolve("ratios-" + name + ".png"), ratios(db)));
      written.add(grid(dir.resolve("flushes-" + name + ".png"), List.of(flushes(db))));
    }
    return written;
  }

  private List<JFreeChart> throughput(BenchDatabase db) {
    List<JFreeChart> charts = new ArrayList<>();
    for (Operation op : Operation.values()) {
      YIntervalSeriesCollection data = new YIntervalSeriesCollection();
      List<Color> colours = new ArrayList<>();
      List<Boolean> dashed = new ArrayList<>();
      for (Variant variant : Variant.values()) {
        if (variant.appliesTo(op)) {
          data.addSeries(series(variant.label(), db, op, variant, Report.Metric.THROUGHPUT));
          colours.add(COLOURS.get(variant));
          dashed.add(false);
        }
      }
      data.addSeries(
          composite(floorName(op), c -> report.composite(db, op, c, Report.Metric.THROUGHPUT)));
      colours.add(COMPOSITE);
      dashed.add(true);
      charts.add(
          xyChart(
              db.label() + " — " + op.label() + ": throughput",
              "ops/s (log)",
              data,
              colours,
              dashed,
              true));
    }
    return charts;
  }

  private List<JFreeChart> latency(BenchDatabase db) {
    List<JFreeChart> charts = new ArrayList<>();
    for (Operation op : Operation.values()) {
      YIntervalSeriesCollection data = new YIntervalSeriesCollection();
      List<Color> colours = new ArrayList<>();
      List<Boolean> dashed = new ArrayList<>();
      data.addSeries(series("service p50", db, op, Variant.SERVICE, Report.Metric.P50));
      colours.add(COLOURS.get(Variant.SERVICE));
      dashed.add(false);
      data.addSeries(series("service p99", db, op, Variant.SERVICE, Report.Metric.P99));
      colours.add(COLOURS.get(Variant.SERVICE));
      dashed.add(true);
      data.addSeries(
          composite(floorName(op) + " p50", c -> report.composite(db, op, c, Report.Metric.P50)));
      colours.add(COMPOSITE);
      dashed.add(false);
      data.addSeries(
          composite(floorName(op) + " p99", c -> report.composite(db, op, c, Report.Metric.P99)));
      colours.add(COMPOSITE);
      dashed.add(true);
      for (Variant variant : Variant.values()) {
        if (variant != Variant.SERVICE && variant.appliesTo(op)) {
          data.addSeries(series(variant.label() + " p50", db, op, variant, Report.Metric.P50));
          colours.add(COLOURS.get(variant));
          dashed.add(false);
        }
      }
      charts.add(
          xyChart(
              db.label() + " — " + op.label() + ": latency",
              "ms (log)",
              data,
              colours,
              dashed,
              true));
    }
    return charts;
  }

  private List<JFreeChart> ratios(BenchDatabase db) {
    YIntervalSeriesCollection p50 = new YIntervalSeriesCollection();
    YIntervalSeriesCollection rate = new YIntervalSeriesCollection();
    List<Color> colours = new ArrayList<>();
    List<Boolean> dashed = new ArrayList<>();
    Color[] palette = {
      COLOURS.get(Variant.B1),
      COLOURS.get(Variant.BCH),
      COLOURS.get(Variant.B2),
      COLOURS.get(Variant.SERVICE)
    };
    for (Operation op : Operation.values()) {
      p50.addSeries(
          composite(op.label(), c -> report.ratioToComposite(db, op, c, Report.Metric.P50)));
      rate.addSeries(
          composite(op.label(), c -> report.ratioToComposite(db, op, c, Report.Metric.THROUGHPUT)));
      colours.add(palette[op.ordinal() % palette.length]);
      dashed.add(false);
    }
    JFreeChart latency =
        xyChart(
            db.label() + ": p50, service ÷ composite floor (target ≤ 1.25 at c=1)",
            "ratio",
            p50,
            colours,
            dashed,
            false);
    latency.getXYPlot().addRangeMarker(targetLine(1.25, "1.25"));
    JFreeChart throughput =
        xyChart(
            db.label() + ": ops/s, service ÷ composite floor (target ≥ 0.8 at c=16)",
            "ratio",
            rate,
            colours,
            dashed,
            false);
    throughput.getXYPlot().addRangeMarker(targetLine(0.8, "0.8"));
    return List.of(latency, throughput);
  }

  private JFreeChart flushes(BenchDatabase db) {
    DefaultCategoryDataset bars = new DefaultCategoryDataset();
    DefaultCategoryDataset targets = new DefaultCategoryDataset();
    List<Variant> shown = List.of(Variant.SERVICE, Variant.B1, Variant.B0);
    for (Operation op : Operation.values()) {
      for (Variant variant : shown) {
        Spread flush = report.cell(db, op, 1, variant, Report.Metric.FLUSH);
        if (!flush.isEmpty()) {
          bars.addValue(flush.median(), variant.label(), op.label());
        }
      }
      targets.addValue(op.flushTarget(), "design target", op.label());
    }
    JFreeChart chart =
        ChartFactory.createBarChart(
            db.label() + ": durable flushes per operation at c=1 (median of the repetitions)",
            null,
            "flushes / operation",
            bars,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    chart.getTitle().setFont(chart.getTitle().getFont().deriveFont(14f));
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.getDomainAxis().setMaximumCategoryLabelLines(3);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    BarRenderer renderer = (BarRenderer) plot.getRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    for (int i = 0; i < shown.size(); i++) {
      renderer.setSeriesPaint(i, COLOURS.get(shown.get(i)));
    }
    LineAndShapeRenderer target = new LineAndShapeRenderer(false, true);
    target.setSeriesPaint(0, TARGET);
    target.setSeriesShape(0, new Rectangle2D.Double(-18, -2, 36, 4));
    plot.setDataset(1, targets);
    plot.setRenderer(1, target);
    return chart;
  }

  private YIntervalSeries series(
      String name, BenchDatabase db, Operation op, Variant variant, Report.Metric metric) {
    return composite(name, c -> report.cell(db, op, c, variant, metric));
  }

  private YIntervalSeries composite(String name, java.util.function.IntFunction<Spread> figure) {
    YIntervalSeries series = new YIntervalSeries(name);
    for (int c : report.concurrencies()) {
      Spread s = figure.apply(c);
      if (!s.isEmpty() && s.min() > 0) {
        series.add(c, s.median(), s.min(), s.max());
      }
    }
    return series;
  }

  private static String floorName(Operation op) {
    return String.join(" + ", Variant.composite(op).stream().map(Variant::label).toList());
  }

  private JFreeChart xyChart(
      String title,
      String yLabel,
      YIntervalSeriesCollection data,
      List<Color> colours,
      List<Boolean> dashed,
      boolean logY) {
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            title,
            "client concurrency c",
            yLabel,
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    chart.getTitle().setFont(chart.getTitle().getFont().deriveFont(14f));
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    LogAxis x = new LogAxis("client concurrency c (log)");
    x.setBase(2);
    x.setNumberFormatOverride(new DecimalFormat("0"));
    // One tick per doubling (a log axis counts its tick unit in exponents).
    x.setTickUnit(new NumberTickUnit(1));
    plot.setDomainAxis(x);
    if (logY) {
      // Ticks at powers of two, one or two doublings apart, whichever fits.
      LogAxis y = new LogAxis(yLabel);
      y.setBase(2);
      y.setNumberFormatOverride(new DecimalFormat("0.##"));
      TickUnits units = new TickUnits();
      units.add(new NumberTickUnit(1));
      units.add(new NumberTickUnit(2));
      units.add(new NumberTickUnit(3));
      y.setStandardTickUnits(units);
      plot.setRangeAxis(y);
    } else {
      NumberAxis y = (NumberAxis) plot.getRangeAxis();
      y.setAutoRangeIncludesZero(true);
    }
    XYErrorRenderer renderer = new XYErrorRenderer();
    renderer.setDrawXError(false);
    renderer.setDrawYError(true);
    renderer.setDefaultLinesVisible(true);
    renderer.setDefaultShapesVisible(true);
    for (int i = 0; i < colours.size(); i++) {
      renderer.setSeriesPaint(i, colours.get(i));
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

  private static ValueMarker targetLine(double value, String label) {
    ValueMarker marker = new ValueMarker(value);
    marker.setPaint(TARGET);
    marker.setStroke(
        new BasicStroke(
            1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
    marker.setLabel("target " + label);
    marker.setLabelPaint(TARGET);
    marker.setLabelBackgroundColor(new Color(0, 0, 0, 0));
    marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
    marker.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
    return marker;
  }

  /** Draws the charts two to a row into one PNG. */
  static Path grid(Path file, List<JFreeChart> charts) throws IOException {
    int columns = Math.min(2, charts.size());
    int rows = (charts.size() + columns - 1) / columns;
    BufferedImage image =
        new BufferedImage(columns * PANEL_WIDTH, rows * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      for (int i = 0; i < charts.size(); i++) {
        charts
            .get(i)
            .draw(
                g,
                new Rectangle2D.Double(
                    (i % columns) * PANEL_WIDTH,
                    (i / columns) * PANEL_HEIGHT,
                    PANEL_WIDTH,
                    PANEL_HEIGHT));
      }
    } finally {
      g.dispose();
    }
    ImageIO.write(image, "png", file.toFile());
    return file;
  }
}
