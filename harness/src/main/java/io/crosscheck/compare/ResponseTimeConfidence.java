package io.crosscheck.compare;

import io.crosscheck.rundir.Findings.Confidence;
import io.crosscheck.rundir.Findings.ConfidenceWarning;
import io.crosscheck.stats.Intervals;
import io.crosscheck.stats.Lag1;
import io.crosscheck.stats.WarmUp;
import java.util.ArrayList;
import java.util.List;

/**
 * The response-time figures' 95 % intervals and the checks of what they assume (issue 27), from the
 * matched pairs' reported and wire times, checked in the order the requests reached the wire. Stateless.
 */
final class ResponseTimeConfidence {
  /** The level of every interval. */
  static final double LEVEL = 0.95;
  /** The share of the pairs MSER-5 may put in a warm-up before the phase is said to begin too early. */
  static final double WARM_UP_SHARE = 0.10;

  private ResponseTimeConfidence() {}

  /**
   * The confidence of the figures over these pairs, or null with fewer than 2 (no interval exists).
   * The arrays are read, not changed.
   *
   * @param reportedNanos each pair's reported time
   * @param wireNanos each pair's wire time
   * @param wireStartEpochNanos each pair's request start on the wire: the order the checks read the pairs in
   */
  static Confidence of(long[] reportedNanos, long[] wireNanos, long[] wireStartEpochNanos) {
    int n = wireNanos.length;
    if (n < 2) {
      return null;
    }
    // the pair indices in wire order (ties by index)
    long[][] order = new long[n][];
    for (int i = 0; i < n; i++) {
      order[i] = new long[] {wireStartEpochNanos[i], i};
    }
    java.util.Arrays.sort(order, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    double[] reported = new double[n];
    double[] wire = new double[n];
    double[] error = new double[n];
    for (int k = 0; k < n; k++) {
      int i = (int) order[k][1];
      reported[k] = reportedNanos[i];
      wire[k] = wireNanos[i];
      error[k] = (double) reportedNanos[i] - wireNanos[i];
    }
    List<ConfidenceWarning> warnings = new ArrayList<>();
    Lag1 lag1 = null;
    Lag1 batchLag1 = null;
    WarmUp warmUp = null;
    boolean batches = n >= Intervals.BATCHES * Intervals.MIN_BATCH_VALUES;
    if (n < Confidence.MIN_CHECKED_PAIRS) {
      warnings.add(ConfidenceWarning.TOO_FEW_PAIRS);
    } else {
      lag1 = Lag1.of(wire);
      warmUp = WarmUp.mser5(wire);
      if (!lag1.independent()) {
        warnings.add(ConfidenceWarning.SERIAL_CORRELATION);
      }
      if (batches) {
        batchLag1 = Lag1.of(Intervals.batchMeansOf(wire));
        if (!batchLag1.independent()) {
          warnings.add(ConfidenceWarning.BATCH_MEANS_CORRELATED);
        }
      }
      if (!warmUp.steady()) {
        warnings.add(ConfidenceWarning.NO_STEADY_STATE);
      } else if (warmUp.warmUpValues() >= WARM_UP_SHARE * n) {
        warnings.add(ConfidenceWarning.WARM_UP_IN_MEASURED_PHASE);
      }
    }
    double micros = 1e-3;
    return new Confidence(Intervals.meanOfSeries(reported, LEVEL).scaled(micros),
        Intervals.meanOfSeries(wire, LEVEL).scaled(micros), Intervals.meanOfSeries(error, LEVEL).scaled(micros),
        Intervals.quantile(wire, 0.50, LEVEL).scaled(micros), Intervals.quantile(wire, 0.99, LEVEL).scaled(micros),
        lag1, batchLag1, warmUp, List.copyOf(warnings));
  }
}
