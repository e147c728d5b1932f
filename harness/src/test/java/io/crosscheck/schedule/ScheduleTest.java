package io.crosscheck.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ScheduleTest {
  private static final Consumer<WorkloadSpec> CLOSED = s -> {
    s.users = "50";
    s.sessionsPerUser = "3";
    s.think = "exp:50ms";
    s.sessionLength = "geometric:0.7";
    s.urls = "/a,/b,/c";
    s.urlOrder = "random";
  };

  private static final Consumer<WorkloadSpec> PARTLY_OPEN = s -> {
    s.arrival = "partly-open";
    s.rate = "20";
    s.think = "uniform:10ms-30ms";
    s.sessionLength = "geometric:0.8:50";
    s.urls = "/a,/b";
  };

  private static List<SessionPlan> digested(Schedule schedule) {
    List<SessionPlan> plans = new ArrayList<>();
    schedule.forEachDigestedSession(plans::add);
    return plans;
  }

  private static Schedule schedule(Consumer<WorkloadSpec> options, String seed) {
    return Schedule.of(Workloads.build(options.andThen(s -> s.seed = seed)));
  }

  @Test
  void closedScheduleIsAFunctionOfSpecAndSeed() {
    Schedule a = schedule(CLOSED, "7");
    Schedule b = schedule(CLOSED, "7");
    assertEquals(a.digest(), b.digest());
    List<SessionPlan> plans = digested(a);
    assertEquals(150, plans.size());
    assertEquals(plans, digested(b));
    // asking in another order gives the same sessions
    assertEquals(plans.get(149), b.closedSession(49, 2));
    assertEquals(49 + 2 * 50, b.closedSessionId(49, 2));

    Schedule other = schedule(CLOSED, "8");
    assertNotEquals(a.digest(), other.digest());
    assertNotEquals(plans, digested(other));
    assertNotEquals(thinks(plans), thinks(digested(other)), "the seed must change the draws, not only the label");
  }

  @Test
  void partlyOpenScheduleIsAFunctionOfSpecAndSeed() {
    Schedule a = schedule(PARTLY_OPEN, "7");
    Schedule b = schedule(PARTLY_OPEN, "7");
    assertEquals(a.digest(), b.digest());
    List<SessionPlan> plans = digested(a);
    assertTrue(plans.size() > 150 && plans.size() < 250, "about 20/s for 10 s: " + plans.size());
    assertEquals(plans, digested(b));
    assertEquals(instants(a, 5000), instants(b, 5000));

    Schedule other = schedule(PARTLY_OPEN, "8");
    assertNotEquals(a.digest(), other.digest());
    assertNotEquals(plans, digested(other));
    assertNotEquals(instants(a, 5000), instants(other, 5000));
  }

  private static List<Long> instants(Schedule schedule, int n) {
    ArrivalSequence arrivals = schedule.arrivals();
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(arrivals.nextOffsetNanos());
    }
    return out;
  }

  private static List<Long> thinks(List<SessionPlan> plans) {
    return plans.stream().flatMap(p -> p.requests().stream()).map(RequestPlan::thinkBeforeNanos).toList();
  }

  @Test
  void closedUsersAreSpreadOverRampUp() {
    Schedule s = schedule(CLOSED.andThen(o -> o.rampUp = "10s"), "1");
    assertEquals(0, s.closedUserStartOffsetNanos(0));
    assertEquals(2_000_000_000L, s.closedUserStartOffsetNanos(10));
    assertEquals(9_800_000_000L, s.closedUserStartOffsetNanos(49));
    // hours of ramp-up times many users must not overflow
    Schedule big = schedule(o -> {
      o.users = "1000000"; // crosscheck's limit
      o.rampUp = "3h"; // 1.08e13 ns x 999,999 > Long.MAX_VALUE
    }, "1");
    assertEquals(10_799_989_200_000L, big.closedUserStartOffsetNanos(999_999));
  }

  @Test
  void closedUsersThatStartAtOnceAllStartAtZeroWithTheSameSessions() {
    Workload spread = Workloads.build(CLOSED.andThen(o -> o.rampUp = "10s"));
    Workload together = new Workload(spread.target(), new Arrival.Closed(50, 3, Arrival.UserStarts.ALL_AT_ONCE),
        spread.source(), spread.length(), spread.thinkTime(), spread.phases(), spread.seed());
    Schedule s = Schedule.of(together);
    for (int u = 0; u < 50; u++) {
      assertEquals(0, s.closedUserStartOffsetNanos(u), "user " + u);
    }
    assertEquals(9_800_000_000L, Schedule.of(spread).closedUserStartOffsetNanos(49));
    assertEquals(digested(Schedule.of(spread)), digested(s), "only the start instants differ");
    assertNotEquals(Schedule.of(spread).digest(), s.digest(), "the start model is part of the work");
    // the spread model's text (which the digest hashes) is what it was before start models existed
    assertEquals("Closed[users=50, sessionsPerUser=3]", spread.arrival().toString());
    assertEquals("Closed[users=50, sessionsPerUser=3, starts=ALL_AT_ONCE]", together.arrival().toString());
  }

  @Test
  void openArrivalsCycleASequentialUrlList() {
    Schedule s = schedule(o -> {
      o.arrival = "open";
      o.rate = "100";
      o.urls = "/a,/b,/c";
    }, "1");
    List<String> paths = new ArrayList<>();
    for (long i = 0; i < 6; i++) {
      SessionPlan plan = s.arrivingSession(i, i);
      assertEquals(1, plan.requests().size());
      paths.add(plan.requests().get(0).path());
    }
    assertEquals(List.of("/a", "/b", "/c", "/a", "/b", "/c"), paths);
  }

  @Test
  void closedSessionsWalkASequentialUrlListFromItsStart() {
    SessionPlan plan = schedule(o -> {
      o.urls = "/a,/b";
      o.sessionLength = "fixed:3";
      o.think = "fixed:1s";
    }, "1").closedSession(3, 1);
    assertEquals(List.of(
        new RequestPlan(0, "GET", "/a", "", 0, false),
        new RequestPlan(1, "GET", "/b", "", 1_000_000_000L, false),
        new RequestPlan(2, "GET", "/a", "", 1_000_000_000L, false)), plan.requests());
    assertEquals(-1, plan.arrivalOffsetNanos());
  }

  @Test
  void wsesslogSessionsKeepBurstsAndTheirThinkTimes() throws Exception {
    String log = java.nio.file.Path.of(getClass().getResource("/wsesslog/rubis-like.log").toURI()).toString();
    Schedule s = schedule(o -> {
      o.wsesslog = log;
      o.users = "3";
      o.think = "fixed:7s";
    }, "1");
    // user u's k-th session is file session (u + 3k) mod 3
    assertEquals(List.of(0L, 0L, 0L, 2_000_000_000L, 0L, 1_500_000_000L),
        s.closedSession(0, 0).requests().stream().map(RequestPlan::thinkBeforeNanos).toList());
    assertEquals(List.of(false, true, true, false, true, false),
        s.closedSession(0, 0).requests().stream().map(RequestPlan::burstWithPrevious).toList());
    List<RequestPlan> second = s.closedSession(1, 0).requests();
    assertEquals(new RequestPlan(1, "POST", "/servlet/StoreBid", "itemId=17&bid=12.50\nmaxBid=15",
        750_000_000L, false), second.get(1));
    // no think= after the StoreBid burst's head, but its member set 3 s; /logout.html has none: --think
    assertEquals(List.of(0L, 750_000_000L, 0L, 3_000_000_000L),
        second.stream().map(RequestPlan::thinkBeforeNanos).toList());
    assertEquals(List.of("/about.html"),
        s.closedSession(2, 0).requests().stream().map(RequestPlan::path).toList());
    assertEquals(s.closedSession(0, 0).requests(), s.closedSession(0, 1).requests());
  }
}
