package io.crosscheck.stats;

/**
 * The lag-1 autocorrelation of a series in its order (send order for response times), the check
 * Lancet makes before it trusts a percentile: under independence r is about normal with mean −1/n
 * and variance 1/n, so |r + 1/n| beyond z(1−α/2)/√n rejects independence at that level.
 *
 * @param r the lag-1 autocorrelation, NaN for a constant series
 * @param sampleSize the values in the series
 * @param bound the largest |r + 1/n| consistent with independence at the stated confidence
 * @param confidence the level of the check, e.g. 0.95
 * @param independent true when the series is consistent with independence at that level (a constant
 *     series, r NaN, is not judged: false)
 */
public record Lag1(double r, long sampleSize, double bound, double confidence, boolean independent) {
  private static final double Z_95 = 1.959963984540054;

  /**
   * Lag-1 autocorrelation of {@code series} at 95 %.
   *
   * @throws IllegalArgumentException with fewer than 3 values
   */
  public static Lag1 of(double[] series) {
    int n = series.length;
    if (n < 3) {
      throw new IllegalArgumentException("a lag-1 autocorrelation needs at least 3 values, got " + n);
    }
    double mean = 0;
    for (int i = 0; i < n; i++) {
      mean += (series[i] - mean) / (i + 1);
    }
    double num = 0;
    double den = 0;
    for (int i = 0; i < n; i++) {
      double d = series[i] - mean;
      den += d * d;
      if (i + 1 < n) {
        num += d * (series[i + 1] - mean);
      }
    }
    double r = den == 0 ? Double.NaN : num / den;
    double bound = Z_95 / Math.sqrt(n);
    return new Lag1(r, n, bound, 0.95, !Double.isNaN(r) && Math.abs(r + 1.0 / n) <= bound);
  }
}
