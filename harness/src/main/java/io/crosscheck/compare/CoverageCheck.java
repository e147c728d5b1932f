package io.crosscheck.compare;

import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.rundir.Findings.CoverageState;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireStats;
import java.util.Locale;

/**
 * How much of a run the findings can rest on (DESIGN.md: "coverage"), and the sentence that says
 * so before any figure. A record the wire could hold is one that was sent (not a connect-error,
 * send start known) within the capture's window; coverage is the share of those that matched.
 * Below the floor nothing is judged. Stateless.
 */
final class CoverageCheck {
  private CoverageCheck() {}

  static Coverage of(GeneratorSide gen, Reconstruction wire, MatchResult match, double minMatchedPercent) {
    return of(gen, wire, match, minMatchedPercent, null);
  }

  /**
   * @param own the generator's connections when they can be told apart (another client's exchanges are then
   *     not said to be ones the generator did not record: the connection findings name them), else null
   */
  static Coverage of(GeneratorSide gen, Reconstruction wire, MatchResult match, double minMatchedPercent,
      GeneratorConnections own) {
    long exchanges = wire.exchanges().size();
    long first = wire.firstPacketEpochNanos();
    long last = wire.lastPacketEpochNanos();
    if (gen == null || gen.records().isEmpty()) {
      String statement = exchanges == 0
          ? "wire only: the capture holds no HTTP exchange" + (wire.hasPackets() ? "" : " (no packet at all)")
          : String.format(Locale.ROOT, "wire only (no generator records): %,d exchanges in %.1f s of capture;"
              + " every figure is the wire's", exchanges, (last - first) / 1e9);
      String disorder = outOfOrder(wire.wire());
      if (disorder != null && exchanges > 0) {
        statement = statement.substring(0, statement.lastIndexOf("; every figure"));
      }
      return new Coverage(0, 0, 0, 0, 0, 0, Double.NaN, exchanges, 0, minMatchedPercent,
          exchanges > 0 && disorder == null, true, first, last, "none (wire only)",
          disorder == null ? statement : statement + "; " + disorder,
          exchanges > 0 && disorder == null ? CoverageState.WIRE_ONLY : CoverageState.WIRE_NO_EXCHANGE);
    }
    long records = gen.records().size();
    long sent = 0;
    long neverReached = 0;
    long firstSendNanos = Long.MAX_VALUE;
    long lastEndNanos = Long.MIN_VALUE;
    long notSent = 0;
    for (RequestRecord r : gen.records()) {
      if (r.outcome() == Outcome.CONNECT_ERROR) {
        neverReached++;
      } else if (r.outcome() == Outcome.GENERATOR_ERROR && r.sendStartNanos() < 0) {
        neverReached++; // the generator failed it before it left: no exchange either
        notSent++;
      } else if (r.sendStartNanos() >= 0) {
        sent++;
        firstSendNanos = Math.min(firstSendNanos, r.sendStartNanos());
        lastEndNanos = Math.max(lastEndNanos, Math.max(r.sendStartNanos(), Math.max(r.firstByteNanos(),
            r.lastByteNanos())));
      }
    }
    // an unmatched request sent this close to either end of the capture may have missed it
    long from = first == Long.MAX_VALUE ? Long.MAX_VALUE : first + Coverage.CAPTURE_MARGIN_NANOS;
    long to = last == Long.MIN_VALUE ? Long.MIN_VALUE : last - Coverage.CAPTURE_MARGIN_NANOS;
    long before = 0;
    long after = 0;
    for (MatchResult.Unmatched<RequestRecord> u : match.unmatchedRecords()) {
      RequestRecord r = u.item();
      if (r.outcome() == Outcome.CONNECT_ERROR || r.sendStartNanos() < 0) {
        continue;
      }
      long sentEpochNanos = gen.clock().toEpochNanos(r.sendStartNanos());
      if (sentEpochNanos < from) {
        before++;
      } else if (sentEpochNanos > to) {
        after++;
      }
    }
    long outside = before + after;
    long inCapture = sent - outside;
    long matched = match.matched().size();
    double percent = inCapture == 0 ? Double.NaN : 100.0 * matched / inCapture;
    double exchangesPercent = exchanges == 0 ? 0 : 100.0 * matched / exchanges;
    String disorder = outOfOrder(wire.wire());
    boolean sufficient = inCapture > 0 && percent >= minMatchedPercent && disorder == null;
    StringBuilder s = new StringBuilder();
    if (sent == 0) {
      s.append(String.format(Locale.ROOT, "none of the %,d records reached the wire", records));
    } else if (matched == 0) {
      s.append(String.format(Locale.ROOT, "0 of %,d records matched: this capture does not hold this run's"
          + " traffic", sent));
      if (inCapture == 0) {
        s.append(" (every request was sent outside the capture's time span)");
      }
    } else {
      s.append(String.format(Locale.ROOT, "%,d of %,d records in the capture matched (%.1f %%)", matched, inCapture,
          percent));
      if (after > 0) {
        s.append(String.format(Locale.ROOT, "; the capture ends before the run: %,d records sent after its last"
            + " packet are not judged", after));
      }
      if (before > 0) {
        s.append(String.format(Locale.ROOT, "; the capture starts after the run: %,d records sent before its"
            + " first packet are not judged", before));
      }
    }
    if (neverReached > 0) {
      s.append(notSent == 0
          ? String.format(Locale.ROOT, "; %,d records never reached a server (connect-error)", neverReached)
          : String.format(Locale.ROOT, "; %,d records never reached a server (%,d connect-error, %,d generator-error)",
              neverReached, neverReached - notSent, notSent));
    }
    long unrecorded = matched == 0 ? 0 : unrecordedExchanges(match, own, gen.clock().toEpochNanos(firstSendNanos)
        - Coverage.CAPTURE_MARGIN_NANOS, gen.clock().toEpochNanos(lastEndNanos) + Coverage.CAPTURE_MARGIN_NANOS);
    if (unrecorded > 0) {
      // e.g. an agent attached to a running generator: the capture spans the attach and the detach
      s.append(String.format(Locale.ROOT, "; the capture also holds %,d exchanges before the first record or after"
          + " the last, which the generator did not record: only the records' side is held to the wire, and the"
          + " figures of every wire exchange include them", unrecorded));
    }
    if (disorder != null) {
      s.append("; ").append(disorder);
    } else if (!sufficient && matched > 0) {
      s.append(String.format(Locale.ROOT, "; below the %.0f %% floor: nothing is judged", minMatchedPercent));
    }
    String clock = String.format(Locale.ROOT, "monotonic -> capture clock through %d calibrations, uncertainty"
        + " <= %.1f us", gen.clock().calibrations(), gen.clock().maxUncertaintyNanos() / 1e3);
    return new Coverage(records, sent, neverReached, outside, inCapture, matched, percent, exchanges,
        exchangesPercent, minMatchedPercent, sufficient, false, first, last, clock, s.toString(),
        disorder != null ? CoverageState.OUT_OF_ORDER : sufficient ? CoverageState.JUDGED
            : sent == 0 ? CoverageState.NONE_SENT : matched == 0 ? CoverageState.NONE_MATCHED
            : CoverageState.BELOW_FLOOR);
  }

