package io.payonce.chaos.report;

import io.payonce.chaos.check.Invariant;
import io.payonce.chaos.check.Verdict;
import io.payonce.chaos.check.Violation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run as one self-contained HTML page (inline CSS and SVG, nothing fetched): the invariants, a
 * timeline of faults per lane, throughput over time, convergence after the workload, and every
 * violation with its order's story.
 */
public final class HtmlReport {

  private static final int WIDTH = 1100;
  private static final int LEFT = 110;
  private static final int RIGHT = 20;
  private static final int ROW = 16;

  private HtmlReport() {}

  public static String render(ReportData data) {
    Verdict verdict = data.verdict();
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>PayOnce chaos run, seed ")
        .append(data.seed())
        .append("</title><style>")
        .append(
            "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}"
                + "h1{font-size:20px}h2{font-size:16px;margin-top:28px}"
                + "code,pre{font:12px ui-monospace,monospace}pre{white-space:pre-wrap;background:#f6f6f6;padding:8px}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}"
                + ".pass{color:#fff;background:#2a7;padding:2px 8px;border-radius:3px}"
                + ".fail{color:#fff;background:#c33;padding:2px 8px;border-radius:3px}"
                + ".bad{color:#c33;font-weight:bold}svg text{font:11px system-ui,sans-serif}"
                + "details{margin:4px 0}summary{cursor:pointer}")
        .append("</style></head><body>");
    html.append("<h1>PayOnce chaos run, seed ")
        .append(data.seed())
        .append(" ")
        .append(
            verdict.holds()
                ? "<span class=\"pass\">PASSED</span>"
                : "<span class=\"fail\">FAILED: " + verdict.total() + " violations</span>")
        .append("</h1>");
    html.append("<p>Replay: <code>").append(esc(data.replayCommand())).append("</code></p><ul>");
    data.setup().forEach(line -> html.append("<li>").append(esc(line)).append("</li>"));
    html.append("<li>scenarios: ").append(esc(data.scenarios().toString())).append("</li>");
    html.append("<li>").append(esc(data.requests())).append("</li>");
    html.append("<li>faults injected: ").append(esc(data.faults().toString())).append("</li>");
    html.append("<li>")
        .append(
            esc(
                String.format(
                    Locale.ROOT, "workload ended at +%.1f s; ", data.workloadEndMs() / 1000.0)))
        .append(
            data.convergedAtMs() >= 0
                ? esc(
                    String.format(
                        Locale.ROOT,
                        "converged %.1f s later (every invariant held, nothing in flight)",
                        (data.convergedAtMs() - data.workloadEndMs()) / 1000.0))
                : "<span class=\"bad\">did not converge</span>: " + esc(TextReport.settling(data)))
        .append("</li></ul>");
    invariants(html, verdict);
    html.append("<h2>Faults over time</h2>").append(timeline(data));
    html.append("<h2>Throughput</h2>").append(throughput(data));
    html.append("<h2>Convergence after the workload</h2>").append(convergence(data));
    html.append("<h2>Requests by operation</h2><pre>");
    data.latencies().forEach(line -> html.append(esc(line)).append('\n'));
    html.append("</pre>");
    violations(html, data);
    html.append("</body></html>\n");
    return html.toString();
  }

  private static void invariants(StringBuilder html, Verdict verdict) {
    html.append("<h2>Invariants</h2><table><tr><th></th><th>invariant</th><th>rule</th>")
        .append("<th>violations</th><th>orders</th></tr>");
    for (Invariant invariant : Invariant.values()) {
      List<Violation> found = verdict.of(invariant);
      Set<String> orders = new LinkedHashSet<>();
      found.forEach(v -> orders.add(v.orderNo() == null ? "-" : v.orderNo()));
      html.append("<tr><td>")
          .append(invariant.name())
          .append("</td><td>")
          .append(esc(invariant.title()))
          .append("</td><td>")
          .append(esc(invariant.rule()))
          .append("</td><td")
          .append(found.isEmpty() ? ">" : " class=\"bad\">")
          .append(found.size())
          .append("</td><td>")
          .append(esc(TextReport.abbreviate(String.join(" ", orders), 200)))
          .append("</td></tr>");
    }
    html.append("</table>");
  }

