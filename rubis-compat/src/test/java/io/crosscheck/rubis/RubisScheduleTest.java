package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionScript;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.rubis.spi.RubisSupportImpl;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.spi.RubisSupport.RubisWorkloadSpec;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedule of a RUBiS workload as the CLI builds it ({@code --rubis}: the properties' users,
 * phases and sessions, {@link RubisWorkloadSpec#arrival()}): every user starts at the run's start,
 * as the client's ClientEmulator starts every user thread at once, and a think time drawn in a ramp
 * is the run's think time for the same random draws times that ramp's slowdown factor. The shipped
 * default properties have up-ramp factor 2 and down-ramp factor 3.
 */
class RubisScheduleTest {
  private static final long MS = 1_000_000L;
  private static final int USERS_DRIVEN = 25;
  /** Enough values for every state the bidding mix reaches, none empty (an empty one ends a session). */
  private static final String PAGE = "<a href=\"x?itemId=3&userId=4&page=1&\">itemId=5\" userId=6\" to=7\""
      + " <input name=maxQty value=2><input name=minBid value=12.5><input name=to value=7>"
      + " <a href=\"y?page=2&\">";

  /** The workload {@code --rubis PROPERTIES} builds (RubisWorkloads): the spec's arrival, source, phases. */
  private static Workload workload(RubisWorkloadSpec r, long seed) {
    return new Workload(new Target("127.0.0.1", 8080), r.arrival(), r.source(), new SessionLength.Fixed(1),
        new ThinkTime.None(), r.phases(), seed);
  }

  private static RubisWorkloadSpec spec(Path properties, double thinkScale) throws Exception {
    return new RubisSupportImpl().workload(properties, null, null, thinkScale);
  }

  @Test
  void everyUserStartsAtTheRunsStartInTheSameScheduleForTheSameSeed() throws Exception {
    RubisWorkloadSpec r = spec(null, 1.0);
    assertEquals(100, r.users());
    assertEquals(10_000 * MS, r.phases().rampUpNanos(), "the default's up-ramp is 10 s");
    Schedule s = Schedule.of(workload(r, 7));
    for (int u = 0; u < r.users(); u++) {
      assertEquals(0, s.closedUserStartOffsetNanos(u), "user " + u);
    }
    assertEquals(s.digest(), Schedule.of(workload(spec(null, 1.0), 7)).digest(), "same seed, same schedule");
    assertFalse(s.digest().equals(Schedule.of(workload(r, 8)).digest()), "another seed, another schedule");
    // the same users spread over the ramp-up (crosscheck's generic closed model) would not start at once
    Workload spread = new Workload(new Target("127.0.0.1", 8080), new Arrival.Closed(r.users(), 0), r.source(),
        new SessionLength.Fixed(1), new ThinkTime.None(), r.phases(), 7);
    assertEquals(9_900 * MS, Schedule.of(spread).closedUserStartOffsetNanos(99));
    assertFalse(s.digest().equals(Schedule.of(spread).digest()), "the start model is part of the schedule");
    assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("all 100 users start at once")), r.notes().toString());
  }

  @Test
  void tableThinkTimesAreTheTablesMillisTimesTheFactorOfThePhase() throws Exception {
    RubisWorkloadSpec r = spec(null, 1.0); // workload_use_tpcw_think_time = no: the table's ms exactly
    TransitionTable table = ((RubisScriptFactory) r.source().factory()).config().table();
    Thinks t = drive(Schedule.of(workload(r, 7)));
    int fromTable = 0;
    for (int i = 0; i < t.run.size(); i++) {
      long runNanos = t.run.get(i);
      assertEquals(2 * runNanos, (long) t.upRamp.get(i), "request " + i);
      assertEquals(3 * runNanos, (long) t.downRamp.get(i), "request " + i);
      RubisState state = t.states.get(i);
      if (runNanos > 0) {
        assertEquals(table.thinkTimeMillis(state.ordinal()) * MS, runNanos, "the table's ms for " + state);
        fromTable++;
      }
    }
    System.out.printf(Locale.ROOT, "table think times: %d requests, %d with a think time; up-ramp/run = 2,"
        + " down-ramp/run = 3 for every one%n", t.run.size(), fromTable);
    assertTrue(fromTable > 10 * USERS_DRIVEN, fromTable + " think times from the table");
  }

  @Test
  void tpcwThinkTimesAreTheSameDrawsTimesTheFactorOfThePhase(@TempDir Path dir) throws Exception {
    Path props = dir.resolve("tpcw.properties");
    try (InputStream in = RubisSupportImpl.class.getResourceAsStream("/io/crosscheck/rubis/crosscheck-default.properties")) {
      String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      assertTrue(text.contains("workload_use_tpcw_think_time = no"));
      Files.writeString(props, text.replace("workload_use_tpcw_think_time = no", "workload_use_tpcw_think_time = yes"),
          StandardCharsets.ISO_8859_1);
    }
    Thinks t = drive(Schedule.of(workload(spec(props, 1.0), 7)));
    long distinct = t.run.stream().distinct().count();
    for (int i = 0; i < t.run.size(); i++) {
      assertEquals(2 * t.run.get(i), (long) t.upRamp.get(i), "request " + i);
      assertEquals(3 * t.run.get(i), (long) t.downRamp.get(i), "request " + i);
      assertEquals(0, t.run.get(i) % MS, "whole ms");
    }
    System.out.printf(Locale.ROOT, "TPC-W think times: %d requests, %d distinct draws; up-ramp/run = 2,"
        + " down-ramp/run = 3 for every one%n", t.run.size(), distinct);
    assertTrue(distinct > 5 * USERS_DRIVEN, "random draws: " + distinct + " distinct");
  }

  @Test
  void aTimeScaledMixKeepsTheFactors() throws Exception {
    Thinks t = drive(Schedule.of(workload(spec(null, 0.01), 7))); // --think-scale 0.01
    int thinking = 0;
    for (int i = 0; i < t.run.size(); i++) {
      assertEquals(2 * t.run.get(i), (long) t.upRamp.get(i), "request " + i);
      assertEquals(3 * t.run.get(i), (long) t.downRamp.get(i), "request " + i);
      thinking += t.run.get(i) > 0 ? 1 : 0;
    }
    assertTrue(thinking > 10 * USERS_DRIVEN, thinking + " think times");
  }

  /** Think times of the same sessions driven three times, each in one phase, and the states requested. */
  private record Thinks(List<Long> upRamp, List<Long> run, List<Long> downRamp, List<RubisState> states) {}

  /**
   * Drives the first session of the first users three times with the same replies: the schedule
   * makes each session's script anew from the same seed, so the three see the same random draws
   * and differ only by the phase the engine would give them.
   */
  private static Thinks drive(Schedule s) {
    Thinks t = new Thinks(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (int u = 0; u < USERS_DRIVEN; u++) {
      SessionScript up = s.closedSession(u, 0).script();
      SessionScript run = s.closedSession(u, 0).script();
      SessionScript down = s.closedSession(u, 0).script();
      Reply reply = null;
      for (int i = 0; i < 200; i++) {
        RequestPlan a = up.next(reply, Phase.RAMP_UP);
        RequestPlan b = run.next(reply, Phase.MEASURE);
        RequestPlan c = down.next(reply, Phase.RAMP_DOWN);
        assertEquals(a == null, b == null);
        assertEquals(b == null, c == null);
        if (b == null) {
          break;
        }
        assertEquals(b.path(), a.path(), "the same draws give the same requests");
        assertEquals(b.path(), c.path(), "the same draws give the same requests");
        t.upRamp.add(a.thinkBeforeNanos());
        t.run.add(b.thinkBeforeNanos());
        t.downRamp.add(c.thinkBeforeNanos());
        RubisState state = run instanceof RubisSession rs ? rs.recordedStateOf(b.seq()) : null;
        t.states.add(state);
        reply = new Reply(200, true, PAGE);
      }
    }
    return t;
  }
}
