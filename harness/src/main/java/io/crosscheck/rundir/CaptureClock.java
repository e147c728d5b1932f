package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The capture's clock as the comparison read it ({@code findings.json} {@code captureClock}): the
 * generator's own clock ({@code local}, a capture taken on the generator's host), or another host's
 * clock aligned to the generator's from the exchanges themselves ({@code foreign}, a capture taken
 * on the server host or a mirror port). Absent for a run's own capture, which is local by
 * construction. Every duration in microseconds; offsets are the capture's clock minus the
 * generator's (its monotonic instants mapped to the epoch through its calibrations). Immutable.
 *
 * <p>The bounds: a request's first byte cannot reach the capture before the generator stamped its
 * send start, so {@code offset <= captureArrival - sendStart} ({@code hiMicros}, the tightest over
 * the exchanges); a reply cannot be read before it left past the capture, so {@code offset >=
 * captureFirstReplyByte - generatorFirstByteStamp} ({@code loMicros}).
 * The estimate is the middle of {@code [lo, hi]}, the uncertainty its half-width.
 *
 * <p>Data only since formatVersion 4: {@code report.FindingsSentences.captureClock}, {@code captureClockDrift}
 * and {@code captureClockRule} say it in words; files before held those words ({@code statement}, {@code
 * driftStatement}, {@code rule}, and {@code chosenBy} for what {@code auto} found), printed as written.
 *
 * @param mode {@code local} or {@code foreign}
 * @param chosenBy why, in words: the {@code --capture-clock} option as given ({@code choice} {@code OPTION});
 *     in files before formatVersion 4 also what {@code auto} found (since: {@code choice} and its figures)
 * @param offsetMicros the estimate; for {@code local} 0 (the calibrations map the clocks); null when
 *     no exchange bounded it
 * @param uncertaintyMicros half-width of the interval (for a drifting clock: the largest window's);
 *     null as {@code offsetMicros}
 * @param loMicros the lower bound (from replies); null as {@code offsetMicros}
 * @param hiMicros the upper bound (from requests); null as {@code offsetMicros}
 * @param exchanges matched exchanges the bounds rest on
 * @param loEvidence the exchange that set {@code lo}, named
 * @param hiEvidence the exchange that set {@code hi}, named
 * @param spanSeconds the generator's sends the bounds rest on, first to last
 * @param driftMicros how far the offset moved from the first send to the last when one offset did
 *     not fit every exchange (the offset then drifts linearly; {@code offsetMicros} is its value at
 *     the first send); null when one offset fits
 * @param driftStatement the drift check in words, files before formatVersion 4 only
 * @param pathBoundMicros for {@code foreign}: the interval's full width, which bounds the path
 *     between the generator and the capture point (both ways, the generator's own stamping included)
 *     on the quickest exchange; error figures include that path
 * @param notJudged the figures the uncertainty swamps, by their findings.json path
 * @param rule the rule that marked them, in words, files before formatVersion 4 only (since: from {@code
 *     uncertaintyMicros} and {@code pathBoundMicros})
 * @param statement the alignment in one line (as printed), files before formatVersion 4 only
 * @param choice why this mode ({@link Choice}); absent in files before formatVersion 4
 * @param recordsSent for {@code AUTO_NO_PAIRING}: the sent records, none of which paired with an exchange
 * @param exchangesMatched for {@code AUTO_NO_LATER_REQUEST} and {@code AUTO_NO_REPLY_READ}: the exchanges matched
 *     at the coarse offset, none bounding it from that side
 * @param boundsCrossMicros how far the bounds of one offset cross (for {@code AUTO_BOUNDS_CROSS}, and for a
 *     drifting {@code foreign} clock: before the linear fit)
 * @param driftPpm a drifting clock's rate against the generator's, parts per million; null when one offset fits
 * @param offsetAtLastSendMicros a drifting clock's offset at the last send ({@code offsetMicros} is the first's)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CaptureClock(String mode, String chosenBy, Double offsetMicros, Double uncertaintyMicros,
    Double loMicros, Double hiMicros, long exchanges, String loEvidence, String hiEvidence, Double spanSeconds,
    Double driftMicros, String driftStatement, Double pathBoundMicros, List<String> notJudged, String rule,
    String statement, Choice choice, Long recordsSent, Long exchangesMatched, Double boundsCrossMicros,
    Double driftPpm, Double offsetAtLastSendMicros) {

  public static final String LOCAL = "local";
  public static final String FOREIGN = "foreign";

  /** Why the capture's clock was read as it was ({@link CaptureClock#choice}). */
  public enum Choice {
    /** The {@code --capture-clock} option named the mode ({@code chosenBy} echoes it), or auto aligned it. */
    OPTION,
    /** Auto: offset 0 is within the bounds of the exchanges: the capture's clock is the generator's. */
    AUTO_OFFSET_ZERO_FITS,
    /** Auto: no record pairs with an exchange at any offset ({@code recordsSent}): read as the generator's own. */
    AUTO_NO_PAIRING,
    /** Auto: no matched exchange had a request captured after a recorded send: bounded from one side at most. */
    AUTO_NO_LATER_REQUEST,
    /** Auto: no matched exchange had a reply the generator read: bounded from one side at most. */
    AUTO_NO_REPLY_READ,
    /** Auto: no offset fits (the bounds cross by {@code boundsCrossMicros}): read as the generator's own. */
    AUTO_BOUNDS_CROSS
  }

  /** A copy naming the figures the uncertainty swamps. */
  public CaptureClock withNotJudged(List<String> figures) {
    return new CaptureClock(mode, chosenBy, offsetMicros, uncertaintyMicros, loMicros, hiMicros, exchanges,
        loEvidence, hiEvidence, spanSeconds, driftMicros, driftStatement, pathBoundMicros, List.copyOf(figures), rule,
        statement, choice, recordsSent, exchangesMatched, boundsCrossMicros, driftPpm, offsetAtLastSendMicros);
  }

  public boolean foreign() {
    return FOREIGN.equals(mode);
  }
}
