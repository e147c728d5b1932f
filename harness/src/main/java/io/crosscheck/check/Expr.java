package io.crosscheck.check;

import io.crosscheck.check.Metrics.Metric;

/**
 * A threshold expression of a rule: numbers with units, references to the baseline's metrics, and
 * {@code + - * /} with parentheses. Each node knows its {@link Dimension} (checked when parsed) and
 * its 1-based character position in the rule's text. Immutable.
 */
public sealed interface Expr {
  /** What the expression's value is. */
  Dimension dimension();

  /** Where the expression starts in the rule's text (1-based). */
  int position();

  /**
   * A number as written, in the dimension's base unit (microseconds for a time).
   *
   * @param text as written, e.g. {@code 100us}
   */
  record Literal(double value, Dimension dimension, String text, int position) implements Expr {}

  /**
   * {@code baseline} (the rule's own metric in the baseline run) or {@code baseline.METRIC}.
   *
   * @param text as written
   */
  record BaselineRef(Metric metric, String text, int position) implements Expr {
    @Override
    public Dimension dimension() {
      return metric.dimension();
    }
  }

  /** {@code left OP right}, OP one of {@code + - * /}. */
  record Binary(char op, Expr left, Expr right, Dimension dimension, int position) implements Expr {}

  /** {@code -operand}. */
  record Negate(Expr operand, int position) implements Expr {
    @Override
    public Dimension dimension() {
      return operand.dimension();
    }
  }
}
