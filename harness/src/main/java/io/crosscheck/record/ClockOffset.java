package io.crosscheck.record;

/**
 * The calibrated mapping from this JVM's monotonic clock ({@code System.nanoTime()}) to the wall
 * clock ({@code Instant.now()}), the one place where the two clocks meet (DESIGN.md section 2).
 * Measured by {@link ClockCalibration}; written to {@code run.json} at the start and end of a run.
 * Immutable and thread-safe.
 *
 * @param offsetNanos {@code epochNanos = monotonicNanos + offsetNanos}
 * @param uncertaintyNanos how far a mapped instant may be from the true wall-clock reading:
 *     half the tightest sampling bracket plus the observed wall-clock resolution; &gt; 0
 * @param measuredAtNanos monotonic instant of the calibration (middle of the chosen bracket)
 */
public record ClockOffset(long offsetNanos, long uncertaintyNanos, long measuredAtNanos) {

  /** Maps a monotonic instant to wall-clock nanoseconds since the epoch. */
  public long toEpochNanos(long monotonicNanos) {
    return monotonicNanos + offsetNanos;
  }

  /** Maps wall-clock nanoseconds since the epoch to this JVM's monotonic clock. */
  public long toMonotonicNanos(long epochNanos) {
    return epochNanos - offsetNanos;
  }

  /**
   * How far the wall clock moved relative to the monotonic clock between this calibration and a
   * later one: {@code later.offsetNanos - offsetNanos} (positive: the wall clock ran fast).
   */
  public long driftNanosTo(ClockOffset later) {
    return later.offsetNanos - offsetNanos;
  }
}
