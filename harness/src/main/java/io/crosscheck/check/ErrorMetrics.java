package io.crosscheck.check;

import io.crosscheck.report.FindingsSentences;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.IntervalGroup;
import io.crosscheck.rundir.Findings.ResponseTime;
import io.crosscheck.rundir.Findings.Stats;
import java.util.Locale;

/**
 * The error metrics of {@link Metrics} ({@code abs-error}, {@code ratio}, {@code p50-error} ..
 * {@code max-error}, {@code impossible}): magnitudes, so that an under-report counts as much as an
 * over-report; over the records' pairs, or over the generator's own figure (reported intervals)
 * when the audit measured it; and never a value over an impossible pair (a reported time below the
 * wire's beyond the tolerance), which measures no accuracy: such a rule has no evidence and fails.
 * Stateless.
 */
final class ErrorMetrics {
  private ErrorMetrics() {}

  /** The error figures a rule can set a bound on. */
  enum Figure {
    ABS, RATIO, P50, P90, P99, MAX,
    /** The bounds of abs-error's 95 % interval, as magnitudes (low 0 when the interval spans 0). */
    ABS_CI95_LOW, ABS_CI95_HIGH
  }

  /**
   * Whether the audit measured the generator's own figure ({@code --reported-value}/{@code
   * --reported-by}): then the error metrics judge that figure, not the agent's timing of its I/O.
   */
  private static boolean ownFigure(CheckedRun r) {
    Findings.ReportedIntervals ri = r.findings().reportedIntervals();
    return ri != null && ri.reporting() != null && !ri.reporting().isEmpty();
  }

  /**
   * An error figure as a magnitude (an under-report counts as much as an over-report), over the
   * records' pairs or, for an audit of the generator's own figure, its reported intervals; missing
   * when no pair (interval) holds it or when any is impossible (reported below the wire beyond the
   * tolerance): a figure over impossible measurements says nothing of accuracy, so it never passes.
   */
  static Measure error(CheckedRun r, Figure figure) {
    boolean interval = figure == Figure.ABS_CI95_LOW || figure == Figure.ABS_CI95_HIGH;
    if (ownFigure(r)) {
      return interval ? Measure.missing("the generator's own figure (--reported-value/--reported-by) has no"
          + " confidence interval: abs-error.ci95 rests on the records' pairs") : intervalError(r, figure);
    }
    ResponseTime t = r.findings().responseTime();
    if (t == null) {
      return Measure.missing("findings.responseTime is null: " + Metrics.noPairs(r));
    }
    if (t.pairs() == 0) {
      return Measure.missing("findings.responseTime rests on no pair: " + Metrics.noPairs(r));
    }
    Findings.Lags lags = r.findings().lags();
    if (lags != null && lags.belowUncertainty() > 0) {
      return Measure.missing(String.format(Locale.ROOT, "%,d of %,d matched pairs are impossible: the generator's"
          + " time is below the wire's beyond the clock's uncertainty and its timing resolution"
          + " (lags.belowUncertainty); an error over them measures no accuracy", lags.belowUncertainty(), t.pairs()));
    }
    String evidence = Metrics.pairs(t.pairs());
    if (interval) {
      return errorInterval(t, figure);
    }
    if (figure == Figure.ABS) {
      return Measure.of(Math.abs(t.absoluteErrorMicros()), evidence);
    }
    if (figure == Figure.RATIO) {
      return Measure.of(t.ratio(), evidence);
    }
    Stats magnitude = t.perRequestErrorMagnitude();
    if (magnitude == null) {
      Stats signed = t.perRequestError();
      if (signed == null || !(signed.minMicros() >= 0)) {
        // written before the magnitudes: the signed figures are the magnitudes only when none is negative
        return Measure.missing("findings.responseTime.perRequestErrorMagnitude is absent (written before it) and"
            + " the signed errors reach " + (signed == null ? "an unknown minimum" : signed.minMicros() + " us")
            + "; re-run 'crosscheck compare' on the run");
      }
      magnitude = signed;
    }
    return Measure.of(stat(magnitude, figure), evidence);
  }

