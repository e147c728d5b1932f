package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Workloads and a recording run for the legacy engine tests (shared by the child JVM main). */
final class LegacyFixtures {
  private LegacyFixtures() {}

  /** A finished run: the engine's result and every record it wrote. */
  record Run(EngineResult result, List<RequestRecord> records) {
    long count(io.crosscheck.record.Outcome outcome) {
      return records.stream().filter(r -> r.outcome() == outcome).count();
    }
  }

  static Workload closed(int port, String path, int users, int sessionsPerUser, int requests,
      ThinkTime think, long rampUpNanos, long measureNanos) {
    return new Workload(new Target("127.0.0.1", port), new Arrival.Closed(users, sessionsPerUser),
        new SessionSource.UrlList(List.of(path), false), new SessionLength.Fixed(requests), think,
        new Phases(rampUpNanos, measureNanos, 0), 42);
  }

  static Workload arriving(int port, String path, Arrival arrival, int requests, ThinkTime think,
      long measureNanos) {
    return new Workload(new Target("127.0.0.1", port), arrival,
        new SessionSource.UrlList(List.of(path), false), new SessionLength.Fixed(requests), think,
        new Phases(0, measureNanos, 0), 7);
  }

  /** Both legacy engines with the original client's settings, for parameterized tests. */
  static Stream<Engine> engines() {
    return Stream.of(new LegacyUrlConnectionEngine(), new LegacyHttpClientEngine());
  }

  static EngineOptions options(long connectTimeoutMillis, long requestTimeoutMillis) {
    EngineOptions d = EngineOptions.defaults();
    return new EngineOptions(d.policy(), d.connectionsK(), d.eventLoops(), connectTimeoutMillis * 1_000_000L,
        requestTimeoutMillis * 1_000_000L, List.of(), false);
  }

  static Run run(Engine engine, Workload workload, EngineOptions options) throws InterruptedException {
    ConcurrentLinkedQueue<RequestRecord> sink = new ConcurrentLinkedQueue<>();
    EngineResult result = engine.run(Schedule.of(workload), options, Ticker.system(), sink::add, new EngineProgress());
    return new Run(result, new ArrayList<>(sink));
  }

  /** "sessionId/seq" of every request the schedule plans (closed: all users' sessions). */
  static Set<String> plannedKeys(Workload workload) {
    Set<String> keys = new TreeSet<>();
    Schedule.of(workload).forEachDigestedSession(
        plan -> plan.requests().forEach(r -> keys.add(plan.sessionId() + "/" + r.seq())));
    return keys;
  }

  /** "sessionId/seq" of every record; fails on a duplicate. */
  static Set<String> recordKeys(List<RequestRecord> records) {
    Set<String> keys = new TreeSet<>();
    for (RequestRecord r : records) {
      assertEquals(true, keys.add(r.sessionId() + "/" + r.seq()), "duplicate record " + r);
    }
    return keys;
  }
}
