package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.stats.Fit;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The workload from matched pairs (issue 27, first part): sessions whose wire think times are drawn
 * from a known distribution (no network), judged against a faithful and a wrong declaration; a
 * session whose next request is sent before its reply ended counts as not waiting for it.
 */
class WorkloadCheckTest {
  private static final long MILLI = 1_000_000L;

  /** 100 sessions of 11 requests, replies of 1 ms, wire think times exponential of mean {@code meanMillis}. */
  private static List<Match> sessions(double meanMillis, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Match> pairs = new ArrayList<>();
    for (int s = 0; s < 100; s++) {
      long t = s * 10 * MILLI;
      for (int seq = 0; seq < 11; seq++) {
        long end = t + MILLI;
        pairs.add(pair(s, seq, t, end, Phase.MEASURE));
        t = end + Math.round(-Math.log(1 - r.nextDouble()) * meanMillis * MILLI);
      }
    }
    return pairs;
  }

  private static Match pair(long session, int seq, long startEpochNanos, long endEpochNanos, Phase phase) {
    String conn = "127.0.0.1:" + (40000 + session);
    RequestRecord rec = new RequestRecord(session, (int) session, seq, "GET", "/static/2k", conn, 0, seq > 0,
        startEpochNanos, startEpochNanos, startEpochNanos + 10_000, endEpochNanos, 200, 80, 2048, Outcome.OK, phase,
        "");
    WireExchange ex = new WireExchange(conn, 0, "127.0.0.1:8080", seq, false, -1, startEpochNanos,
        startEpochNanos + 1_000, startEpochNanos + 10_000, endEpochNanos, "GET", "/static/2k", 200, 80, 2048, "");
    return new Match(rec, ex, true);
  }

  private static WorkloadSection declared(WorkloadSection.ThinkSection think) {
    return new WorkloadSection("http://127.0.0.1:8080", "127.0.0.1", 8080, "127.0.0.1", null, null, null, think, null,
        null, null);
  }

  private static WorkloadSection.ThinkSection exponential(long meanMillis) {
    return new WorkloadSection.ThinkSection("exponential", null, meanMillis * MILLI, null, null, null, null, null);
  }

  @Test
  void thinkTimesOfMeanOneSecondDeclaredAsTwoAreRejectedWithTheMeasuredMeanAndItsInterval() {
    List<Match> pairs = sessions(1_000, 1);
    Findings.Workload faithful = WorkloadCheck.judge(pairs, declared(exponential(1_000)));
    Findings.Workload wrong = WorkloadCheck.judge(pairs, declared(exponential(2_000)));
    assertEquals(100, faithful.sessions());
    assertEquals(1_100, faithful.requests());
    assertEquals(1_000, faithful.consecutivePairs(), "10 gaps in each of 100 sessions");
    assertEquals(1_000, faithful.sentAfterCompletion(), "every next request waited for the reply: a closed loop");
    assertEquals(Fit.Verdict.FAITHFUL, faithful.thinkFit().verdict(), faithful.thinkFit().toString());
    assertEquals(Fit.Verdict.REJECTED, wrong.thinkFit().verdict(), wrong.thinkFit().toString());
    // the measured mean and its interval say by how much: about 1 s, far from the 2 s declared
    assertTrue(wrong.wireThinkMillis().contains(wrong.wireThinkMillis().estimate()));
    assertTrue(wrong.wireThinkMillis().high() < 1_200 && wrong.wireThinkMillis().low() > 800,
        wrong.wireThinkMillis().toString());
  }

  @Test
  void aNextRequestSentBeforeTheReplyEndedIsCountedNotAThinkTime() {
    List<Match> pairs = new ArrayList<>();
    pairs.add(pair(1, 0, 0, 5 * MILLI, Phase.MEASURE));
    pairs.add(pair(1, 1, 2 * MILLI, 8 * MILLI, Phase.MEASURE)); // sent 3 ms before the reply ended: open
    pairs.add(pair(1, 2, 9 * MILLI, 10 * MILLI, Phase.MEASURE)); // 1 ms after
    pairs.add(pair(1, 3, 20 * MILLI, 21 * MILLI, Phase.RAMP_DOWN)); // outside the measured phase
    Findings.Workload w = WorkloadCheck.judge(pairs, null);
    assertEquals(3, w.requests());
    assertEquals(2, w.consecutivePairs());
    assertEquals(1, w.sentAfterCompletion());
    assertNull(w.wireThinkMillis(), "one think time has no interval");
    assertNull(w.declaredThink());
    assertNull(w.thinkFit());
    assertEquals(3 / 0.009, w.requestsPerSecond(), 1e-6, "3 requests over the 9 ms between their first and last start");
  }

  @Test
  void aFixedThinkHasNoDistributionToTestAndTooFewGapsAreNotJudged() {
    List<Match> pairs = sessions(10, 2);
    WorkloadSection.ThinkSection fixed = new WorkloadSection.ThinkSection("fixed", 10 * MILLI, null, null, null, null,
        null, null);
    assertNull(WorkloadCheck.judge(pairs, declared(fixed)).thinkFit());
    List<Match> few = pairs.subList(0, 11); // one session: 10 gaps
    assertEquals(Fit.Verdict.NOT_JUDGED, WorkloadCheck.judge(few, declared(exponential(10))).thinkFit().verdict());
    assertNull(WorkloadCheck.judge(List.of(), null), "no pair, no workload");
  }
}
