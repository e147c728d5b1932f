package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Map;

/**
 * Whether a comparison's findings support a verdict on the run (findings.json {@code support}):
 * what {@code compare} and {@code audit} exit 0 on, and, when they exit 3, why. Data only; the
 * sentence is the renderer's ({@code report.FindingsTable}). Built by {@code compare.SupportCheck}.
 * Immutable.
 *
 * <p>Not supported when any of {@link Reason} holds: the records below the matching floor, no
 * exchange complete on both sides (no response-time figure at all), more than {@code
 * maxFailedPercent} of the records failed (the figures would rest on the few that did not), or the
 * run did not complete (its figures cover only the part that ran).
 *
 * @param supported true when no reason holds
 * @param reasons the reasons that hold, in the order of {@link Reason}; empty when supported
 * @param runStatus the run's status as the comparison found it ({@code completed}, {@code
 *     interrupted}, {@code unfinished}, {@code failed}, {@code running}, {@code wire-only})
 * @param records the records the failure share is taken over: the measured phase's, or every record
 *     when none is in it (0 for a wire-only analysis)
 * @param failed of which ended with no reply: {@code connect-error}, {@code timeout}, {@code reset},
 *     {@code invalid}, {@code aborted}, {@code generator-error} (an {@code http-error} is a reply)
 * @param failedPercent {@code failed / records} in percent; NaN (null in the file) without records
 * @param failedByOutcome the failed records by outcome token
 * @param maxFailedPercent the ceiling above which failures dominate
 * @param pairs matched pairs complete on both sides in the measured phase (findings {@code
 *     responseTime.pairs}); -1 when no response time was computed (below the floor, wire only)
 */
public record Support(boolean supported, List<Reason> reasons, String runStatus, long records, long failed,
    double failedPercent, Map<String, Long> failedByOutcome, double maxFailedPercent, long pairs) {

  /** Why findings do not support a verdict; each a stable token in findings.json. */
  public enum Reason {
    /** Fewer than the floor's share of the records matched the capture (coverage not sufficient). */
    BELOW_FLOOR("below-floor"),
    /** The capture's packets run backwards in time on a connection: no wire time is judged. */
    CAPTURE_OUT_OF_ORDER("capture-out-of-order"),
    /** The records matched, but no exchange completed on both sides: no response time to judge. */
    NO_COMPLETED_EXCHANGE("no-completed-exchange"),
    /** More than {@code maxFailedPercent} of the records failed. */
    FAILURES_DOMINATE("failures-dominate"),
    /** The run was interrupted, killed, failed or is still running: its figures cover part of it. */
    RUN_INCOMPLETE("run-incomplete");

    private final String token;

    Reason(String token) {
      this.token = token;
    }

    /** The token findings.json holds, e.g. {@code failures-dominate}. */
    @JsonValue
    public String token() {
      return token;
    }

    /** The reason of {@code token}, or null for a token of a newer crosscheck. */
    @JsonCreator
    public static Reason ofToken(String token) {
      for (Reason r : values()) {
        if (r.token.equals(token)) {
          return r;
        }
      }
      return null;
    }
  }
}
