package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ClockCalibrationTest {
  private static final long ONE_MILLI_NANOS = 1_000_000L;

  @Test
  void uncertaintyIsPositiveAndBelowAMillisecond() {
    ClockOffset c = ClockCalibration.calibrate();
    assertTrue(c.uncertaintyNanos() > 0, "uncertainty " + c.uncertaintyNanos());
    assertTrue(c.uncertaintyNanos() < ONE_MILLI_NANOS, "uncertainty " + c.uncertaintyNanos());
  }

  @Test
  void offsetMapsNanoTimeToTheWallClockWithinTheUncertainty() {
    ClockOffset c = ClockCalibration.calibrate();
    for (int i = 0; i < 20; i++) {
      long t0 = System.nanoTime();
      long wall = ClockCalibration.toEpochNanos(Instant.now());
      long t1 = System.nanoTime();
      long mappedLow = c.toEpochNanos(t0);
      long mappedHigh = c.toEpochNanos(t1);
      long slack = c.uncertaintyNanos() + ONE_MILLI_NANOS;
      assertTrue(wall >= mappedLow - slack && wall <= mappedHigh + slack,
          "wall " + wall + " outside [" + mappedLow + ", " + mappedHigh + "] +- " + slack);
      assertTrue(c.toMonotonicNanos(c.toEpochNanos(t0)) == t0);
    }
  }

  @Test
  void wallClockResolutionIsAPositiveStep() {
    long r = ClockCalibration.wallClockResolutionNanos();
    assertTrue(r > 0 && r <= ONE_MILLI_NANOS, "resolution " + r);
  }
}
