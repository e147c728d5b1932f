package io.crosscheck.stats;

/**
 * Where a series' warm-up ends, by the MSER-5 rule (White 1997; Franklin and White 2008): the series
 * is cut into batches of five, and the warm-up is the number of leading batches d that minimises the
 * marginal standard error Σ_{i>d} (Y_i − Ȳ_d)² / (k − d)² of the batches left, searched over the first
 * half (beyond it, the few batches left make the statistic meaningless). A minimum at the half's end
 * means no steady state was found in the series.
 *
 * @param warmUpValues leading values to drop (a multiple of 5)
 * @param sampleSize the values in the series
 * @param steady false when the minimum fell at the end of the first half: the series did not settle
 */
public record WarmUp(int warmUpValues, long sampleSize, boolean steady) {
  /** Values per batch. */
  public static final int BATCH = 5;

  /**
   * MSER-5 over {@code series} in its order.
   *
   * @throws IllegalArgumentException with fewer than 4 batches (20 values)
   */
  public static WarmUp mser5(double[] series) {
    int k = series.length / BATCH;
    if (k < 4) {
      throw new IllegalArgumentException("MSER-5 needs at least 4 batches of 5 values, got " + series.length);
    }
    double[] y = new double[k];
    for (int j = 0; j < k; j++) {
      double s = 0;
      for (int i = 0; i < BATCH; i++) {
        s += series[j * BATCH + i];
      }
      y[j] = s / BATCH;
    }
    // suffix sums give each truncation's mean and squares in one pass from the end
    double[] sum = new double[k + 1];
    double[] squares = new double[k + 1];
    for (int j = k - 1; j >= 0; j--) {
      sum[j] = sum[j + 1] + y[j];
      squares[j] = squares[j + 1] + y[j] * y[j];
    }
    int best = 0;
    double bestMser = Double.POSITIVE_INFINITY;
    for (int d = 0; d <= k / 2; d++) {
      int m = k - d;
      double mean = sum[d] / m;
      double sse = Math.max(0, squares[d] - m * mean * mean);
      double mser = sse / ((double) m * m);
      if (mser < bestMser) {
        bestMser = mser;
        best = d;
      }
    }
    return new WarmUp(best * BATCH, series.length, best < k / 2);
  }
}