  private static void violations(StringBuilder html, ReportData data) {
    if (data.verdict().holds()) {
      return;
    }
    html.append("<h2>Violations</h2>");
    for (Invariant invariant : Invariant.values()) {
      for (Violation v : data.verdict().of(invariant)) {
        html.append("<details><summary><b>")
            .append(invariant.name())
            .append("</b> ")
            .append(esc(v.orderNo() == null ? "-" : v.orderNo()))
            .append(": ")
            .append(esc(v.detail()))
            .append("</summary><pre>");
        if (v.orderNo() != null) {
          data.notes().apply(v.orderNo()).forEach(n -> html.append(esc(n)).append('\n'));
        }
        html.append("</pre></details>");
      }
    }
  }

  private static String timeline(ReportData data) {
    long end = Math.max(1, data.runEndMs());
    Map<String, List<long[]>> bars = new LinkedHashMap<>();
    Map<String, List<String>> labels = new LinkedHashMap<>();
    Map<String, List<String>> colours = new LinkedHashMap<>();
    Map<String, Long> downSince = new LinkedHashMap<>();
    List<Timeline.Entry> points = new ArrayList<>();
    for (Timeline.Entry e : data.timeline()) {
      String lane = e.lane();
      if (e.span()) {
        add(
            bars,
            labels,
            colours,
            lane,
            e.startMs(),
            e.endMs() < 0 ? end : e.endMs(),
            e.what(),
            lane.startsWith("instance") ? "#e90" : "#86c");
      } else if (lane.startsWith("instance")
          && (e.what().startsWith("kill -9") || e.what().startsWith("exited"))) {
        downSince.putIfAbsent(lane, e.startMs());
        points.add(e);
      } else if (lane.startsWith("instance") && e.what().startsWith("up (")) {
        Long since = downSince.remove(lane);
        if (since != null) {
          add(bars, labels, colours, lane, since, e.startMs(), "down", "#c33");
        }
      } else if (!lane.equals("cluster") && !lane.equals("sandbox")) {
        points.add(e);
      }
    }
    downSince.forEach(
        (lane, since) -> add(bars, labels, colours, lane, since, end, "down", "#c33"));
    List<String> lanes = new ArrayList<>(bars.keySet());
    points.forEach(
        p -> {
          if (!lanes.contains(p.lane())) {
            lanes.add(p.lane());
          }
        });
    lanes.sort(String::compareTo);
    Map<String, Integer> laneRows = new LinkedHashMap<>();
    Map<String, List<Integer>> rowOf = new LinkedHashMap<>();
    int y = 20;
    StringBuilder body = new StringBuilder();
    for (String lane : lanes) {
      List<long[]> laneBars = bars.getOrDefault(lane, List.of());
      List<Integer> rows = new ArrayList<>();
      List<Long> rowEnds = new ArrayList<>();
      for (long[] bar : laneBars) {
        int row = 0;
        while (row < rowEnds.size() && rowEnds.get(row) > bar[0]) {
          row++;
        }
        if (row == rowEnds.size()) {
          rowEnds.add(bar[1]);
        } else {
          rowEnds.set(row, bar[1]);
        }
        rows.add(row);
      }
      rowOf.put(lane, rows);
      int height = Math.max(1, rowEnds.size()) * ROW;
      laneRows.put(lane, y);
      body.append(text(4, y + 12, lane));
      body.append(
          "<line x1=\""
              + LEFT
              + "\" x2=\""
              + (WIDTH - RIGHT)
              + "\" y1=\""
              + (y + height)
              + "\" y2=\""
              + (y + height)
              + "\" stroke=\"#eee\"/>");
      for (int i = 0; i < laneBars.size(); i++) {
        long[] bar = laneBars.get(i);
        int x0 = x(bar[0], end);
        int x1 = Math.max(x0 + 2, x(bar[1], end));
        int top = y + rows.get(i) * ROW + 2;
        body.append(
                "<rect x=\""
                    + x0
                    + "\" y=\""
                    + top
                    + "\" width=\""
                    + (x1 - x0)
                    + "\" height=\""
                    + (ROW - 4)
                    + "\" fill=\""
                    + colours.get(lane).get(i)
                    + "\" opacity=\"0.8\"><title>")
            .append(
                esc(
                    labels.get(lane).get(i)
                        + String.format(
                            Locale.ROOT,
                            " (+%.1f s to +%.1f s)",
                            bar[0] / 1000.0,
                            bar[1] / 1000.0)))
            .append("</title></rect>");
        String label = labels.get(lane).get(i);
        if (x1 - x0 > label.length() * 7 + 6) {
          body.append(
              "<text x=\""
                  + (x0 + 3)
                  + "\" y=\""
                  + (top + ROW - 7)
                  + "\" fill=\"#fff\">"
                  + esc(label)
                  + "</text>");
        }
      }
      y += height + 6;
    }
    for (Timeline.Entry p : points) {
      Integer top = laneRows.get(p.lane());
      if (top == null) {
        continue;
      }
      int px = x(p.startMs(), end);
      body.append("<path d=\"M" + px + " " + (top + 1) + " l-4 -6 h8 z\" fill=\"#333\"><title>")
          .append(esc(String.format(Locale.ROOT, "+%.1f s ", p.startMs() / 1000.0) + p.what()))
          .append("</title></path>");
    }
    int height = y + 24;
    StringBuilder svg = svg(height);
    svg.append(body);
    axis(svg, end, height - 18);
    marker(svg, data.workloadEndMs(), end, height - 18, "workload end");
    if (data.convergedAtMs() >= 0) {
      marker(svg, data.convergedAtMs(), end, height - 18, "converged");
    }
    return svg.append(
            "</svg><p>Red: instance down (kill -9 or crash point) until it answered again;"
                + " orange: SIGSTOP; purple: sandbox knobs and Redis/RabbitMQ/webhook outages;"
                + " triangles: points (hover for details).</p>")
        .toString();
  }

