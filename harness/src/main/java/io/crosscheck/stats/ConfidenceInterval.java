package io.crosscheck.stats;

/**
 * A two-sided confidence interval for one figure, with what it rests on: the estimate, its bounds in
 * the figure's own unit, the confidence level, how many values it was computed from and the method.
 * A bound the sample cannot support (an order-statistic interval for a tail percentile of a small
 * sample) is {@link Double#NaN}; {@link #bounded()} says whether both bounds exist.
 *
 * @param estimate the figure itself (a mean, a percentile)
 * @param low the lower bound, NaN when the sample cannot support one
 * @param high the upper bound, NaN when the sample cannot support one
 * @param confidence the nominal coverage, e.g. 0.95
 * @param sampleSize the values the interval was computed from
 * @param method how it was computed
 */
public record ConfidenceInterval(double estimate, double low, double high, double confidence, long sampleSize,
    Method method) {

  /** How an interval was computed; its name in findings.json is the constant's. */
  public enum Method {
    /**
     * Mean ± t(n−1, 1−α/2)·s/√n: exact for independent normal values, close for others at a sample of
     * a few dozen or more; too narrow for autocorrelated series (see {@link Lag1}).
     */
    STUDENT_T,
    /**
     * Non-overlapping batch means: the series, in its order, cut into {@link Intervals#BATCHES} batches,
     * Student's t over the batch means. For an autocorrelated series (response times of concurrent
     * users in send order) whose correlation dies out within a batch; the batch means' own lag-1 says
     * whether it did.
     */
    BATCH_MEANS,
    /**
     * Distribution-free: the order statistics X(l) and X(u) whose ranks the binomial distribution
     * B(n, p) puts around the p-quantile with at least the stated coverage, for independent values.
     */
    ORDER_STATISTIC,
    /**
     * A rate from a Poisson count n over a window T: the exact bounds χ²(α/2; 2n)/2T and
     * χ²(1−α/2; 2n+2)/2T. Conservative for arrivals more regular than Poisson's.
     */
    POISSON_EXACT,
    /** A least-squares slope ± t(n−2)·its standard error, for independent residuals. */
    LEAST_SQUARES;

    /** The method's name in a sentence: "Student t", "batch means", "order statistics". */
    public String words() {
      return switch (this) {
        case STUDENT_T -> "Student t";
        case BATCH_MEANS -> "batch means";
        case ORDER_STATISTIC -> "order statistics";
        case POISSON_EXACT -> "exact Poisson";
        case LEAST_SQUARES -> "least squares";
      };
    }
  }

  /** True when both bounds exist. */
  public boolean bounded() {
    return !Double.isNaN(low) && !Double.isNaN(high);
  }

  /** True when {@code value} lies within both bounds (false when a bound is missing). */
  public boolean contains(double value) {
    return bounded() && low <= value && value <= high;
  }

  /** The same interval in another unit: estimate and bounds times {@code factor} (1e-3: nanoseconds to microseconds). */
  public ConfidenceInterval scaled(double factor) {
    return new ConfidenceInterval(estimate * factor, low * factor, high * factor, confidence, sampleSize, method);
  }

  /** The half-width on the wider side, NaN when a bound is missing. */
  public double halfWidth() {
    return bounded() ? Math.max(estimate - low, high - estimate) : Double.NaN;
  }
}
