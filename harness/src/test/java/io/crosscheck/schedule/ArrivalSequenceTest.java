package io.crosscheck.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.ArrivalProcess;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivalSequenceTest {
  private static ArrivalSequence arrivals(String option, String value, String process) {
    return Schedule.of(Workloads.build(s -> {
      s.arrival = "partly-open";
      switch (option) {
        case "rate" -> s.rate = value;
        case "interarrival" -> s.interarrival = value;
        default -> s.rateSchedule = value;
      }
      s.process = process;
      s.seed = "2026";
    })).arrivals();
  }

  /** Arrivals per 1-second window over the first {@code windows} seconds. */
  private static int[] countsPerSecond(ArrivalSequence seq, int windows) {
    int[] counts = new int[windows];
    for (long t = seq.nextOffsetNanos(); t < windows * 1_000_000_000L; t = seq.nextOffsetNanos()) {
      counts[(int) (t / 1_000_000_000L)]++;
    }
    return counts;
  }

  @Test
  void poissonGapsHaveMeanOneOverRate() {
    ArrivalSequence seq = arrivals("rate", "20", "poisson");
    int n = 100_000;
    long last = seq.nextOffsetNanos();
    long first = last;
    for (int i = 1; i < n; i++) {
      long t = seq.nextOffsetNanos();
      assertTrue(t >= last);
      last = t;
    }
    double meanGapNanos = (last - first) / (double) (n - 1);
    assertEquals(50e6, meanGapNanos, 0.02 * 50e6);
    assertEquals(n, seq.count());
  }

  @Test
  void poissonCountsPerSecondHaveMeanAndVarianceRate() {
    // 10,000 windows: the dispersion index's standard error is sqrt(2 / 10000) = 1.4%
    int[] counts = countsPerSecond(arrivals("rate", "20", "poisson"), 10_000);
    double mean = java.util.Arrays.stream(counts).average().orElseThrow();
    double variance = java.util.Arrays.stream(counts).mapToDouble(c -> (c - mean) * (c - mean)).sum()
        / (counts.length - 1);
    assertEquals(20.0, mean, 0.02 * 20);
    double dispersion = variance / mean;
    assertTrue(dispersion > 0.9 && dispersion < 1.1, "dispersion index " + dispersion);
  }

  @Test
  void deterministicArrivalsAreEvenlySpacedFromZero() {
    ArrivalSequence seq = arrivals("rate", "1000", "deterministic");
    for (long i = 0; i < 100_000; i++) {
      assertEquals(i * 1_000_000L, seq.nextOffsetNanos());
    }
    // a period that is not a whole number of nanoseconds: rounded, never drifting
    seq = arrivals("rate", "3", "deterministic");
    for (long i = 0; i < 10_000; i++) {
      assertEquals(Math.round(i * 1e9 / 3), seq.nextOffsetNanos());
    }
    seq = arrivals("interarrival", "fixed:250ms", "poisson");
    for (long i = 0; i < 1000; i++) {
      assertEquals(i * 250_000_000L, seq.nextOffsetNanos());
    }
  }

  @Test
  void gapsFileIsUsedInOrderAndCycled() throws Exception {
    String gaps = java.nio.file.Path.of(getClass().getResource("/gaps/gaps.txt").toURI()).toString();
    ArrivalSequence seq = arrivals("interarrival", "file:" + gaps, "poisson");
    long[] expectedMillis = {100, 350, 400, 500, 750, 800, 900};
    for (long ms : expectedMillis) {
      assertEquals(ms * 1_000_000L, seq.nextOffsetNanos());
    }
  }

  @Test
  void gapsNeverWrapPastTheEndOfTime() {
    ArrivalSequence seq = new ArrivalSequence(
        new ArrivalProcess.Gaps(List.of(Long.MAX_VALUE / 2 + 1), "test"), 1);
    assertEquals(Long.MAX_VALUE / 2 + 1, seq.nextOffsetNanos());
    assertEquals(ArrivalSequence.NONE, seq.nextOffsetNanos());
  }

  @Test
  void flashCrowdPoissonFollowsEachStep() {
    int[] counts = countsPerSecond(arrivals("rateSchedule", "10:10s,333:4s,10:10s", "poisson"), 24);
    int before = sum(counts, 0, 10);
    int crowd = sum(counts, 10, 14);
    int after = sum(counts, 14, 24);
    // 1332 expected in the crowd: +-5% is 1.8 Poisson sigmas; 100 expected at 10/s: 3 sigmas is 30
    assertEquals(1332, crowd, 0.05 * 1332);
    assertEquals(100, before, 30);
    assertEquals(100, after, 30);
  }

  @Test
  void flashCrowdPoissonIsUnbiasedOverManySeeds() {
    // one seed can be 2 sigma off; 40 seeds together pin the mean of every step to within 2%
    int[] totals = new int[3];
    for (int seed = 0; seed < 40; seed++) {
      ArrivalSequence seq = new ArrivalSequence(new ArrivalProcess.RateSteps(List.of(
          new ArrivalProcess.RateStep(10, 10_000_000_000L), new ArrivalProcess.RateStep(333, 4_000_000_000L),
          new ArrivalProcess.RateStep(10, 10_000_000_000L)), true), seed);
      int[] counts = countsPerSecond(seq, 24);
      int crowd = sum(counts, 10, 14);
      assertEquals(1332, crowd, 4 * Math.sqrt(1332), "seed " + seed);
      totals[0] += sum(counts, 0, 10);
      totals[1] += crowd;
      totals[2] += sum(counts, 14, 24);
    }
    assertEquals(40 * 100, totals[0], 0.05 * 40 * 100); // 3.2 sigma
    assertEquals(40 * 1332, totals[1], 0.02 * 40 * 1332); // 4.6 sigma
    assertEquals(40 * 100, totals[2], 0.05 * 40 * 100);
  }

  @Test
  void flashCrowdDeterministicIsExactPerStep() {
    int[] counts = countsPerSecond(arrivals("rateSchedule", "10:10s,333:4s,10:10s", "deterministic"), 24);
    assertEquals(100, sum(counts, 0, 10));
    assertEquals(1332, sum(counts, 10, 14), 1);
    assertEquals(100, sum(counts, 14, 24), 1);
  }

  @Test
  void lastStepRateContinuesAndAZeroLastStepEnds() {
    int[] counts = countsPerSecond(arrivals("rateSchedule", "10:1s,50:1s", "deterministic"), 4);
    assertEquals(List.of(10, 50, 50, 50), java.util.Arrays.stream(counts).boxed().toList());
    ArrivalSequence seq = arrivals("rateSchedule", "10:1s,0:1s", "deterministic");
    for (int i = 0; i < 10; i++) {
      assertTrue(seq.nextOffsetNanos() < 1_000_000_000L);
    }
    assertEquals(ArrivalSequence.NONE, seq.nextOffsetNanos());
  }

  private static int sum(int[] counts, int from, int to) {
    int s = 0;
    for (int i = from; i < to; i++) {
      s += counts[i];
    }
    return s;
  }

  /**
   * skipBefore leaves a sequence exactly where walking it would: the same count and the same next
   * arrival, for a gaps file (whole cycles by arithmetic, in every shard) and a Poisson process.
   */
  @Test
  void skipBeforeMatchesWalkingInEveryShard() {
    ArrivalProcess gaps = new ArrivalProcess.Gaps(List.of(0L, 0L, 3_000L, 7L, 990L), "test");
    for (ArrivalProcess p : List.of(gaps, new ArrivalProcess.Poisson(1e6))) {
      for (ShardSpec shard : List.of(ShardSpec.ALL, new ShardSpec(1, 3))) {
        for (long limit : new long[] {0, 1, 3_000, 3_997, 4_000_000, 123_456_789}) {
          ArrivalSequence walked = new ArrivalSequence(p, 7, shard);
          long n = 0;
          long next = walked.nextOffsetNanos();
          while (next < limit) {
            n++;
            next = walked.nextOffsetNanos();
          }
          ArrivalSequence skipped = new ArrivalSequence(p, 7, shard);
          String what = p + " " + shard + " limit " + limit;
          assertEquals(n, skipped.skipBefore(limit), what);
          assertEquals(n, skipped.count(), what);
          assertEquals(next, skipped.nextOffsetNanos(), what);
          assertEquals(walked.nextOffsetNanos(), skipped.nextOffsetNanos(), what);
        }
      }
    }
  }

  /** A 1ns gaps file: a billion arrivals are counted past at once (an engine far behind keeps up). */
  @Test
  void skipBeforeCountsWholeGapCyclesWithoutWalking() {
    ArrivalSequence seq = new ArrivalSequence(new ArrivalProcess.Gaps(List.of(1L), "1ns"), 1);
    assertEquals(999_999_999L, seq.skipBefore(1_000_000_000L));
    assertEquals(1_000_000_000L, seq.nextOffsetNanos());
  }
}
