package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.ExpectedJson;
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

  private static Findings.Workload judge(List<Match> pairs, WorkloadSection declared) {
    return WorkloadCheck.judge(pairs, pairs.stream().map(Match::exchange).toList(),
        WorkloadCheck.Declared.of(declared, null), Findings.UserKind.SESSION);
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
    Findings.Workload faithful = judge(pairs, declared(exponential(1_000)));
    Findings.Workload wrong = judge(pairs, declared(exponential(2_000)));
    assertEquals(100, faithful.sessions());
    assertEquals(1_100, faithful.requests());
    assertEquals(1_000, faithful.consecutivePairs(), "10 gaps in each of 100 sessions");
    assertEquals(1_000, faithful.sentAfterCompletion(), "every next request waited for the reply: a closed loop");
    assertEquals(Fit.Verdict.FAITHFUL, faithful.thinkFit().verdict(), faithful.thinkFit().toString());
    assertEquals(Fit.Verdict.REJECTED, wrong.thinkFit().verdict(), wrong.thinkFit().toString());
    // the records' intended starts give the planned think times: here the wire's own (sent on time)
    assertEquals(1_000, faithful.think().plannedFit().sampleSize());
    assertEquals(faithful.thinkFit().statistic(), faithful.think().plannedFit().statistic(), 1e-3,
        "sent as planned: the same test result");
    assertEquals(Fit.Verdict.REJECTED, wrong.think().plannedFit().verdict(), "the draws themselves are not 2 s");
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
    Findings.Workload w = judge(pairs, null);
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
    assertNull(judge(pairs, declared(fixed)).thinkFit());
    List<Match> few = pairs.subList(0, 11); // one session: 10 gaps
    assertEquals(Fit.Verdict.NOT_JUDGED, judge(few, declared(exponential(10))).thinkFit().verdict());
    assertNull(judge(List.of(), null), "no pair, no workload");
  }

  /** A fixed think time is judged by its mean's interval: 10 ms declared, 10 ms plus 0-1 ms on the wire. */
  @Test
  void aFixedThinkIsJudgedByTheMeansInterval() {
    List<Match> pairs = new ArrayList<>();
    SplittableRandom r = new SplittableRandom(3);
    for (int s = 0; s < 20; s++) {
      long t = 0;
      for (int seq = 0; seq < 10; seq++) {
        pairs.add(pair(s, seq, t, t + MILLI, Phase.MEASURE));
        t += MILLI + 10 * MILLI + r.nextLong(MILLI);
      }
    }
    WorkloadSection.ThinkSection ten = new WorkloadSection.ThinkSection("fixed", 10 * MILLI, null, null, null, null,
        null, null);
    WorkloadSection.ThinkSection five = new WorkloadSection.ThinkSection("fixed", 5 * MILLI, null, null, null, null,
        null, null);
    WorkloadSection.ThinkSection twenty = new WorkloadSection.ThinkSection("fixed", 20 * MILLI, null, null, null, null,
        null, null);
    assertEquals(Findings.WorkloadVerdict.FAITHFUL, judge(pairs, declared(ten)).think().verdict());
    assertEquals(Findings.WorkloadVerdict.LATE, judge(pairs, declared(five)).think().verdict());
    assertEquals(Findings.WorkloadVerdict.REJECTED, judge(pairs, declared(twenty)).think().verdict());
  }

  /**
   * Think times of the declared shape, each later by a constant: within the tolerance (1 ms, or 2 % of
   * the mean) faithful, beyond it late, and a shape that is no delay rejected.
   */
  @Test
  void aDelayIsToldFromAnotherDistribution() {
    assertEquals(Findings.WorkloadVerdict.LATE, thinkVerdict(50, 5, 4));
    assertEquals(Findings.WorkloadVerdict.FAITHFUL, thinkVerdict(50, 0.7, 5));
    Findings.ThinkJudgement late = judge(shifted(50, 5, 4), declared(exponential(50))).think();
    assertEquals(5, late.lateMillis(), 1.0, late.toString());
    assertEquals(Fit.Verdict.REJECTED, late.fit().verdict(), "the plain test rejects the delay at 3,000 gaps");
    assertEquals(Fit.Verdict.FAITHFUL, late.shiftedFit().verdict(), late.toString());
    // a uniform 40-60 ms declared as exponential of mean 50: no delay explains it
    List<Match> pairs = new ArrayList<>();
    SplittableRandom r = new SplittableRandom(6);
    for (int s = 0; s < 100; s++) {
      long t = 0;
      for (int seq = 0; seq < 31; seq++) {
        pairs.add(pair(s, seq, t, t + MILLI, Phase.MEASURE));
        t += MILLI + 40 * MILLI + r.nextLong(20 * MILLI);
      }
    }
    assertEquals(Findings.WorkloadVerdict.REJECTED, judge(pairs, declared(exponential(50))).think().verdict());
  }

  private static Findings.WorkloadVerdict thinkVerdict(long meanMillis, double delayMillis, long seed) {
    return judge(shifted(meanMillis, delayMillis, seed), declared(exponential(meanMillis))).think().verdict();
  }

  /** 100 sessions of 31 requests, think exponential of {@code meanMillis} plus {@code delayMillis}. */
  private static List<Match> shifted(long meanMillis, double delayMillis, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Match> pairs = new ArrayList<>();
    for (int s = 0; s < 100; s++) {
      long t = s * MILLI;
      for (int seq = 0; seq < 31; seq++) {
        long end = t + MILLI;
        pairs.add(pair(s, seq, t, end, Phase.MEASURE));
        t = end + Math.round((delayMillis - Math.log(1 - r.nextDouble()) * meanMillis) * MILLI);
      }
    }
    return pairs;
  }

  /**
   * Open or closed from the wire: users whose next send waits for the reply plus a fixed 20 ms (response
   * times exponential, mean 10 ms) are closed, with a slope near 1; users sending every 30 ms whatever
   * the reply are open. Declared open, the closed ones are named: coordinated omission.
   */
  @Test
  void aClosedLoopDeclaredOpenIsCoordinatedOmission() {
    SplittableRandom r = new SplittableRandom(7);
    List<Match> closed = new ArrayList<>();
    List<Match> open = new ArrayList<>();
    for (int s = 0; s < 10; s++) {
      long t = 0;
      long o = 0;
      for (int seq = 0; seq < 20; seq++) {
        long response = Math.round(-Math.log(1 - r.nextDouble()) * 10 * MILLI);
        closed.add(pair(s, seq, t, t + response, Phase.MEASURE));
        t += response + 20 * MILLI;
        open.add(pair(s, seq, o, o + Math.min(response, 25 * MILLI), Phase.MEASURE));
        o += 30 * MILLI;
      }
    }
    WorkloadSection openDeclared = new WorkloadSection("http://127.0.0.1:8080", "127.0.0.1", 8080, "127.0.0.1",
        new WorkloadSection.ArrivalSection("open", null, null, new WorkloadSection.ProcessSection("deterministic",
            33.3, null, null, null, null, null), null), null, null, null, null, null, null);
    Findings.LoopJudgement c = judge(closed, openDeclared).loop();
    assertEquals(Findings.LoopVerdict.CLOSED, c.verdict(), c.toString());
    assertEquals(1.0, c.slope().estimate(), 0.05, c.toString());
    assertTrue(c.coordinatedOmission(), "declared open, found closed");
    assertEquals(190, c.sentAfterCompletion());
    Findings.LoopJudgement o = judge(open, openDeclared).loop();
    assertEquals(Findings.LoopVerdict.OPEN, o.verdict(), o.toString());
    assertEquals(0.0, o.slope().estimate(), 0.1, o.toString());
    assertTrue(!o.coordinatedOmission());
    assertTrue(!judge(closed, null).loop().coordinatedOmission(), "closed and not declared open: no omission");
  }

  /**
   * Arrivals against a declared Poisson rate: 100 per second is faithful, 80 per second (the rate's
   * interval far below) rejected; every request on the wire counts, matched or not.
   */
  @Test
  void arrivalsAtEightyPercentOfTheDeclaredRateAreRejected() {
    ExpectedJson declared100 = new ExpectedJson(ExpectedJson.FORMAT_VERSION, null,
        new ExpectedJson.ArrivalExpectation("poisson", 100), null, null, null, List.of("--expect-arrival poisson:100/s"));
    for (double rate : new double[] {100, 80}) {
      SplittableRandom r = new SplittableRandom(8);
      List<Match> pairs = new ArrayList<>();
      long t = 0;
      for (int i = 0; i < 2_000; i++) {
        pairs.add(pair(i, 0, t, t + MILLI, Phase.MEASURE));
        t += Math.round(-Math.log(1 - r.nextDouble()) * 1e9 / rate);
      }
      List<WireExchange> wire = pairs.stream().map(Match::exchange).toList();
      Findings.ArrivalJudgement a = WorkloadCheck.judge(pairs.subList(0, 1_900).stream().toList(), wire,
          WorkloadCheck.Declared.of(null, declared100), Findings.UserKind.THREAD).arrival();
      assertEquals(rate == 100 ? Findings.WorkloadVerdict.FAITHFUL : Findings.WorkloadVerdict.REJECTED, a.verdict(),
          a.toString());
      assertTrue(a.ratePerSecond().contains(rate) || Math.abs(a.ratePerSecond().estimate() - rate) < 0.1 * rate,
          a.toString());
      assertEquals("--expect-arrival poisson:100/s", a.declaredBy());
    }
  }

  /**
   * The page mix against declared shares: pages drawn with the declared shares pass; with A's share
   * halved they are rejected; requests that are no page are counted apart.
   */
  @Test
  void aMixWithOneStateHalvedIsRejected() {
    java.util.Map<String, Double> shares = java.util.Map.of("A", 0.4, "B", 0.3, "C", 0.2, "D", 0.1);
    ExpectedJson mix = new ExpectedJson(ExpectedJson.FORMAT_VERSION, null, null, null,
        new ExpectedJson.MixExpectation("test", "a test table", shares), null, List.of("a test"));
    java.util.function.UnaryOperator<String> states = target -> target.startsWith("/page/")
        ? target.substring("/page/".length()) : null;
    WorkloadCheck.Declared base = WorkloadCheck.Declared.of(null, mix);
    WorkloadCheck.Declared declared = base.withMix(base.mix(), base.mixBy(), states);
    for (boolean halved : new boolean[] {false, true}) {
      SplittableRandom r = new SplittableRandom(9);
      double[] p = halved ? new double[] {0.2 / 0.8, 0.3 / 0.8, 0.2 / 0.8, 0.1 / 0.8} : new double[] {0.4, 0.3, 0.2, 0.1};
      List<Match> pairs = new ArrayList<>();
      long t = 0;
      for (int s = 0; s < 40; s++) {
        for (int seq = 0; seq < 100; seq++) {
          double u = r.nextDouble();
          int k = 0;
          while (k < 3 && u > p[k]) {
            u -= p[k++];
          }
          String url = seq % 10 == 9 ? "/images/x.gif" : "/page/" + "ABCD".charAt(k);
          pairs.add(pageRequest(s, seq, t, url));
          t += 2 * MILLI;
        }
      }
      Findings.MixJudgement m = WorkloadCheck.judge(pairs, pairs.stream().map(Match::exchange).toList(), declared,
          Findings.UserKind.THREAD).mix();
      assertEquals(3_600, m.pages());
      assertEquals(400, m.notPages());
      assertEquals(920, m.fit().sampleSize(), "pages 0, 4, ..., 88 of the 90 of each of 40 users");
      assertEquals(halved ? Findings.WorkloadVerdict.REJECTED : Findings.WorkloadVerdict.FAITHFUL, m.verdict(),
          m.toString());
    }
  }

  private static Match pageRequest(long session, int seq, long start, String url) {
    String conn = "127.0.0.1:" + (40000 + session);
    RequestRecord rec = new RequestRecord(session, (int) session, seq, "GET", url, conn, 0, seq > 0, start, start,
        start + 10_000, start + MILLI, 200, 80, 2048, Outcome.OK, Phase.MEASURE, "");
    WireExchange ex = new WireExchange(conn, 0, "127.0.0.1:8080", seq, false, -1, start, start + 1_000,
        start + 10_000, start + MILLI, "GET", url, 200, 80, 2048, "");
    return new Match(rec, ex, true);
  }

  /**
   * The arrival check as a whole, through the product's code path, on seeded Poisson schedules of 1,500
   * arrivals at 300/s: a faithful generator is rejected in about 1 % of runs (its three tests at a third of
   * 1 % each); one whose arrivals come in pairs 1 ms apart (the same rate of pairs halved: the same mean
   * rate), or whose rate climbs from 200/s to 400/s, is rejected in every run.
   */
  @Test
  void theArrivalCheckRejectsAFaithfulGeneratorInAboutOnePercentOfRunsAndADeviatingOneAlways() {
    ExpectedJson declared = new ExpectedJson(ExpectedJson.FORMAT_VERSION, null,
        new ExpectedJson.ArrivalExpectation("poisson", 300), null, null, null, List.of("--expect-arrival poisson:300"));
    SplittableRandom r = new SplittableRandom(12);
    int runs = 200;
    int faithfulRejected = 0;
    int pairsRejected = 0;
    int trendRejected = 0;
    for (int run = 0; run < runs; run++) {
      long[] poisson = new long[1_500];
      long[] pairs = new long[1_500];
      long[] trend = new long[1_500];
      double t = 0;
      double u = 0;
      for (int i = 0; i < poisson.length; i++) {
        t += -Math.log(1 - r.nextDouble()) / 300;
        poisson[i] = Math.round(t * 1e9);
        if (i % 2 == 0) {
          u += -Math.log(1 - r.nextDouble()) / 150;
        }
        pairs[i] = Math.round(u * 1e9) + (i % 2) * MILLI;
      }
      // a rate climbing linearly from 200/s to 400/s over 5 s: the k-th arrival where the cumulative rate
      // 200 s + 20 s^2 reaches a Poisson count
      double target = 0;
      for (int i = 0; i < trend.length; i++) {
        target += -Math.log(1 - r.nextDouble());
        double seconds = (-200 + Math.sqrt(200 * 200 + 4 * 20 * target)) / (2 * 20);
        trend[i] = Math.round(seconds * 1e9);
      }
      faithfulRejected += arrivalsRejected(poisson, declared) ? 1 : 0;
      pairsRejected += arrivalsRejected(pairs, declared) ? 1 : 0;
      trendRejected += arrivalsRejected(trend, declared) ? 1 : 0;
    }
    System.out.printf(java.util.Locale.ROOT, "[fit] arrival check (rate, instants, dispersion; 1 %% in all), 1,500"
        + " arrivals at 300/s: Poisson rejected in %d of %d, pairs 1 ms apart in %d of %d, a rate climbing 200-400/s"
        + " in %d of %d%n", faithfulRejected, runs, pairsRejected, runs, trendRejected, runs);
    assertEquals(runs, pairsRejected, "pairs double the dispersion");
    assertEquals(runs, trendRejected, "a trend moves the instants off uniform");
    // 1 %: 2 of 200 expected; more than 8 is beyond 4 standard errors
    assertTrue(faithfulRejected <= 8, "false alarms " + faithfulRejected + " of " + runs);
  }

  private static boolean arrivalsRejected(long[] startsNanos, ExpectedJson declared) {
    List<Match> pairs = new ArrayList<>();
    for (int i = 0; i < startsNanos.length; i++) {
      pairs.add(pair(i, 0, startsNanos[i], startsNanos[i] + MILLI / 2, Phase.MEASURE));
    }
    Findings.ArrivalJudgement a = WorkloadCheck.judge(pairs, pairs.stream().map(Match::exchange).toList(),
        WorkloadCheck.Declared.of(null, declared), Findings.UserKind.THREAD).arrival();
    return a.verdict() == Findings.WorkloadVerdict.REJECTED;
  }
}