  /**
   * A bound of the absolute error's 95 % interval as a magnitude: the interval [lo, hi] of reported
   * minus wire becomes [0, max(|lo|, |hi|)] when it spans 0, else [min, max] of the two magnitudes.
   * The evidence names the pairs, the method and every failed check of its assumptions.
   */
  private static Measure errorInterval(ResponseTime t, Figure figure) {
    Findings.Confidence c = t.confidence();
    if (c == null) {
      return Measure.missing("findings.responseTime.confidence is absent (written before it, or fewer than 2 pairs);"
          + " re-run 'crosscheck compare' on the run");
    }
    double lo = c.absoluteErrorMicros().low();
    double hi = c.absoluteErrorMicros().high();
    double high = Math.max(Math.abs(lo), Math.abs(hi));
    double low = lo <= 0 && hi >= 0 ? 0 : Math.min(Math.abs(lo), Math.abs(hi));
    String warnings = c.warnings().isEmpty() ? "" : "; its checks failed: " + String.join(", ",
        c.warnings().stream().map(w -> w.name().toLowerCase(Locale.ROOT).replace('_', '-')).toList());
    String method = c.absoluteErrorMicros().method().words();
    return Measure.of(figure == Figure.ABS_CI95_LOW ? low : high, String.format(Locale.ROOT,
        "%s, 95 %% %s interval of reported - wire [%+.1f, %+.1f] us%s", Metrics.pairs(t.pairs()), method, lo, hi,
        warnings));
  }

  private static double stat(Stats s, Figure figure) {
    return switch (figure) {
      case P50 -> s.p50Micros();
      case P90 -> s.p90Micros();
      case P99 -> s.p99Micros();
      default -> s.maxMicros();
    };
  }

  private static Measure intervalError(CheckedRun r, Figure figure) {
    Findings.ReportedIntervals ri = r.findings().reportedIntervals();
    IntervalGroup all = ri.overall();
    String what = "the generator's own figure (" + ri.reporting() + ")";
    if (ri.stateOrDerived() != Findings.ReportedIntervalsState.JUDGED || all == null || all.count() == 0) {
      return Measure.missing(what + " was not judged: " + FindingsSentences.reportedIntervals(r.findings()));
    }
    if (all.reportedBelowSpan() > 0) {
      return Measure.missing(String.format(Locale.ROOT, "%,d of %,d reported intervals are impossible: %s is below"
          + " its wire span by more than %.1f us (reportedIntervals.overall.reportedBelowSpan); an error over them"
          + " measures no accuracy", all.reportedBelowSpan(), all.count(), what, ri.belowSpanToleranceMicros()));
    }
    String evidence = String.format(Locale.ROOT, "%,d reported intervals matched in full: %s against each"
        + " interval's wire span", all.count(), what);
    if (figure == Figure.ABS) {
      return Measure.of(Math.abs(all.meanErrorMicros()), evidence);
    }
    if (figure == Figure.RATIO) {
      return Measure.of(all.meanReportedMicros() / all.meanWireSpanMicros(), evidence);
    }
    if (all.errorMagnitude() == null) {
      return Measure.missing("reportedIntervals.overall.errorMagnitude is absent (written before it); re-run"
          + " 'crosscheck compare' on the run");
    }
    return Measure.of(stat(all.errorMagnitude(), figure), evidence);
  }

  static Measure impossible(CheckedRun r) {
    if (ownFigure(r)) {
      Findings.ReportedIntervals ri = r.findings().reportedIntervals();
      IntervalGroup all = ri.overall();
      if (ri.stateOrDerived() != Findings.ReportedIntervalsState.JUDGED || all == null || all.count() == 0) {
        return Measure.missing("the generator's own figure (" + ri.reporting() + ") was not judged: "
            + FindingsSentences.reportedIntervals(r.findings()));
      }
      return Measure.of(all.reportedBelowSpan(), String.format(Locale.ROOT, "%,d reported intervals matched in full",
          all.count()));
    }
    Findings.Lags lags = r.findings().lags();
    ResponseTime t = r.findings().responseTime();
    if (lags == null || t == null || t.pairs() == 0) {
      // no pair, no count of impossible ones: "0 impossible" over nothing would pass impossible == 0
      return Measure.missing("findings.lags rests on no pair: " + Metrics.noPairs(r));
    }
    return Measure.of(lags.belowUncertainty(), Metrics.pairs(t.pairs()));
  }
}
