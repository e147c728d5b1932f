package io.crosscheck.model.spec;

import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.text.InputLimits;
import io.crosscheck.text.ProblemCap;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads an inter-arrival gaps file ({@code --interarrival file:PATH}), httperf's
 * {@code --period=s,FILE} idea. Format, one field per line:
 *
 * <ul>
 *   <li>a gap: seconds as httperf reads them with {@code strtod(3)} ({@code 0.25}, {@code .5},
 *       {@code 1e-3}, {@code +2.5E-1}, a hexadecimal {@code 0x1p-3}), or a duration with a unit
 *       ({@code 250ms}); each &gt;= 0, rounded half-up to the nanosecond;
 *   <li>blank lines and {@code #} comments are skipped.
 * </ul>
 *
 * <p>The gaps are used in order and cycled. The limit is the one of {@code --rate} and {@code
 * fixed:}/{@code exp:}: on average at most {@link ArrivalSpecParser#MAX_RATE_PER_SECOND} arrivals
 * per second, so the mean gap over the file must be at least {@link #MIN_MEAN_GAP_NANOS}. It is the
 * mean, not each gap: a gap of 0 is a legitimate simultaneous arrival (a recorded trace, an export
 * of a Poisson run whose exponential gaps fall below 1us), as {@code exp:MEAN} draws gaps far below
 * its mean. A cycle whose mean is below it (a one-line {@code 1ns}) would schedule arrivals faster
 * than any engine can start them; it is refused up front at its lines. Stateless.
 */
final class GapsFileParser {
  /** The smallest mean gap of a file: 1us, the period of crosscheck's highest rate. */
  static final long MIN_MEAN_GAP_NANOS = Math.round(1e9 / ArrivalSpecParser.MAX_RATE_PER_SECOND);
  /** A decimal strtod number without sign or exponent handling beyond what strtod takes. */
  private static final Pattern DECIMAL = Pattern.compile("\\+?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d{1,9})?");
  /** A hexadecimal strtod number ({@code 0x1.8p-3}, {@code 0x10}). */
  private static final Pattern HEX =
      Pattern.compile("\\+?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)([pP][+-]?\\d{1,9})?");
  private static final BigDecimal NANOS_PER_SECOND = BigDecimal.valueOf(1_000_000_000L);
  private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

  private GapsFileParser() {}

  /** The gaps, or null after adding problems ({@code option} names the option for file errors). */
  static ArrivalProcess.Gaps parse(String option, String pathText, List<Problem> problems) {
    ProblemCap<Problem> bad = SpecFiles.fileProblems(pathText, problems);
    List<Long> gapsNanos = new ArrayList<>();
    int[] lines = {0, 0}; // the first and the last line holding a gap
    boolean read = SpecFiles.forEachLine(option, pathText, "a gaps file", problems, (number, line) -> {
      String text = SpecFiles.content(line);
      if (text.isEmpty()) {
        return;
      }
      try {
        gapsNanos.add(gapNanos(text));
        lines[0] = lines[0] == 0 ? number : lines[0];
        lines[1] = number;
      } catch (IllegalArgumentException e) {
        bad.add(new Problem(SpecFiles.where(pathText, number), text,
            "a gap in seconds (0.25, 1e-3) or with a unit (250ms), >= 0"));
      }
    });
    bad.finish();
    if (!read || bad.count() > 0) {
      return null;
    }
    if (gapsNanos.stream().noneMatch(g -> g > 0)) {
      problems.add(new Problem(option, "file:" + pathText, "a gaps file with at least one gap > 0"));
      return null;
    }
    long sumNanos = 0;
    for (long g : gapsNanos) {
      sumNanos = sumNanos > Long.MAX_VALUE - g ? Long.MAX_VALUE : sumNanos + g; // saturates: far above the limit
    }
    if (sumNanos / gapsNanos.size() < MIN_MEAN_GAP_NANOS) {
      int n = gapsNanos.size();
      String where = pathText + ":" + lines[0] + (lines[1] > lines[0] ? "-" + lines[1] : "");
      String value = n == 1 ? nanosText(sumNanos)
          : "a mean of " + nanosText(sumNanos / n) + " over " + InputLimits.count(n) + " gaps";
      problems.add(new Problem(where, value, (n == 1 ? "a gap" : "a mean gap") + " of at least 1us (crosscheck's"
          + " limit, as for fixed:/exp: and --rate: at most " + InputLimits.count((long) ArrivalSpecParser.MAX_RATE_PER_SECOND)
          + " arrivals per second on average; single gaps of 0 are simultaneous arrivals and allowed)"));
      return null;
    }
    return new ArrivalProcess.Gaps(gapsNanos, pathText);
  }

  /**
   * One gap: a bare number is seconds as {@code strtod(3)} reads it (httperf's reading of its
   * files); anything else must be a duration with a unit ({@link Durations}).
   *
   * @throws IllegalArgumentException when it is neither, negative, not finite or too long
   */
  static long gapNanos(String text) {
    BigDecimal seconds;
    if (DECIMAL.matcher(text).matches()) {
      seconds = new BigDecimal(text.startsWith("+") ? text.substring(1) : text);
    } else if (HEX.matcher(text).matches()) {
      String hex = text.startsWith("+") ? text.substring(1) : text;
      // Java reads C's hexadecimal form only with its binary exponent, which strtod makes optional
      double d = Double.parseDouble(hex.indexOf('p') < 0 && hex.indexOf('P') < 0 ? hex + "p0" : hex);
      if (Double.isInfinite(d)) {
        throw new IllegalArgumentException("\"" + text + "\" is too long");
      }
      seconds = new BigDecimal(d);
    } else {
      return Durations.parseSecondsOrDurationNanos(text);
    }
    if (seconds.compareTo(MAX_NANOS.divide(NANOS_PER_SECOND)) > 0) {
      throw new IllegalArgumentException("\"" + text + "\" is too long");
    }
    return seconds.multiply(NANOS_PER_SECOND).setScale(0, RoundingMode.HALF_UP).longValueExact();
  }

  private static String nanosText(long nanos) {
    return nanos < 1_000 ? nanos + "ns" : String.format(java.util.Locale.ROOT, "%.3fus", nanos / 1e3);
  }
}
