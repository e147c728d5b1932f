package io.crosscheck.telemetry;

/**
 * The weighted mean and the maximum of a series of samples: a sample held for an interval (weight =
 * its length, any unit, the same for every value) or a row (weight 1). A NaN value (not measured) is
 * left out of everything; a value with no positive weight counts for the maximum only. Sums in the
 * order of {@link #add}, as a loop with a running sum would. Used by the telemetry summaries and by
 * the comparison's host checks. Not thread-safe.
 */
public final class WeightedMean {
  private double sum;
  private double weight;
  private double max = Double.NaN;

  /** Adds {@code value} with {@code intervalWeight}; skips a NaN value. */
  public void add(double value, double intervalWeight) {
    if (Double.isNaN(value)) {
      return;
    }
    max = Double.isNaN(max) ? value : Math.max(max, value);
    if (intervalWeight > 0) {
      sum += value * intervalWeight;
      weight += intervalWeight;
    }
  }

  /** Whether the values added weigh nothing in total (none was added, or only without weight). */
  public boolean isEmpty() {
    return weight <= 0;
  }

  /** The total weight of the values added. */
  public double weight() {
    return weight;
  }

  /** The weighted mean; NaN when {@link #isEmpty()}. */
  public double mean() {
    return isEmpty() ? Double.NaN : sum / weight;
  }

  /** The largest value added; NaN when none was. */
  public double max() {
    return max;
  }
}