  /**
   * Why no wire time of this capture can be judged, or null: some connection's data segments run backwards in
   * time, or some exchange's instants do ({@link WireStats#outOfOrder}). Frames are rebuilt in file order (see
   * {@code WireReconstructor}), so which of file order and timestamps is wrong is left to the user, with the
   * tool that mends the first.
   */
  static String outOfOrder(WireStats w) {
    if (w == null || !w.outOfOrder()) {
      return null;
    }
    return String.format(Locale.ROOT, "the capture is out of order: on %,d connections data runs backwards in"
        + " time, %,d exchanges have a response before their request: no wire time is judged; if the timestamps"
        + " are right and the file order is wrong (a merged or multi-queue capture), sort it with reordercap and"
        + " compare again", w.connectionsBackInTime(), w.impossibleExchanges());
  }

  /** Unmatched exchanges whose request started outside {@code [fromEpochNanos, toEpochNanos]}. */
  private static long unrecordedExchanges(MatchResult match, GeneratorConnections own, long fromEpochNanos,
      long toEpochNanos) {
    long n = 0;
    for (MatchResult.Unmatched<WireExchange> u : match.unmatchedExchanges()) {
      if (own != null && !own.owns(u.item())) {
        continue; // another client's
      }
      long start = u.item().requestStartEpochNanos();
      if (start >= 0 && (start < fromEpochNanos || start > toEpochNanos)) {
        n++;
      }
    }
    return n;
  }
}
