package io.crosscheck.telemetry;

/**
 * A mean weighted by interval length (any unit, the same for every value), over the values that
 * are known: NaN values and empty intervals are left out; NaN when nothing was added. Not
 * thread-safe.
 */
final class WeightedMean {
  private double sum;
  private double weight;

  void add(double value, double intervalWeight) {
    if (!Double.isNaN(value) && intervalWeight > 0) {
      sum += value * intervalWeight;
      weight += intervalWeight;
    }
  }

  double mean() {
    return weight == 0 ? Double.NaN : sum / weight;
  }
}
