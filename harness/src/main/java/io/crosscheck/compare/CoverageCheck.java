package io.crosscheck.compare;

import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.rundir.Findings.CoverageState;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireStats;
import java.util.Locale;

/**
 * How much of a run the findings can rest on (DESIGN.md: "coverage"), with the figures the sentence
 * printed before any other ({@code report.FindingsSentences.coverage}) is made from. A record the wire could hold is one that was sent (not a connect-error,
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
      WireStats w = wire.wire();
      boolean disorder = outOfOrder(w);
      // the sentence is the renderer's (report.FindingsSentences.coverage)
      return new Coverage(0, 0, 0, 0, 0, 0, Double.NaN, exchanges, 0, minMatchedPercent,
          exchanges > 0 && !disorder, true, first, last, null, null,
          exchanges > 0 && !disorder ? CoverageState.WIRE_ONLY : CoverageState.WIRE_NO_EXCHANGE, 0L, 0L, 0L, 0L,
          disorder ? (long) w.connectionsBackInTime() : null, disorder ? (long) w.impossibleExchanges() : null,
          wire.hasPackets(), Findings.ClockMappingKind.NONE_WIRE_ONLY);
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
    WireStats w = wire.wire();
    boolean disorder = outOfOrder(w);
    boolean sufficient = inCapture > 0 && percent >= minMatchedPercent && !disorder;
    long unrecorded = matched == 0 ? 0 : unrecordedExchanges(match, own, gen.clock().toEpochNanos(firstSendNanos)
        - Coverage.CAPTURE_MARGIN_NANOS, gen.clock().toEpochNanos(lastEndNanos) + Coverage.CAPTURE_MARGIN_NANOS);
    // the mapping's figures are findings.clock's, from the same ClockMap (report.FindingsSentences.clockMapping)
    return new Coverage(records, sent, neverReached, outside, inCapture, matched, percent, exchanges,
        exchangesPercent, minMatchedPercent, sufficient, false, first, last, null, null,
        disorder ? CoverageState.OUT_OF_ORDER : sufficient ? CoverageState.JUDGED
            : sent == 0 ? CoverageState.NONE_SENT : matched == 0 ? CoverageState.NONE_MATCHED
            : CoverageState.BELOW_FLOOR, before, after, notSent, unrecorded,
        disorder ? (long) w.connectionsBackInTime() : null, disorder ? (long) w.impossibleExchanges() : null,
        wire.hasPackets(), Findings.ClockMappingKind.CALIBRATIONS);
  }

  /**
   * Whether no wire time of this capture can be judged: some connection's data segments run backwards in
   * time, or some exchange's instants do ({@link WireStats#outOfOrder}). Frames are rebuilt in file order (see
   * {@code WireReconstructor}); the coverage's sentence tells the user how to mend the file order.
   */
  static boolean outOfOrder(WireStats w) {
    return w != null && w.outOfOrder();
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
