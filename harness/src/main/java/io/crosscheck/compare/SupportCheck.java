package io.crosscheck.compare;

import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.Support;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The last stage of a comparison: do the findings support a verdict on the run? Four rules, each a
 * {@link Support.Reason}; any of them makes {@code compare} and {@code audit} exit 3:
 *
 * <ul>
 *   <li>the coverage is below the matching floor ({@link Findings.Coverage#sufficient()} false);
 *   <li>the records matched, but no exchange completed on both sides in the measured phase (a mute
 *       server, a stall after the headers, a body cut short): no response time exists to judge;
 *   <li>more than {@value #MAX_FAILED_PERCENT} % of the records ended with no reply ({@code
 *       connect-error}, {@code timeout}, {@code reset}, {@code invalid}, {@code aborted}, {@code
 *       generator-error}): a server that died mid-run leaves figures resting on the few that did not
 *       fail, which describe neither the workload nor the server;
 *   <li>the run did not complete (interrupted, killed, failed, or still running): its figures cover
 *       only the part that ran.
 * </ul>
 *
 * The share of failures is taken over the measured phase's records (every record when none is in
 * it). Stateless.
 */
public final class SupportCheck {
  /** Above this share of failed records (percent) the findings are not supported. */
  public static final double MAX_FAILED_PERCENT = 50.0;

  private SupportCheck() {}

  /**
   * @param runStatus the run's status as the comparison found it ({@link RunFiles#status})
   * @param findings the findings (coverage and response time)
   * @param records the run's records; empty for a wire-only analysis
   */
  public static Support judge(String runStatus, Findings findings, List<RequestRecord> records) {
    return judge(runStatus, findings, records, false);
  }

  /**
   * As above, for a capture whose packets run backwards in time on a connection ({@code
   * captureOutOfOrder}, the reconstruction's judgement): its coverage is then not sufficient for
   * that reason, not for want of matched records.
   */
  public static Support judge(String runStatus, Findings findings, List<RequestRecord> records,
      boolean captureOutOfOrder) {
    List<Support.Reason> reasons = new ArrayList<>();
    Findings.Coverage coverage = findings.coverage();
    if (coverage != null && !coverage.sufficient()) {
      reasons.add(captureOutOfOrder ? Support.Reason.CAPTURE_OUT_OF_ORDER : Support.Reason.BELOW_FLOOR);
    }
    Findings.ResponseTime rt = findings.responseTime();
    if (rt != null && rt.pairs() == 0) {
      reasons.add(Support.Reason.NO_COMPLETED_EXCHANGE);
    } else if (records.isEmpty() && coverage != null && coverage.wireOnly() && coverage.sufficient()
        && findings.latency() != null && (findings.latency().wireAllExchanges() == null
            || findings.latency().wireAllExchanges().count() == 0)) {
      // a capture analysed alone in which no exchange completed (a mute server's)
      reasons.add(Support.Reason.NO_COMPLETED_EXCHANGE);
    }
    boolean anyMeasured = records.stream().anyMatch(r -> r.phase() == Phase.MEASURE);
    long counted = 0;
    long failed = 0;
    Map<String, Long> byOutcome = new TreeMap<>();
    for (RequestRecord r : records) {
      if (anyMeasured && r.phase() != Phase.MEASURE) {
        continue;
      }
      counted++;
      if (r.outcome() != Outcome.OK && r.outcome() != Outcome.HTTP_ERROR) {
        failed++;
        byOutcome.merge(r.outcome().label(), 1L, Long::sum);
      }
    }
    double failedPercent = counted == 0 ? Double.NaN : 100.0 * failed / counted;
    if (counted > 0 && failedPercent > MAX_FAILED_PERCENT) {
      reasons.add(Support.Reason.FAILURES_DOMINATE);
    }
    // a run.json without a status (written before it had one) is taken as it was: not judged here
    if (runStatus != null && !RunJson.COMPLETED.equals(runStatus) && !RunJson.WIRE_ONLY.equals(runStatus)) {
      reasons.add(Support.Reason.RUN_INCOMPLETE);
    }
    return new Support(reasons.isEmpty(), List.copyOf(reasons), runStatus, counted, failed, failedPercent,
        byOutcome, MAX_FAILED_PERCENT, rt == null ? -1 : rt.pairs());
  }
}
