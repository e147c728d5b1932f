package io.crosscheck.report;

import io.crosscheck.rundir.Findings.IntervalGroup;
import io.crosscheck.rundir.Findings.ReportedIntervals;
import java.util.Locale;
import java.util.Map;

/**
 * The reported-interval section of an agent audit as a fixed-width text table, printed after the
 * findings table: its evidence first (intervals and exchanges matched, the clock mapping), then one
 * row per URL group and one overall — count, mean reported figure, the wire's page time, span and
 * sum, the gap between exchanges and the mean error (reported − span), in milliseconds. Without a
 * reporting spec it says that only the agent's own timing is available. Formats only; numbers in
 * {@link Locale#ROOT}.
 */
public final class ReportedIntervalTable {
  private static final int MAX_GROUPS = 20;

  private ReportedIntervalTable() {}

  public static String format(ReportedIntervals r) {
    StringBuilder out = new StringBuilder();
    out.append(System.lineSeparator());
    line(out, "reported", r.reporting().isEmpty() ? "(no reporting method named)" : r.reporting());
    line(out, "  evidence", r.statement());
    if (r.intervalsMatched() == 0) {
      if (!r.unmatchedIntervals().isEmpty()) {
        line(out, "  left out", reasons(r.unmatchedIntervals()));
      }
      return out.toString();
    }
    if (!r.unmatchedIntervals().isEmpty()) {
      line(out, "  left out", reasons(r.unmatchedIntervals()));
    }
    out.append(String.format(Locale.ROOT, "%n%-44s %7s %5s %9s %9s %9s %9s %9s %9s %6s%n", "(milliseconds, means)",
        "count", "exch", "reported", "wirePage", "wireSpan", "wireSum", "gap", "error", "below"));
    int shown = 0;
    for (IntervalGroup g : r.groups()) {
      if (shown++ == MAX_GROUPS) {
        out.append(String.format(Locale.ROOT, "%-44s%n", "... " + (r.groups().size() - MAX_GROUPS)
            + " more groups in findings.json"));
        break;
      }
      row(out, g);
    }
    row(out, r.overall());
    IntervalGroup o = r.overall();
    line(out, "in words", String.format(Locale.ROOT,
        "reported %.1f ms vs wire page %.1f ms, page+rest %.1f ms (span; %.1f ms summed, %.1f ms between"
            + " exchanges): the figure is off the wire span by %+.1f ms on average (median %+.1f, p99 %+.1f)",
        o.meanReportedMicros() / 1e3, o.meanWirePageMicros() / 1e3, o.meanWireSpanMicros() / 1e3,
        o.meanWireSumMicros() / 1e3, o.meanGapMicros() / 1e3, o.meanErrorMicros() / 1e3, o.p50ErrorMicros() / 1e3,
        o.p99ErrorMicros() / 1e3));
    if (o.reportedBelowSpan() > 0) {
      line(out, "impossible", String.format(Locale.ROOT, "%,d figures below their wire span by more than %.1f ms",
          o.reportedBelowSpan(), r.belowSpanToleranceMicros() / 1e3));
    }
    return out.toString();
  }

  private static void row(StringBuilder out, IntervalGroup g) {
    String name = g.urlGroup().length() > 44 ? "..." + g.urlGroup().substring(g.urlGroup().length() - 41)
        : g.urlGroup();
    out.append(String.format(Locale.ROOT, "%-44s %7d %5.1f %9.2f %9.2f %9.2f %9.2f %9.2f %+9.2f %6d%n", name,
        g.count(), g.meanExchanges(), g.meanReportedMicros() / 1e3, g.meanWirePageMicros() / 1e3,
        g.meanWireSpanMicros() / 1e3, g.meanWireSumMicros() / 1e3, g.meanGapMicros() / 1e3,
        g.meanErrorMicros() / 1e3, g.reportedBelowSpan()));
  }

  private static String reasons(Map<String, Long> reasons) {
    return reasons.toString();
  }

  private static void line(StringBuilder out, String label, String text) {
    out.append(String.format(Locale.ROOT, "%-14s %s%n", label + ":", text));
  }
}
