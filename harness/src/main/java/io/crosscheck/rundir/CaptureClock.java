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
 * @param mode {@code local} or {@code foreign}
 * @param chosenBy why: {@code --capture-clock} named it, or what {@code auto} found
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
 * @param driftStatement the drift check in words
 * @param pathBoundMicros for {@code foreign}: the interval's full width, which bounds the path
 *     between the generator and the capture point (both ways, the generator's own stamping included)
 *     on the quickest exchange; error figures include that path
 * @param notJudged the figures the uncertainty swamps, by their findings.json path
 * @param rule the rule that marked them
 * @param statement the alignment in one line (as printed)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CaptureClock(String mode, String chosenBy, Double offsetMicros, Double uncertaintyMicros,
    Double loMicros, Double hiMicros, long exchanges, String loEvidence, String hiEvidence, Double spanSeconds,
    Double driftMicros, String driftStatement, Double pathBoundMicros, List<String> notJudged, String rule,
    String statement) {

  public static final String LOCAL = "local";
  public static final String FOREIGN = "foreign";

  /** A copy naming the figures the uncertainty swamps. */
  public CaptureClock withNotJudged(List<String> figures, String rule) {
    return new CaptureClock(mode, chosenBy, offsetMicros, uncertaintyMicros, loMicros, hiMicros, exchanges,
        loEvidence, hiEvidence, spanSeconds, driftMicros, driftStatement, pathBoundMicros, List.copyOf(figures), rule,
        statement);
  }

  public boolean foreign() {
    return FOREIGN.equals(mode);
  }
}
