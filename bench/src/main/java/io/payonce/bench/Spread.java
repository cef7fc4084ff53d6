package io.payonce.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.DoubleStream;

/**
 * The median and range of one figure over the repetitions of a measurement.
 *
 * @param n how many values (NaNs are left out)
 */
record Spread(double median, double min, double max, int n) {

  static Spread of(DoubleStream values) {
    double[] sorted = values.filter(v -> !Double.isNaN(v)).sorted().toArray();
    if (sorted.length == 0) {
      return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
    }
    int mid = sorted.length / 2;
    double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    return new Spread(median, sorted[0], sorted[sorted.length - 1], sorted.length);
  }

  static Spread of(double... values) {
    return of(Arrays.stream(values));
  }

  boolean isEmpty() {
    return n == 0;
  }

  /**
   * {@code median [min–max]} with {@code decimals} decimals; the median alone when the range, so
   * rounded, is one value.
   */
  String format(int decimals) {
    if (n == 0) {
      return "-";
    }
    String median = round(this.median, decimals);
    String min = round(this.min, decimals);
    String max = round(this.max, decimals);
    return min.equals(max) ? median : median + " [" + min + "–" + max + "]";
  }

  private static String round(double value, int decimals) {
    String rounded = String.format(Locale.ROOT, "%." + decimals + "f", value);
    // -0.00 is a small negative difference rounded away: no sign to read.
    return rounded.matches("-0\\.?0*") ? rounded.substring(1) : rounded;
  }
}
