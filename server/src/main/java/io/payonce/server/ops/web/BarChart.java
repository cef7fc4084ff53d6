package io.payonce.server.ops.web;

import io.payonce.server.view.Dashboard.Figure;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

/**
 * A horizontal bar chart drawn by the page as inline SVG: no script and nothing fetched, so it
 * shows in any browser without network access. Each bar's length is its share of the largest.
 *
 * @param bars the bars, top to bottom
 * @param height the SVG's height in pixels
 */
record BarChart(List<Bar> bars, int height) {

  static final int ROW = 26;

  /**
   * One bar.
   *
   * @param y its top in pixels
   * @param percent its length, 0 to 100, of the chart's bar area
   */
  record Bar(String label, String shown, int y, double percent) {}

  /** Bars of {@code value}, each labelled with {@code shown} (e.g. the amount as decimal text). */
  static BarChart of(
      List<Figure> figures, ToLongFunction<Figure> value, Function<Figure, String> shown) {
    long max = figures.stream().mapToLong(value).max().orElse(0);
    List<Bar> bars =
        IntStream.range(0, figures.size())
            .mapToObj(
                i -> {
                  Figure f = figures.get(i);
                  long v = value.applyAsLong(f);
                  double percent = max == 0 ? 0 : Math.max(1, Math.round(v * 1000.0 / max) / 10.0);
                  return new Bar(f.label(), shown.apply(f), i * ROW, percent);
                })
            .toList();
    return new BarChart(bars, Math.max(ROW, bars.size() * ROW));
  }
}
