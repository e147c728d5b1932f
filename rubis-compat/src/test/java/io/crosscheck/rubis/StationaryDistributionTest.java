package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A long seeded stream of sessions visits the states as often as the stationary distribution of
 * the effective chain says. Replies always carry item, user and "to" ids and never Sorry, ERROR or
 * images, so the table alone decides the path; the maximum number of transitions is lifted (the
 * distribution does not model it).
 */
class StationaryDistributionTest {
  private static final int TRANSITIONS = 1_200_000;
  private static final Reply PAGE = new Reply(200, true,
      "<a href=\"/PHP/ViewItem.php?itemId=17\">i</a> <a href=\"/PHP/ViewItem.php?itemId=18\">i</a>"
          + " <a href=\"/PHP/ViewUserInfo.php?userId=5\">u</a> to=6&");

  @Test
  void browsingMixStreamMatchesTheStationaryDistribution() {
    check("browse_only_transitions.txt", 11L);
  }

  @Test
  void biddingMixStreamMatchesTheStationaryDistribution() {
    check("default_transitions.txt", 12L);
  }

  @Test
  void truncatingTheBackStackHardlyMatters() {
    TransitionTable t = TestFiles.table("browse_only_transitions.txt");
    StationaryDistribution deep = StationaryDistribution.of(t);
    StationaryDistribution shallow = StationaryDistribution.of(t, 6);
    for (RubisState s : RubisState.values()) {
      assertEquals(deep.share(s), shallow.share(s), 1e-3, s.label());
    }
    assertTrue(deep.massAtMaxDepth() < 1e-6, "mass at max depth " + deep.massAtMaxDepth());
    assertEquals(1.0, Arrays.stream(deep.shares()).sum(), 1e-9);
  }

  private static void check(String table, long seed) {
    RubisSessionConfig config = TestFiles.config(table, RubisFlavour.PHP)
        .withMaxTransitions(Integer.MAX_VALUE);
    RubisScriptFactory factory = new RubisScriptFactory(config);
    long[] visits = new long[RubisState.COUNT];
    int total = 0;
    for (long session = 0; total < TRANSITIONS; session++) {
      RubisSession s = factory.create(session, seed * 1_000_003L + session);
      for (RequestPlan p = s.next(null); p != null; p = s.next(PAGE)) {
        visits[s.stateOf(p.seq()).ordinal()]++;
        total++;
      }
    }
    assertEquals(0, factory.counters().deaths(), factory.counters().toString());
    StationaryDistribution expected = StationaryDistribution.of(config.table());
    StringBuilder report = new StringBuilder();
    double worst = 0;
    for (RubisState state : RubisState.values()) {
      double observed = visits[state.ordinal()] / (double) total;
      double diff = Math.abs(observed - expected.share(state));
      worst = Math.max(worst, diff);
      report.append(String.format("%s %.5f/%.5f%n", state.label(), observed, expected.share(state)));
    }
    // Sessions of the browsing mix are long (about 420 requests) and a session's share of
    // category versus region searches is strongly correlated, so 1.2M requests give a sampling
    // error of a few 0.001 (10M requests: about 0.001, with either sign: no bias).
    assertTrue(worst < 0.01, table + ": worst absolute difference " + worst + "\n" + report);
  }
}
