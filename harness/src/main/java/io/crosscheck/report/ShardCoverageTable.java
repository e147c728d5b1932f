package io.crosscheck.report;

import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.MergedShards;
import io.crosscheck.text.Printable;
import java.util.Locale;
import java.util.Map;

/**
 * The per-shard coverage of merged findings (findings.json {@code shards}) as fixed-width text, one
 * line per shard: records matched against its own capture, unmatched by reason, the capture's drops,
 * its matched pairs and connections. Formats only; numbers in {@link Locale#ROOT}.
 */
public final class ShardCoverageTable {
  private ShardCoverageTable() {}

  /** The lines, or "" when {@code file} is not a merge of audited shards. */
  public static String format(FindingsFile file) {
    MergedShards m = file.shards();
    if (m == null) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    for (MergedShards.ShardCoverage s : m.shards()) {
      out.append(String.format(Locale.ROOT, "shard %-3d      %,d of %,d records in its capture matched (%.1f %%)%s;"
          + " %,d wire exchanges (%.1f %% matched)%s; %,d pairs; %,d connections; capture dropped %s; clock"
          + " uncertainty <= %.1f us%s%n", s.index(), s.matched(), s.inCapture(), s.recordsMatchedPercent(),
          reasons("unmatched records", s.unmatchedRecords()), s.wireExchanges(), s.exchangesMatchedPercent(),
          reasons("unmatched exchanges", s.unmatchedExchanges()), s.pairs(), s.connectionsOpened(),
          s.kernelDropped() == null ? "unknown (no capture.json counters)"
              : String.format(Locale.ROOT, "%,d packets (kernel)%s", s.kernelDropped(),
                  s.interfaceDropped() == null ? "" : String.format(Locale.ROOT, ", %,d (interface)",
                      s.interfaceDropped())),
          s.clockUncertaintyMicros(), Boolean.FALSE.equals(s.sameAsItsOwnFindings())
              ? "; NOT the matched count of its own findings.json" : ""));
    }
    return Printable.escapeKeepingNewlines(out.toString());
  }

  private static String reasons(String label, Map<String, Long> byReason) {
    if (byReason == null || byReason.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder("; " + label + ":");
    byReason.forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s %,d", k, v)));
    return b.toString();
  }
}
