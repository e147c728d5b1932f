package io.crosscheck.check;

/** A rule's comparison. */
public enum Op {
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">="),
  EQ("=="),
  NE("!=");

  private final String symbol;

  Op(String symbol) {
    this.symbol = symbol;
  }

  /** As a rule writes it. */
  public String symbol() {
    return symbol;
  }

  /** The operator written {@code symbol}, or null. */
  static Op of(String symbol) {
    for (Op o : values()) {
      if (o.symbol.equals(symbol)) {
        return o;
      }
    }
    return null;
  }

  /** Whether {@code measured OP threshold} holds. */
  public boolean holds(double measured, double threshold) {
    return switch (this) {
      case LT -> measured < threshold;
      case LE -> measured <= threshold;
      case GT -> measured > threshold;
      case GE -> measured >= threshold;
      case EQ -> measured == threshold;
      case NE -> measured != threshold;
    };
  }

  /** Whether {@code measured OP expected} holds for words (only {@code ==} and {@code !=}). */
  public boolean holds(String measured, String expected) {
    return this == EQ ? measured.equals(expected) : this == NE && !measured.equals(expected);
  }
}
