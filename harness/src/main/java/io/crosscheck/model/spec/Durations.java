package io.crosscheck.model.spec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses durations as users write them: a non-negative decimal number and a unit, {@code 500ms},
 * {@code 2s}, {@code 1.5m}, {@code 250us}, {@code 100ns}, {@code 1h}. Results are nanoseconds,
 * rounded half-up to the nearest nanosecond. Stateless and thread-safe.
 *
 * <p>Arithmetic is done in {@link BigDecimal} so that {@code 1.5m} is exactly 90,000,000,000 ns
 * (a double would already be off by one for values such as {@code 0.1s} times large factors).
 */
public final class Durations {
  private static final Pattern FORM =
      Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)\\s*(ns|us|µs|ms|s|m|h)?");
  private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);
  /**
   * The longest run crosscheck accepts, ramps included: 8760h (365 days). Every instant of a run
   * is a long of nanoseconds from its start; beyond a year no run has been seen to need more, and
   * a typo (an extra digit) is refused instead of starting a run nobody will see end.
   */
  public static final long MAX_RUN_NANOS = 365L * 24 * 3_600_000_000_000L;
  /** The limit above, as users write it. */
  public static final String MAX_RUN_TEXT = "8760h (365 days)";
  /** What a duration too long for nanoseconds in a long is refused with. */
  static final String TOO_LONG = "at most 2562047h (~292 years: the longest duration in nanoseconds)";

  private Durations() {}

  /**
   * Nanoseconds of a duration with unit ns, us, ms, s, m or h. A bare number is accepted only when
   * it is zero ({@code 0} means the same in every unit).
   *
   * @throws IllegalArgumentException when the text is not such a duration or does not fit a long
   */
  public static long parseNanos(String text) {
    return parse(text, false);
  }

  /**
   * Like {@link #parseNanos(String)}, but a bare number means seconds, as in httperf's files
   * ({@code --period=s,FILE}, {@code think=1.5} in {@code --wsesslog}).
   *
   * @throws IllegalArgumentException when the text is neither seconds nor a duration
   */
  public static long parseSecondsOrDurationNanos(String text) {
    return parse(text, true);
  }

  private static long parse(String text, boolean bareIsSeconds) {
    if (text == null) {
      throw new IllegalArgumentException("no duration given" + EXPECTED);
    }
    Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("\"" + text + "\" is not a duration" + EXPECTED);
    }
    BigDecimal number = new BigDecimal(m.group(1).endsWith(".") ? m.group(1) + "0" : m.group(1));
    String unit = m.group(2);
    if (unit == null) {
      if (bareIsSeconds) {
        unit = "s";
      } else if (number.signum() == 0) {
        return 0;
      } else {
        throw new IllegalArgumentException(
            "\"" + text + "\" has no unit" + EXPECTED);
      }
    }
    BigDecimal nanos =
        number.multiply(BigDecimal.valueOf(nanosPerUnit(unit))).setScale(0, RoundingMode.HALF_UP);
    if (nanos.compareTo(MAX_NANOS) > 0) {
      throw new TooLongException("\"" + text + "\" is too long (expected " + TOO_LONG + ")");
    }
    return nanos.longValueExact();
  }

  /** A well-formed duration that does not fit nanoseconds in a long. */
  public static final class TooLongException extends IllegalArgumentException {
    TooLongException(String message) {
      super(message);
    }
  }

  private static long nanosPerUnit(String unit) {
    switch (unit) {
      case "ns":
        return 1L;
      case "us":
      case "µs":
        return 1_000L;
      case "ms":
        return 1_000_000L;
      case "s":
        return 1_000_000_000L;
      case "m":
        return 60_000_000_000L;
      default: // "h", the pattern admits nothing else
        return 3_600_000_000_000L;
    }
  }

  private static final String EXPECTED =
      " (expected a number >= 0 with a unit ns, us, ms, s, m or h, e.g. 500ms)";
}
