package io.crosscheck.check;

/**
 * What a metric's values are, and so which values a rule may set against it: a time (written with
 * a unit, {@code us}, {@code ms} or {@code s}, held in microseconds), a percentage (written with
 * {@code %}, held in percent), a plain number (a count or a ratio: no unit), or a word (a verdict).
 */
public enum Dimension {
  TIME("a time", "us, ms, s"),
  PERCENT("a percentage", "%"),
  NUMBER("a plain number", "no unit"),
  WORD("a word", "");

  private final String noun;
  private final String units;

  Dimension(String noun, String units) {
    this.noun = noun;
    this.units = units;
  }

  /** "a time", "a percentage", ... for messages. */
  public String noun() {
    return noun;
  }

  /** The units a value of this dimension is written with, for messages and the metric table. */
  public String units() {
    return units;
  }
}
