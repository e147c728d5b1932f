package io.crosscheck.model.spec;

/** Parses durations such as {@code 500ms}, {@code 2s}, {@code 1.5m}. SKELETON: filled in by the spec work. */
public final class Durations {
  private Durations() {}

  /** Nanoseconds of a duration with unit ns, us, ms, s, m or h; throws IllegalArgumentException. */
  public static long parseNanos(String text) {
    throw new UnsupportedOperationException("skeleton");
  }
}
