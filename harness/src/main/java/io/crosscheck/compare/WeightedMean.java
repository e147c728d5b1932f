package io.crosscheck.compare;

/**
 * The weighted mean and the maximum of a series of samples, as the host checks take them from
 * telemetry: a sample held for some seconds (weight = its seconds) or a row of an interval
 * (weight 1). A NaN sample (not measured) is skipped: it adds neither to the mean nor to the
 * weight. Sums in the order of {@link #add}, as a loop with a running sum would. Not thread-safe.
 */
final class WeightedMean {
  private double sum;
  private double weight;
  private double max = Double.NaN;

  /** Adds {@code value} with {@code weight} (seconds, or 1 for a row); skips a NaN value. */
  void add(double value, double weight) {
    if (Double.isNaN(value)) {
      return;
    }
    sum += value * weight;
    this.weight += weight;
    max = Double.isNaN(max) ? value : Math.max(max, value);
  }

  /** Whether the values added weigh nothing in total (none was added, or only with weight 0). */
  boolean isEmpty() {
    return weight <= 0;
  }

  /** The total weight of the values added (seconds for time-weighted samples). */
  double weight() {
    return weight;
  }

  /** The weighted mean; NaN when {@link #isEmpty()}. */
  double mean() {
    return isEmpty() ? Double.NaN : sum / weight;
  }

  /** The largest value added; NaN when none was. */
  double max() {
    return max;
  }
}
