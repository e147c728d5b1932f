package io.crosscheck.model.spec;

import java.util.List;

/**
 * Checks of single option values that add a {@link Problem} naming the option instead of throwing,
 * so that a builder can go on and report every problem at once. Stateless.
 */
final class SpecValues {
  private SpecValues() {}

  /** The integer, or -1 after adding a problem when it is not an integer &gt;= {@code min}. */
  static int intAtLeast(String option, String text, int min, List<Problem> problems) {
    try {
      int v = Integer.parseInt(String.valueOf(text).trim());
      if (v >= min) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.add(new Problem(option, String.valueOf(text), "an integer >= " + min));
    return -1;
  }

  /** The number, or NaN after adding a problem when it is not a finite number &gt; 0. */
  static double doubleAbove(String option, String text, List<Problem> problems, String expected) {
    double v = parseDouble(text);
    if (v > 0 && !Double.isInfinite(v)) {
      return v;
    }
    problems.add(new Problem(option, text, expected));
    return Double.NaN;
  }

  /** A plain decimal number ({@code 5}, {@code 0.5}); NaN when the text is not one. */
  static double parseDouble(String text) {
    String t = String.valueOf(text).trim();
    // Double.parseDouble would also take "NaN", "0x1p3" and "5d"; users mean none of them
    return t.matches("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?") ? Double.parseDouble(t) : Double.NaN;
  }

  /**
   * Nanoseconds of {@code durationText} (a duration with a unit), or -1 after adding a problem
   * when it is not one or not &gt; {@code minExclusiveNanos}. The problem shows {@code shown}, the
   * whole value the user typed (e.g. {@code exp:abc} rather than {@code abc}).
   */
  static long durationAbove(String option, String shown, String durationText, long minExclusiveNanos,
      List<Problem> problems) {
    return duration(option, shown, durationText, minExclusiveNanos + 1, problems);
  }

  /** Like {@link #durationAbove}, with an inclusive minimum. */
  static long duration(String option, String shown, String durationText, long minNanos,
      List<Problem> problems) {
    try {
      long nanos = Durations.parseNanos(durationText);
      if (nanos >= minNanos) {
        return nanos;
      }
    } catch (Durations.TooLongException e) {
      boolean phase = option.equals("--duration") || option.startsWith("--ramp");
      problems.add(new Problem(option, String.valueOf(shown), phase
          ? "a run (ramps included) of at most " + Durations.MAX_RUN_TEXT + ", crosscheck's limit"
          : "a duration of " + Durations.TOO_LONG));
      return -1;
    } catch (IllegalArgumentException e) {
      // reported below
    }
    String bound = minNanos > 0 ? "> 0" : ">= 0";
    problems.add(new Problem(option, String.valueOf(shown),
        "a duration " + bound + " with a unit ns, us, ms, s, m or h, e.g. 500ms"));
    return -1;
  }
}
