package io.crosscheck.record;

import java.time.Instant;

/**
 * Measures the {@link ClockOffset} between {@code System.nanoTime()} and {@code Instant.now()}.
 *
 * <p>Each sample brackets one wall-clock reading between two monotonic readings
 * ({@code t0 = nanoTime(); w = Instant.now(); t1 = nanoTime()}); the tightest bracket wins, and
 * the wall reading is taken to have happened at its middle. The uncertainty is half that bracket
 * plus the wall clock's resolution, measured as the smallest nonzero step between consecutive
 * {@code Instant.now()} readings. Takes well under a millisecond. Stateless and thread-safe.
 */
public final class ClockCalibration {
  /** Samples taken by {@link #calibrate()}. */
  public static final int DEFAULT_SAMPLES = 200;

  private static final int RESOLUTION_STEPS = 20;
  // a wall clock that does not move for this long is broken; give up rather than spin
  private static final long RESOLUTION_SPIN_LIMIT_NANOS = 50_000_000L;

  private ClockCalibration() {}

  /** Calibrates with {@link #DEFAULT_SAMPLES} samples. */
  public static ClockOffset calibrate() {
    return calibrate(DEFAULT_SAMPLES);
  }

  /** Calibrates with {@code samples} (&gt; 0) bracketed readings. */
  public static ClockOffset calibrate(int samples) {
    if (samples <= 0) {
      throw new IllegalArgumentException("samples " + samples + " must be > 0");
    }
    long bestWidthNanos = Long.MAX_VALUE;
    long bestOffsetNanos = 0;
    long bestMidNanos = 0;
    for (int i = 0; i < samples; i++) {
      long t0 = System.nanoTime();
      Instant w = Instant.now();
      long t1 = System.nanoTime();
      long width = t1 - t0;
      if (width < bestWidthNanos) {
        long mid = t0 + width / 2;
        bestWidthNanos = width;
        bestMidNanos = mid;
        bestOffsetNanos = toEpochNanos(w) - mid;
      }
    }
    long uncertaintyNanos = (bestWidthNanos + 1) / 2 + wallClockResolutionNanos();
    return new ClockOffset(bestOffsetNanos, Math.max(1, uncertaintyNanos), bestMidNanos);
  }

  /**
   * The smallest nonzero step observed between consecutive {@code Instant.now()} readings, over a
   * few steps; 1 ms if the clock did not move within 50 ms (then the clock is the problem).
   */
  public static long wallClockResolutionNanos() {
    long smallest = Long.MAX_VALUE;
    for (int step = 0; step < RESOLUTION_STEPS; step++) {
      long spinStart = System.nanoTime();
      long previous = toEpochNanos(Instant.now());
      while (true) {
        long now = toEpochNanos(Instant.now());
        if (now != previous) {
          if (now > previous) {
            smallest = Math.min(smallest, now - previous);
          }
          break;
        }
        if (System.nanoTime() - spinStart > RESOLUTION_SPIN_LIMIT_NANOS) {
          break;
        }
      }
    }
    return smallest == Long.MAX_VALUE ? 1_000_000L : smallest;
  }

  /** Nanoseconds since the epoch of an instant. */
  public static long toEpochNanos(Instant instant) {
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }
}