  private static void add(
      Map<String, List<long[]>> bars,
      Map<String, List<String>> labels,
      Map<String, List<String>> colours,
      String lane,
      long from,
      long to,
      String label,
      String colour) {
    bars.computeIfAbsent(lane, l -> new ArrayList<>()).add(new long[] {from, to});
    labels.computeIfAbsent(lane, l -> new ArrayList<>()).add(label);
    colours.computeIfAbsent(lane, l -> new ArrayList<>()).add(colour);
  }

  private static String throughput(ReportData data) {
    long end = Math.max(1, data.runEndMs());
    int height = 220;
    int plot = height - 40;
    long max = 1;
    for (long[] s : data.throughput()) {
      max = Math.max(max, s[1] + s[2]);
    }
    for (long[] s : data.payments()) {
      max = Math.max(max, s[1]);
    }
    StringBuilder svg = svg(height);
    svg.append(text(4, 14, max + "/s"));
    svg.append(text(4, plot + 10, "0"));
    svg.append(polyline(data.throughput(), 1, end, max, plot, "#2a7"));
    svg.append(polyline(data.throughput(), 2, end, max, plot, "#c33"));
    svg.append(polyline(data.payments(), 1, end, max, plot, "#36c"));
    axis(svg, end, plot + 10);
    marker(svg, data.workloadEndMs(), end, plot + 10, "workload end");
    svg.append(
        text(
            LEFT,
            height - 2,
            "green: answered requests/s (2xx, 4xx); red: failed (5xx, none)/s; blue: payments taken/s at the channel"));
    return svg.append("</svg>").toString();
  }

