package io.crosscheck.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Distributions of the schedule's draws over 100,000 samples. With n = 100k the standard error of
 * a mean is sd / 316, so the 2% tolerances below are 6 or more standard errors wide: a failure
 * means a wrong distribution, not bad luck.
 */
class ScheduleStatisticsTest {
  private static final int USERS = 1000;
  private static final int REQUESTS = 101;

  /** 100,000 think draws: 1000 closed sessions of 101 requests (the first has no think). */
  private static long[] thinkDraws(String think) {
    Consumer<WorkloadSpec> options = s -> {
      s.users = Integer.toString(USERS);
      s.sessionLength = "fixed:" + REQUESTS;
      s.think = think;
      s.seed = "12345";
    };
    Schedule schedule = Schedule.of(Workloads.build(options));
    long[] draws = new long[USERS * (REQUESTS - 1)];
    int n = 0;
    for (int u = 0; u < USERS; u++) {
      List<RequestPlan> requests = schedule.closedSession(u, 0).requests();
      for (int i = 1; i < requests.size(); i++) {
        draws[n++] = requests.get(i).thinkBeforeNanos();
      }
    }
    assertEquals(100_000, n);
    return draws;
  }

  private static double mean(long[] values) {
    double sum = 0;
    for (long v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  @Test
  void exponentialThinkHasItsMean() {
    long[] draws = thinkDraws("exp:50ms");
    assertEquals(50e6, mean(draws), 0.02 * 50e6);
    // and is exponential, not merely centred: P(X > mean) = 1/e
    long above = java.util.Arrays.stream(draws).filter(d -> d > 50_000_000L).count();
    assertEquals(Math.exp(-1), above / 100_000.0, 0.01);
  }

  @Test
  void uniformThinkHasItsMeanAndBounds() {
    long[] draws = thinkDraws("uniform:10ms-30ms");
    assertEquals(20e6, mean(draws), 0.02 * 20e6);
    long min = java.util.Arrays.stream(draws).min().getAsLong();
    long max = java.util.Arrays.stream(draws).max().getAsLong();
    assertTrue(min >= 10_000_000L && max <= 30_000_000L, min + ".." + max);
    // the draws fill the range: within 0.1% of either end
    assertTrue(min < 10_020_000L && max > 29_980_000L, min + ".." + max);
  }

  @Test
  void fixedThinkIsExact() {
    for (long d : thinkDraws("fixed:1.5s")) {
      assertEquals(1_500_000_000L, d);
    }
  }

  @Test
  void geometricSessionLengthHasMeanOneOverOneMinusP() {
    Schedule schedule = Schedule.of(Workloads.build(s -> {
      s.users = "100000";
      s.sessionLength = "geometric:0.8:100000";
      s.seed = "99";
    }));
    List<Integer> lengths = new ArrayList<>();
    for (int u = 0; u < 100_000; u++) {
      lengths.add(schedule.closedSession(u, 0).requests().size());
    }
    double mean = lengths.stream().mapToInt(Integer::intValue).average().orElseThrow();
    assertEquals(5.0, mean, 0.02 * 5.0);
    assertEquals(1, lengths.stream().mapToInt(Integer::intValue).min().orElseThrow());
  }

  @Test
  void geometricSessionLengthStopsAtMax() {
    Schedule schedule = Schedule.of(Workloads.build(s -> {
      s.users = "1000";
      s.sessionLength = "geometric:0.99:7";
    }));
    for (int u = 0; u < 1000; u++) {
      assertTrue(schedule.closedSession(u, 0).requests().size() <= 7);
    }
  }
}
