package io.crosscheck.server;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The embedded server's service demand: how long it waits (or spins, see {@link DemandMode})
 * before it replies to one request. All durations are in nanoseconds; a sample is a duration, not
 * an instant, so no clock is involved.
 *
 * <p>Text form, accepted by {@link #parse(String)} and produced by {@link #toString()}: {@code
 * none}, {@code fixed:D}, {@code exp:MEAN}, {@code hyperexp:P:MEAN1:MEAN2}, where durations are a
 * decimal number followed by a unit {@code ns}, {@code us}, {@code ms} or {@code s} ({@code 2ms},
 * {@code 1.5s}) and {@code P} is a probability in 0..1.
 *
 * <p>Instances are immutable and thread-safe; {@link #sampleNanos(SplittableRandom)} uses only the
 * random source it is given, which must not be shared between threads.
 */
public sealed interface ServiceDemand {

  /** What {@link #parse(String)} accepts, in words, for error messages. */
  String EXPECTED_FORM =
      "none, fixed:D, exp:MEAN or hyperexp:P:MEAN1:MEAN2 (durations such as 2ms or 1.5s, units ns, us, ms, s;"
          + " P a probability in 0..1)";

  /** Draws one service duration in nanoseconds (>= 0). */
  long sampleNanos(SplittableRandom random);

  /** The mean service duration in nanoseconds. */
  double meanServiceNanos();

  /** No demand: the reply is written as soon as the request has been read. */
  record None() implements ServiceDemand {
    @Override
    public long sampleNanos(SplittableRandom random) {
      return 0;
    }

    @Override
    public double meanServiceNanos() {
      return 0;
    }

    @Override
    public String toString() {
      return "none";
    }
  }

  /** Every request takes exactly {@code delayNanos}. */
  record Fixed(long delayNanos) implements ServiceDemand {
    public Fixed {
      requireNonNegative("delayNanos", delayNanos);
    }

    @Override
    public long sampleNanos(SplittableRandom random) {
      return delayNanos;
    }

    @Override
    public double meanServiceNanos() {
      return delayNanos;
    }

    @Override
    public String toString() {
      return "fixed:" + formatNanos(delayNanos);
    }
  }

  /** Exponentially distributed service time with mean {@code meanNanos}. */
  record Exponential(long meanNanos) implements ServiceDemand {
    public Exponential {
      requireNonNegative("meanNanos", meanNanos);
    }

    @Override
    public long sampleNanos(SplittableRandom random) {
      return exponentialNanos(random, meanNanos);
    }

    @Override
    public double meanServiceNanos() {
      return meanNanos;
    }

    @Override
    public String toString() {
      return "exp:" + formatNanos(meanNanos);
    }
  }

  /**
   * Two-phase hyper-exponential service time: with probability {@code probability} exponential
   * with mean {@code mean1Nanos}, otherwise exponential with mean {@code mean2Nanos}.
   */
  record HyperExponential(double probability, long mean1Nanos, long mean2Nanos) implements ServiceDemand {
    public HyperExponential {
      if (!(probability >= 0 && probability <= 1)) {
        throw new IllegalArgumentException("probability: " + probability + ": expected a probability in 0..1");
      }
      requireNonNegative("mean1Nanos", mean1Nanos);
      requireNonNegative("mean2Nanos", mean2Nanos);
    }

    @Override
    public long sampleNanos(SplittableRandom random) {
      return exponentialNanos(random, random.nextDouble() < probability ? mean1Nanos : mean2Nanos);
    }

    @Override
    public double meanServiceNanos() {
      return probability * mean1Nanos + (1 - probability) * mean2Nanos;
    }

    @Override
    public String toString() {
      return "hyperexp:" + probability + ":" + formatNanos(mean1Nanos) + ":" + formatNanos(mean2Nanos);
    }
  }

  /** The demand of no demand. */
  static ServiceDemand none() {
    return new None();
  }

  /**
   * Parses the text form described on this type (case-insensitive, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException with a message of the form {@code "exp:x": expected ...}
   */
  static ServiceDemand parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("null: expected " + EXPECTED_FORM);
    }
    String t = text.strip().toLowerCase(Locale.ROOT);
    String[] parts = t.split(":", -1);
    try {
      switch (parts[0]) {
        case "none":
          if (parts.length == 1) {
            return none();
          }
          break;
        case "fixed":
          if (parts.length == 2) {
            return new Fixed(parseNanos(parts[1]));
          }
          break;
        case "exp":
          if (parts.length == 2) {
            return new Exponential(parseNanos(parts[1]));
          }
          break;
        case "hyperexp":
          if (parts.length == 4) {
            return new HyperExponential(parseProbability(parts[1]), parseNanos(parts[2]), parseNanos(parts[3]));
          }
          break;
        default:
          break;
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("\"" + text + "\": expected " + expectedFor(parts[0]) + " (" + e.getMessage() + ")", e);
    }
    throw new IllegalArgumentException("\"" + text + "\": expected " + expectedFor(parts[0]));
  }

  private static String expectedFor(String kind) {
    switch (kind) {
      case "none":
        return "none (no parameters)";
      case "fixed":
        return "fixed:D with D a duration such as 2ms (units ns, us, ms, s)";
      case "exp":
        return "exp:MEAN with MEAN a duration such as 2ms (units ns, us, ms, s)";
      case "hyperexp":
        return "hyperexp:P:MEAN1:MEAN2 with P a probability in 0..1 and durations such as 2ms (units ns, us, ms, s)";
      default:
        return EXPECTED_FORM;
    }
  }

  /** Parses {@code 2ms}, {@code 1.5s}, {@code 250us}, {@code 100ns} into nanoseconds. */
  private static long parseNanos(String text) {
    int unitStart = 0;
    while (unitStart < text.length() && (Character.isDigit(text.charAt(unitStart)) || text.charAt(unitStart) == '.')) {
      unitStart++;
    }
    String number = text.substring(0, unitStart);
    long scale;
    switch (text.substring(unitStart)) {
      case "ns":
        scale = 1L;
        break;
      case "us":
        scale = 1_000L;
        break;
      case "ms":
        scale = 1_000_000L;
        break;
      case "s":
        scale = 1_000_000_000L;
        break;
      default:
        throw new IllegalArgumentException("\"" + text + "\" has no unit ns, us, ms or s");
    }
    if (number.isEmpty() || number.equals(".")) {
      throw new IllegalArgumentException("\"" + text + "\" has no number");
    }
    try {
      return new BigDecimal(number).multiply(BigDecimal.valueOf(scale)).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException("\"" + text + "\" is not a duration");
    }
  }

  /** {@code nanos} in the largest unit that represents it exactly: {@code 2ms}, {@code 1500us}. */
  private static String formatNanos(long nanos) {
    if (nanos != 0 && nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    } else if (nanos != 0 && nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    } else if (nanos != 0 && nanos % 1_000L == 0) {
      return nanos / 1_000L + "us";
    }
    return nanos + "ns";
  }

  private static double parseProbability(String text) {
    double p;
    try {
      p = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("\"" + text + "\" is not a number");
    }
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("\"" + text + "\" is not in 0..1");
    }
    return p;
  }

  private static long exponentialNanos(SplittableRandom random, long meanNanos) {
    // 1 - nextDouble() is in (0, 1], so the logarithm is finite.
    return Math.round(-meanNanos * Math.log(1.0 - random.nextDouble()));
  }

  private static void requireNonNegative(String name, long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException(name + ": " + nanos + ": expected a duration >= 0");
    }
  }
}
