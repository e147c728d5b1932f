package io.crosscheck.check;

import io.crosscheck.check.Expr.BaselineRef;
import io.crosscheck.check.Metrics.Metric;

/**
 * One parsed rule: a metric of the run set against a threshold. Three shapes:
 * {@code METRIC OP EXPR} (a number), {@code METRIC ==|!= WORD|baseline} (a verdict), and {@code
 * METRIC within TOLERANCE of baseline[.METRIC]}. Immutable.
 *
 * @param text the rule as written (a rules file's line without its comment; {@link #shown} trims it)
 * @param where where it was written: {@code --rule}, {@code --check} or {@code FILE:LINE}
 * @param metric the run's metric it judges
 * @param check what it is set against
 */
public record Rule(String text, String where, Metric metric, Check check) {

  /** What a metric is set against. */
  public sealed interface Check {}

  /** {@code METRIC OP threshold}. */
  public record Compare(Op op, Expr threshold) implements Check {}

  /** {@code METRIC ==|!= word}, or the baseline's word when {@code baseline} is not null. */
  public record CompareWord(Op op, String word, BaselineRef baseline) implements Check {}

  /**
   * {@code METRIC within TOLERANCE of baseline}: {@code |measured - baseline| <= tolerance}, the
   * tolerance {@code percent} of {@code |baseline|} when {@code relative}, else in the metric's
   * dimension.
   */
  public record Within(Expr.Literal tolerance, boolean relative, BaselineRef baseline) implements Check {}

  /** The rule's text for display: trimmed, control characters escaped. */
  public String shown() {
    return io.crosscheck.text.Printable.escape(text.strip());
  }

  /** The first reference to the baseline in this rule, or null when it uses none. */
  public BaselineRef baselineRef() {
    if (check instanceof Compare c) {
      return firstRef(c.threshold());
    }
    if (check instanceof CompareWord w) {
      return w.baseline();
    }
    return ((Within) check).baseline();
  }

  private static BaselineRef firstRef(Expr e) {
    if (e instanceof BaselineRef r) {
      return r;
    }
    if (e instanceof Expr.Negate n) {
      return firstRef(n.operand());
    }
    if (e instanceof Expr.Binary b) {
      BaselineRef left = firstRef(b.left());
      return left != null ? left : firstRef(b.right());
    }
    return null;
  }
}
