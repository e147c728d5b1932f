package io.crosscheck.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.Digests;
import io.crosscheck.model.spec.WorkloadSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The split of one seeded schedule into N shards (issue 15, deliverable 3): every session in exactly
 * one shard, the shards' union (in canonical order) digesting to the unsharded schedule's digest,
 * and each shard's arrivals its share of the one seeded sequence.
 */
class ShardSplitTest {
  private static Consumer<WorkloadSpec> closed() {
    return s -> {
      s.users = "50";
      s.sessionsPerUser = "3";
      s.think = "exp:50ms";
      s.sessionLength = "geometric:0.7";
      s.urls = "/a,/b,/c";
      s.urlOrder = "random";
    };
  }

  private static Consumer<WorkloadSpec> poisson() {
    return s -> {
      s.arrival = "open";
      s.rate = "400";
      s.duration = "10s";
      s.urls = "/a,/b,/c";
    };
  }

  private static Consumer<WorkloadSpec> rateSteps() {
    return s -> {
      s.arrival = "open";
      s.rateSchedule = "50:3s,600:2s,50:3s";
      s.duration = "8s";
      s.urls = "/x";
    };
  }

  private static Consumer<WorkloadSpec> partlyOpen() {
    return s -> {
      s.arrival = "partly-open";
      s.rate = "30";
      s.duration = "20s";
      s.think = "uniform:10ms-30ms";
      s.sessionLength = "geometric:0.8:50";
      s.urls = "/a,/b";
    };
  }

  private static Consumer<WorkloadSpec> wsesslog() {
    return s -> {
      s.arrival = "partly-open";
      s.rate = "25";
      s.duration = "20s";
      s.think = "exp:20ms";
      try {
        s.wsesslog = Path.of(ShardSplitTest.class.getResource("/wsesslog/rubis-like.log").toURI()).toString();
      } catch (java.net.URISyntaxException e) {
        throw new AssertionError(e);
      }
    };
  }

  static List<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    List<Object[]> workloads = List.of(new Object[] {"closed", closed()}, new Object[] {"open poisson", poisson()},
        new Object[] {"open rate steps", rateSteps()}, new Object[] {"partly-open", partlyOpen()},
        new Object[] {"wsesslog partly-open", wsesslog()});
    for (Object[] w : workloads) {
      for (int n : new int[] {2, 3, 7}) {
        out.add(Arguments.of(w[0], w[1], n));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0}, {2} shards")
  @MethodSource("cases")
  void shardsPartitionTheScheduleAndTheirUnionDigestsAsTheWhole(String label, Consumer<WorkloadSpec> options, int n) {
    Schedule whole = Schedule.of(Workloads.build(options.andThen(s -> s.seed = "11")));
    List<SessionPlan> all = sessions(whole);
    assertTrue(all.size() >= 100, label + ": a schedule worth splitting, got " + all.size() + " sessions");
    // an unsharded run is shard 0/1, and digests as it always did: the workload, then every session
    assertEquals(whole.digest(), whole.shard(0, 1).digest());
    assertEquals(whole.digest(), digestOf(whole, all));
    assertEquals(whole.digest(), whole.shardDigest());

    List<SessionPlan> union = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    long[] arrivals = new long[n];
    for (int i = 0; i < n; i++) {
      Schedule shard = whole.shard(i, n);
      assertEquals(whole.digest(), shard.digest(), "every shard records the unsharded digest");
      List<SessionPlan> own = sessions(shard);
      assertNotEquals(whole.digest(), shard.shardDigest(), label + ": shard " + i + "'s own part differs from the whole");
      assertEquals(digestOf(shard, own), shard.shardDigest());
      for (SessionPlan p : own) {
        assertTrue(seen.add(p.sessionId()), label + ": session " + p.sessionId() + " in two shards");
        long owner = whole.workload().arrival() instanceof Arrival.Closed ? p.userId() : p.sessionId();
        assertEquals(i, owner % n, label + ": session " + p.sessionId() + " in the wrong shard");
      }
      union.addAll(own);
      arrivals[i] = whole.workload().arrival() instanceof Arrival.Closed ? shard.closedUsers().length
          : countArrivals(shard);
    }
    assertEquals(all.size(), union.size(), label + ": every session in exactly one shard");
    union.sort(canonical(whole));
    assertEquals(all, union);
    assertEquals(whole.digest(), digestOf(whole, union), label + ": the union digests as the unsharded schedule");

    // each shard's share of the one sequence (or of the users): round-robin, so within one of 1/N
    long total = whole.workload().arrival() instanceof Arrival.Closed closed ? closed.users() : countArrivals(whole);
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += arrivals[i];
      assertTrue(Math.abs(arrivals[i] - (double) total / n) <= 1,
          label + ": shard " + i + " has " + arrivals[i] + " of " + total + " arrivals (expected ~" + total / n + ")");
    }
    assertEquals(total, sum);
    System.out.println("ShardSplitTest: " + label + ", " + n + " shards: " + all.size() + " sessions, per shard "
        + java.util.Arrays.toString(arrivals) + (whole.workload().arrival() instanceof Arrival.Closed ? " users" : " arrivals")
        + " of " + total + "; union digest = whole " + whole.digest().substring(0, 12));
  }

