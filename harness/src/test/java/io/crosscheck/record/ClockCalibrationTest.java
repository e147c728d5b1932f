package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.HostTiming;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ClockCalibrationTest {
  private static final long ONE_MILLI_NANOS = 1_000_000L;

  @Test
  void uncertaintyIsPositiveAndBelowAMillisecond() {
    ClockOffset c = ClockCalibration.calibrate();
    assertTrue(c.uncertaintyNanos() > 0, "uncertainty " + c.uncertaintyNanos());
    // half the narrowest of 200 brackets plus the wall clock's step: a 1 ms bound is the host's
    // figure (a busy host can stretch every bracket), asserted by bench/host-timing.sh
    HostTiming.check(c.uncertaintyNanos() < ONE_MILLI_NANOS,
        "clock calibration uncertainty " + c.uncertaintyNanos() + " ns below 1 ms");
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
