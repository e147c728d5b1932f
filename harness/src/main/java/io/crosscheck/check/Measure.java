package io.crosscheck.check;

/**
 * One metric's value in one run, or why the run holds none. Immutable.
 *
 * @param value the number (microseconds for a time, percent for a percentage); NaN for a word or
 *     when missing
 * @param word the token of a word metric (e.g. {@code no-sharing}); null otherwise
 * @param evidence what the value rests on, in words (records, pairs, window), for the rule's line
 * @param missing why there is no value (e.g. "findings.responseTime is null: ..."); null when present
 */
public record Measure(double value, String word, String evidence, String missing) {

  /** A number with its evidence; a NaN number (an empty sample) is missing. */
  public static Measure of(double value, String evidence) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return missing("the value is " + value + " (an empty sample); " + evidence);
    }
    return new Measure(value, null, evidence, null);
  }

  /** A word with its evidence. */
  public static Measure word(String word, String evidence) {
    return new Measure(Double.NaN, word, evidence, null);
  }

  /** No value, and why. */
  public static Measure missing(String why) {
    return new Measure(Double.NaN, null, null, why);
  }

  /** Whether there is a value. */
  public boolean present() {
    return missing == null;
  }
}
