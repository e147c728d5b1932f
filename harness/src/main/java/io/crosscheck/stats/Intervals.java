package io.crosscheck.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Confidence intervals for the figures crosscheck prints: a mean (Student's t over the values, or
 * over batch means for a correlated series) and a percentile (order statistics, distribution-free).
 * Each assumes independent values (or batch means); {@link Lag1} checks that on the same series.
 */
public final class Intervals {
  private Intervals() {}

  /**
   * The mean of {@code values} with its Student-t interval at {@code confidence}.
   *
   * @throws IllegalArgumentException with fewer than 2 values, a non-finite value or a confidence
   *     outside (0, 1)
   */
  public static ConfidenceInterval mean(double[] values, double confidence) {
    checkConfidence(confidence);
    int n = values.length;
    if (n < 2) {
      throw new IllegalArgumentException("a mean's interval needs at least 2 values, got " + n);
    }
    double mean = 0;
    for (int i = 0; i < n; i++) {
      double v = values[i];
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("value " + i + " is not finite: " + v);
      }
      mean += (v - mean) / (i + 1); // running mean: no overflow on large sums
    }
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    double standardError = Math.sqrt(squares / (n - 1) / n);
    double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    return new ConfidenceInterval(mean, mean - t * standardError, mean + t * standardError, confidence, n,
        ConfidenceInterval.Method.STUDENT_T);
  }

  /**
   * The {@code p}-quantile of {@code values} (nearest rank: the ⌈p·n⌉-th smallest) with its
   * order-statistic interval: ranks l and u such that, for B ~ Binomial(n, p),
   * P(l ≤ B ≤ u−1) ≥ {@code confidence}. A bound whose rank falls outside 1..n is NaN: the sample is
   * too small to bound that side (99th percentile of fewer than ~300 values has no upper bound at 95 %).
   *
   * @throws IllegalArgumentException with no value, a NaN, p outside (0, 1) or a confidence outside (0, 1)
   */
  public static ConfidenceInterval quantile(double[] values, double p, double confidence) {
    checkConfidence(confidence);
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("a quantile's p lies in (0, 1), got " + p);
    }
    int n = values.length;
    if (n == 0) {
      throw new IllegalArgumentException("a quantile's interval needs at least 1 value");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    if (Double.isNaN(sorted[n - 1])) {
      throw new IllegalArgumentException("a value is NaN");
    }
    double estimate = sorted[Math.max(0, (int) Math.ceil(p * n) - 1)];
    double alpha = 1 - confidence;
    BinomialDistribution b = new BinomialDistribution(null, n, p);
    // l: the smallest j with P(B <= j) >= alpha/2, so that P(B <= l-1) < alpha/2
    int l = b.inverseCumulativeProbability(alpha / 2);
    // u: P(B <= u-1) >= 1 - alpha/2
    int u = b.inverseCumulativeProbability(1 - alpha / 2) + 1;
    double low = l >= 1 ? sorted[l - 1] : Double.NaN;
    double high = u <= n ? sorted[u - 1] : Double.NaN;
    return new ConfidenceInterval(estimate, low, high, confidence, n, ConfidenceInterval.Method.ORDER_STATISTIC);
  }

  /**
   * The mean of {@code series} with its batch-means interval at {@code confidence}: {@link #BATCHES}
   * batches of ⌊n / BATCHES⌋ consecutive values (the remainder, at most BATCHES − 1 values at the end,
   * left out of the interval but not of the estimate), Student's t over their means.
   *
   * @throws IllegalArgumentException with fewer than {@link #MIN_BATCH_VALUES} · BATCHES values
   */
  public static ConfidenceInterval batchMeans(double[] series, double confidence) {
    double[] means = batchMeansOf(series);
    ConfidenceInterval overBatches = mean(means, confidence);
    double mean = 0;
    for (int i = 0; i < series.length; i++) {
      mean += (series[i] - mean) / (i + 1);
    }
    double shift = mean - overBatches.estimate();
    return new ConfidenceInterval(mean, overBatches.low() + shift, overBatches.high() + shift, confidence,
        series.length, ConfidenceInterval.Method.BATCH_MEANS);
  }

  /**
   * The {@link #BATCHES} batch means of {@code series}, in order (for their own lag-1 check).
   *
   * @throws IllegalArgumentException with fewer than {@link #MIN_BATCH_VALUES} · BATCHES values
   */
  public static double[] batchMeansOf(double[] series) {
    int size = series.length / BATCHES;
    if (size < MIN_BATCH_VALUES) {
      throw new IllegalArgumentException("batch means need at least " + MIN_BATCH_VALUES * BATCHES + " values, got "
          + series.length);
    }
    double[] means = new double[BATCHES];
    for (int b = 0; b < BATCHES; b++) {
      double m = 0;
      for (int i = 0; i < size; i++) {
        m += (series[b * size + i] - m) / (i + 1);
      }
      means[b] = m;
    }
    return means;
  }

  /**
   * The mean of a series in its order (times in send order, think gaps): batch means from
   * {@link #BATCHES} · {@link #MIN_BATCH_VALUES} values, which stay right when neighbours are correlated;
   * Student's t over the values below that, which assumes they are not.
   *
   * @throws IllegalArgumentException with fewer than 2 values
   */
  public static ConfidenceInterval meanOfSeries(double[] series, double confidence) {
    return series.length >= BATCHES * MIN_BATCH_VALUES ? batchMeans(series, confidence) : mean(series, confidence);
  }

  /**
   * The rate of {@code count} Poisson arrivals in {@code seconds}, per second, with its exact interval
   * ({@link ConfidenceInterval.Method#POISSON_EXACT}); the low bound is 0 for no arrival.
   */
  public static ConfidenceInterval poissonRate(long count, double seconds, double confidence) {
    if (!(seconds > 0) || count < 0) {
      throw new IllegalArgumentException("a rate needs a window > 0 and a count >= 0: " + count + " in " + seconds);
    }
    double alpha = 1 - confidence;
    double low = count == 0 ? 0
        : new org.apache.commons.math3.distribution.ChiSquaredDistribution(2.0 * count)
            .inverseCumulativeProbability(alpha / 2) / (2 * seconds);
    double high = new org.apache.commons.math3.distribution.ChiSquaredDistribution(2.0 * count + 2)
        .inverseCumulativeProbability(1 - alpha / 2) / (2 * seconds);
    return new ConfidenceInterval(count / seconds, low, high, confidence, count,
        ConfidenceInterval.Method.POISSON_EXACT);
  }

  /**
   * The least-squares slope of {@code y} on {@code x} with its interval ({@link
   * ConfidenceInterval.Method#LEAST_SQUARES}); bounds NaN with fewer than 3 points or no spread in x.
   */
  public static ConfidenceInterval slope(double[] x, double[] y, double confidence) {
    int n = x.length;
    if (n != y.length) {
      throw new IllegalArgumentException(n + " x for " + y.length + " y");
    }
    double mx = 0;
    double my = 0;
    for (int i = 0; i < n; i++) {
      mx += (x[i] - mx) / (i + 1);
      my += (y[i] - my) / (i + 1);
    }
    double sxx = 0;
    double sxy = 0;
    for (int i = 0; i < n; i++) {
      sxx += (x[i] - mx) * (x[i] - mx);
      sxy += (x[i] - mx) * (y[i] - my);
    }
    if (n < 3 || !(sxx > 0)) {
      return new ConfidenceInterval(Double.NaN, Double.NaN, Double.NaN, confidence, n,
          ConfidenceInterval.Method.LEAST_SQUARES);
    }
    double b = sxy / sxx;
    double a = my - b * mx;
    double sse = 0;
    for (int i = 0; i < n; i++) {
      double r = y[i] - a - b * x[i];
      sse += r * r;
    }
    double se = Math.sqrt(sse / (n - 2) / sxx);
    double t = new org.apache.commons.math3.distribution.TDistribution(n - 2)
        .inverseCumulativeProbability(1 - (1 - confidence) / 2);
    return new ConfidenceInterval(b, b - t * se, b + t * se, confidence, n, ConfidenceInterval.Method.LEAST_SQUARES);
  }

  /** Batches of the batch-means method: 30, the usual choice (29 degrees of freedom). */
  public static final int BATCHES = 30;
  /** The fewest values a batch may hold. */
  public static final int MIN_BATCH_VALUES = 10;

  private static void checkConfidence(double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("a confidence lies in (0, 1), got " + confidence);
    }
  }
}
