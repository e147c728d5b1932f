package io.crosscheck.model;

import java.util.Locale;

/** A run phase; only {@link #MEASURE} counts in statistics. */
public enum Phase {
  RAMP_UP, MEASURE, RAMP_DOWN;

  /** The name used in files: {@code ramp-up}, {@code measure}, {@code ramp-down}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