  @ParameterizedTest(name = "{0}, {2} shards")
  @MethodSource("cases")
  void aShardsArrivalInstantsAreTheWholeSequencesAtItsIndexes(String label, Consumer<WorkloadSpec> options, int n) {
    Schedule whole = Schedule.of(Workloads.build(options.andThen(s -> s.seed = "5")));
    if (whole.workload().arrival() instanceof Arrival.Closed) {
      return; // closed: no arrival sequence; the users are checked above
    }
    List<Long> offsets = new ArrayList<>();
    ArrivalSequence seq = whole.arrivals();
    for (long o; offsets.size() < 2_000 && (o = seq.nextOffsetNanos()) != ArrivalSequence.NONE; ) {
      offsets.add(o);
    }
    for (int i = 0; i < n; i++) {
      Schedule shard = whole.shard(i, n);
      ArrivalSequence own = shard.arrivals();
      for (long k = 0; shard.shardSpec().globalArrivalIndex(k) < offsets.size(); k++) {
        long global = shard.shardSpec().globalArrivalIndex(k);
        long offset = own.nextOffsetNanos();
        assertEquals(offsets.get((int) global), offset, label + ": shard " + i + "'s arrival " + k);
        assertEquals(whole.arrivingSession(global, offset), shard.ownArrivingSession(k, offset));
      }
    }
  }

  @org.junit.jupiter.api.Test
  void shardSpecsAreParsedAndChecked() {
    assertEquals(new ShardSpec(1, 3), ShardSpec.parse("1/3"));
    for (String bad : List.of("3/3", "-1/3", "1", "a/b", "0/0", "1/2000")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardSpec.parse(bad));
      assertTrue(e.getMessage().contains("expected"), e.getMessage());
    }
  }

  private static long countArrivals(Schedule s) {
    ArrivalSequence seq = s.arrivals();
    long horizon = s.workload().phases().totalNanos();
    long n = 0;
    for (long o; (o = seq.nextOffsetNanos()) != ArrivalSequence.NONE && o < horizon; ) {
      n++;
    }
    return n;
  }

  private static List<SessionPlan> sessions(Schedule s) {
    List<SessionPlan> out = new ArrayList<>();
    s.forEachDigestedSession(out::add);
    return out;
  }

  /** The canonical order of the digest: closed by user, then session; otherwise by arrival. */
  private static Comparator<SessionPlan> canonical(Schedule whole) {
    return whole.workload().arrival() instanceof Arrival.Closed
        ? Comparator.comparingInt(SessionPlan::userId).thenComparingLong(SessionPlan::sessionId)
        : Comparator.comparingLong(SessionPlan::sessionId);
  }

  /** The digest computed as Schedule.digest() does: the workload's text, then each session's. */
  private static String digestOf(Schedule s, List<SessionPlan> sessions) {
    MessageDigest sha = Digests.sha256();
    update(sha, s.workload().toString());
    for (SessionPlan p : sessions) {
      update(sha, p.toString());
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static void update(MessageDigest sha, String text) {
    sha.update(text.getBytes(StandardCharsets.UTF_8));
    sha.update((byte) '\n');
  }
}
