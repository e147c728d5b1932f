package io.crosscheck.report;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.IntervalGroup;
import io.crosscheck.rundir.Findings.ReportedIntervals;
import io.crosscheck.text.Printable;
import java.util.Locale;

/**
 * The reported-interval section of an agent audit as a fixed-width text table, printed after the
 * findings table: its evidence first ({@link FindingsSentences#reportedIntervals}: intervals and exchanges
 * matched, the overall means in words, the clock mapping), the intervals left out by reason, then one row per URL
 * group and one overall — count, exchanges per interval, mean reported figure, the wire's page time,
 * span and sum, the gap between exchanges and the mean error (reported − span), in milliseconds —
 * and the error's spread over the intervals it rests on. Without figures (no reporting spec, nothing
 * matched, or evidence below the matching floor) only the evidence is printed. Formats only; numbers
 * in {@link Locale#ROOT}; lines as {@link FindingsTable}'s.
 */
public final class ReportedIntervalTable {
  private static final int MAX_GROUPS = 20;

  private ReportedIntervalTable() {}

  /**
   * The table of {@code f}'s reported intervals (empty without them); control characters of names and notes are
   * escaped ({@link Printable}).
   */
  public static String format(Findings f) {
    return f.reportedIntervals() == null ? "" : Printable.escapeKeepingNewlines(table(f));
  }

  private static String table(Findings f) {
    ReportedIntervals r = f.reportedIntervals();
    StringBuilder out = new StringBuilder();
    out.append(System.lineSeparator());
    FindingsTable.line(out, "reported", r.reporting().isEmpty() ? "(no reporting method named)" : r.reporting());
    FindingsTable.line(out, "  evidence", FindingsSentences.reportedIntervals(f));
    if (!r.unmatchedIntervals().isEmpty()) {
      FindingsTable.line(out, "  left out", r.unmatchedIntervals().toString());
    }
    IntervalGroup o = r.overall();
    if (o == null || o.count() == 0) {
      return out.toString();
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
    row(out, o);
    FindingsTable.line(out, "error", String.format(Locale.ROOT,
        "the figure minus its wire span: mean %+.1f ms, median %+.1f, p99 %+.1f (%,d intervals)",
        o.meanErrorMicros() / 1e3, o.p50ErrorMicros() / 1e3, o.p99ErrorMicros() / 1e3, o.count()));
    if (o.reportedBelowSpan() > 0) {
      FindingsTable.line(out, "impossible", String.format(Locale.ROOT,
          "%,d figures below their wire span by more than %.1f ms", o.reportedBelowSpan(),
          r.belowSpanToleranceMicros() / 1e3));
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
}
