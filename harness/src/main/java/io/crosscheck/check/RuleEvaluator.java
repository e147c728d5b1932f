package io.crosscheck.check;

import io.crosscheck.check.Expr.BaselineRef;
import io.crosscheck.text.Printable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges rules against a run's findings (and a baseline's): every rule is judged, none is skipped.
 * A rule whose evidence is missing (the run's metric, or a baseline value it refers to) fails with
 * "no evidence: ..." and the reason; it is never passed silently. Stateless.
 */
public final class RuleEvaluator {
  private RuleEvaluator() {}

  /**
   * What one rule gave.
   *
   * @param rule the rule
   * @param held whether it held
   * @param measured the run's value with its unit ("1.234 ms", "no-sharing"), or null without evidence
   * @param threshold what it was set against, evaluated ("&lt; 1.000 ms", "within 10 % of 23: 20.7 .. 25.3")
   * @param baseline the baseline values it used ("wire.p95 2.000 ms"), or null when it used none
   * @param evidence what the measured value rests on, in words; or why there is none
   * @param noEvidence whether it failed for want of evidence
   */
  public record Judgement(Rule rule, boolean held, String measured, String threshold, String baseline,
      String evidence, boolean noEvidence) {

    /** The one line printed for it: {@code pass  RULE: ...} or {@code FAIL  RULE: ...}. */
    public String line() {
      return (held ? "pass  " : "FAIL  ") + rule.shown() + ": " + message();
    }

    /** The line without its verdict and rule: the measured value, threshold, baseline and evidence. */
    public String message() {
      if (noEvidence) {
        return "no evidence: " + Printable.escape(evidence);
      }
      return "measured " + measured + ", threshold " + threshold
          + (baseline == null ? "" : " (baseline " + baseline + ")") + "; from " + Printable.escape(evidence);
    }
  }

  /** Judges every rule; {@code baseline} may be null when no rule refers to it. */
  public static List<Judgement> judge(List<Rule> rules, CheckedRun run, CheckedRun baseline) {
    List<Judgement> out = new ArrayList<>(rules.size());
    for (Rule r : rules) {
      try {
        out.add(judge(r, run, baseline));
      } catch (RuntimeException e) {
        // a findings.json this reader did not foresee fails its rule, in the line and the JUnit XML,
        // rather than ending the gate with no line and no JUnit file
        out.add(new Judgement(r, false, null, null, null, "internal error reading the findings for "
            + r.metric().name() + ": " + e + " (please report it)", true));
      }
    }
    return out;
  }

  /** Judges one rule. */
  public static Judgement judge(Rule rule, CheckedRun run, CheckedRun baseline) {
    Measure m = rule.metric().read().apply(run);
    if (!m.present()) {
      return new Judgement(rule, false, null, null, null, "the run's " + rule.metric().name() + ": " + m.missing(),
          true);
    }
    Map<String, String> used = new LinkedHashMap<>();
    try {
      if (rule.check() instanceof Rule.CompareWord w) {
        String expected = w.word();
        if (w.baseline() != null) {
          Measure b = value(w.baseline(), baseline);
          expected = b.word();
          used.put(w.baseline().metric().name(), expected);
        }
        boolean held = w.op().holds(m.word(), expected);
        return new Judgement(rule, held, m.word(), w.op().symbol() + " " + expected, baselines(used), m.evidence(),
            false);
      }
      Dimension d = rule.metric().dimension();
      if (rule.check() instanceof Rule.Within w) {
        Measure b = value(w.baseline(), baseline);
        used.put(w.baseline().metric().name(), Values.format(b.value(), d));
        double tolerance = w.relative() ? Math.abs(b.value()) * w.tolerance().value() / 100 : w.tolerance().value();
        double low = b.value() - tolerance;
        double high = b.value() + tolerance;
        boolean held = Math.abs(m.value() - b.value()) <= tolerance;
        String threshold = "within " + Printable.escape(w.tolerance().text()) + " of " + Values.format(b.value(), d)
            + ": " + Values.format(low, d) + " .. " + Values.format(high, d);
        return new Judgement(rule, held, Values.format(m.value(), d), threshold, baselines(used), m.evidence(), false);
      }
      Rule.Compare c = (Rule.Compare) rule.check();
      double threshold = eval(c.threshold(), baseline, used);
      if (Double.isNaN(threshold) || Double.isInfinite(threshold)) {
        return new Judgement(rule, false, Values.format(m.value(), d), null, baselines(used),
            "the threshold is not a number (" + threshold + ": a division by zero?)", true);
      }
      boolean held = c.op().holds(m.value(), threshold);
      return new Judgement(rule, held, Values.format(m.value(), d), c.op().symbol() + " "
          + Values.format(threshold, d), baselines(used), m.evidence(), false);
    } catch (MissingBaseline e) {
      return new Judgement(rule, false, null, null, null, e.getMessage(), true);
    }
  }

  private static String baselines(Map<String, String> used) {
    if (used.isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    used.forEach((name, value) -> parts.add(name + " " + value));
    return String.join(", ", parts);
  }

  /** A baseline value a rule needs and the baseline does not hold. */
  private static final class MissingBaseline extends Exception {
    MissingBaseline(String message) {
      super(message, null, false, false);
    }
  }

  private static Measure value(BaselineRef ref, CheckedRun baseline) throws MissingBaseline {
    if (baseline == null) {
      throw new MissingBaseline("the rule refers to the baseline and no --baseline was given");
    }
    Measure b = ref.metric().read().apply(baseline);
    if (!b.present()) {
      throw new MissingBaseline("the baseline's " + ref.metric().name() + ": " + b.missing());
    }
    return b;
  }

  private static double eval(Expr e, CheckedRun baseline, Map<String, String> used) throws MissingBaseline {
    if (e instanceof Expr.Literal l) {
      return l.value();
    }
    if (e instanceof BaselineRef r) {
      Measure b = value(r, baseline);
      used.put(r.metric().name(), Values.format(b.value(), r.dimension()));
      return b.value();
    }
    if (e instanceof Expr.Negate n) {
      return -eval(n.operand(), baseline, used);
    }
    Expr.Binary b = (Expr.Binary) e;
    double left = eval(b.left(), baseline, used);
    double right = eval(b.right(), baseline, used);
    return switch (b.op()) {
      case '+' -> left + right;
      case '-' -> left - right;
      case '*' -> left * right;
      default -> left / right;
    };
  }

  /** Values with their units, the same way in every line (Locale.ROOT). */
  public static final class Values {
    private Values() {}

    /** {@code value} (microseconds for a time, percent for a percentage) with its unit. */
    public static String format(double value, Dimension d) {
      switch (d) {
        case TIME: {
          double a = Math.abs(value);
          if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.3f s", value / 1e6);
          }
          if (a >= 1e3) {
            return String.format(Locale.ROOT, "%.3f ms", value / 1e3);
          }
          return String.format(Locale.ROOT, "%.1f us", value);
        }
        case PERCENT:
          return String.format(Locale.ROOT, "%.2f %%", value);
        default:
          if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
          }
          return String.format(Locale.ROOT, "%.4f", value);
      }
    }
  }
}
