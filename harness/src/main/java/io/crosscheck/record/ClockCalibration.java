package io.crosscheck.record;

/** SKELETON. */
public final class ClockCalibration {
  private ClockCalibration() {}

  public static ClockOffset calibrate() {
    throw new UnsupportedOperationException("skeleton");
  }
}
