package io.crosscheck.model;

/**
 * The time windows of a run, in nanoseconds from the run's start. Requests whose intended start
 * falls in ramp-up or ramp-down are recorded but excluded from statistics.
 */
public record Phases(long rampUpNanos, long measureNanos, long rampDownNanos) {
  public long totalNanos() {
    return rampUpNanos + measureNanos + rampDownNanos;
  }

  /** The phase that an offset from the run's start falls in. */
  public Phase phaseAt(long offsetNanos) {
    if (offsetNanos < rampUpNanos) {
      return Phase.RAMP_UP;
    }
    if (offsetNanos < rampUpNanos + measureNanos) {
      return Phase.MEASURE;
    }
    return Phase.RAMP_DOWN;
  }
}