  private static String convergence(ReportData data) {
    List<Verdict> series = data.series();
    if (series.isEmpty()) {
      return "<p>No evaluation.</p>";
    }
    long from = data.workloadEndMs();
    long end = Math.max(from + 1, series.get(series.size() - 1).atMs());
    int height = 160;
    int plot = height - 40;
    long max = 1;
    for (Verdict v : series) {
      max = Math.max(max, v.total());
    }
    StringBuilder svg = svg(height);
    StringBuilder points = new StringBuilder();
    for (Verdict v : series) {
      int px = LEFT + (int) ((v.atMs() - from) * (WIDTH - LEFT - RIGHT) / (end - from));
      int py = 10 + (int) (plot - 10 - v.total() * (plot - 10) / max);
      points.append(px).append(',').append(py).append(' ');
      svg.append(
              "<circle cx=\""
                  + px
                  + "\" cy=\""
                  + py
                  + "\" r=\"3\" fill=\""
                  + (v.quiescent() ? "#2a7" : "#e90")
                  + "\"><title>")
          .append(
              esc(
                  String.format(
                      Locale.ROOT,
                      "+%.1f s: %d violations%s",
                      (v.atMs() - from) / 1000.0,
                      v.total(),
                      v.quiescent() ? ", nothing in flight" : ", in flight: " + v.pending())))
          .append("</title></circle>");
    }
    svg.append("<polyline fill=\"none\" stroke=\"#c33\" points=\"" + points + "\"/>");
    svg.append(text(4, 14, max + " violations"));
    svg.append(text(4, plot + 10, "0"));
    svg.append(
        text(
            LEFT,
            height - 2,
            String.format(
                Locale.ROOT,
                "seconds after the workload ended (0 to %.0f); orange: still in flight, green: quiescent",
                (end - from) / 1000.0)));
    return svg.append("</svg>").toString();
  }

  private static String polyline(
      List<long[]> series, int column, long end, long max, int plot, String colour) {
    StringBuilder points = new StringBuilder();
    for (long[] s : series) {
      int px = x(s[0] * 1000, end);
      int py = 10 + (int) (plot - 10 - s[column] * (plot - 10) / max);
      points.append(px).append(',').append(py).append(' ');
    }
    return "<polyline fill=\"none\" stroke=\""
        + colour
        + "\" stroke-width=\"1.5\" points=\""
        + points
        + "\"/>";
  }

  private static StringBuilder svg(int height) {
    return new StringBuilder(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
            + WIDTH
            + "\" height=\""
            + height
            + "\" viewBox=\"0 0 "
            + WIDTH
            + " "
            + height
            + "\">");
  }

  private static void axis(StringBuilder svg, long end, int y) {
    svg.append(
        "<line x1=\""
            + LEFT
            + "\" x2=\""
            + (WIDTH - RIGHT)
            + "\" y1=\""
            + y
            + "\" y2=\""
            + y
            + "\" stroke=\"#999\"/>");
    long step = Math.max(10_000, (end / 12 + 9_999) / 10_000 * 10_000);
    for (long t = 0; t <= end; t += step) {
      int px = x(t, end);
      svg.append(
          "<line x1=\""
              + px
              + "\" x2=\""
              + px
              + "\" y1=\""
              + y
              + "\" y2=\""
              + (y + 4)
              + "\" stroke=\"#999\"/>");
      svg.append(text(px - 8, y + 15, (t / 1000) + "s"));
    }
  }

  private static void marker(StringBuilder svg, long at, long end, int bottom, String label) {
    int px = x(at, end);
    svg.append(
        "<line x1=\""
            + px
            + "\" x2=\""
            + px
            + "\" y1=\"0\" y2=\""
            + bottom
            + "\" stroke=\"#36c\" stroke-dasharray=\"4 3\"/>");
    svg.append(text(px + 3, 10, label));
  }

  private static int x(long ms, long end) {
    return LEFT + (int) (Math.min(ms, end) * (WIDTH - LEFT - RIGHT) / end);
  }

  private static String text(int x, int y, String text) {
    return "<text x=\"" + x + "\" y=\"" + y + "\">" + esc(text) + "</text>";
  }

  static String esc(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
