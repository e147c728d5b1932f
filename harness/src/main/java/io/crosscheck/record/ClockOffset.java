package io.crosscheck.record;

/** SKELETON: monotonic to epoch offset. epochNanos = monotonicNanos + offsetNanos. */
public record ClockOffset(long offsetNanos, long uncertaintyNanos, long measuredAtNanos) {
  public long toEpochNanos(long monotonicNanos) {
    return monotonicNanos + offsetNanos;
  }
}
