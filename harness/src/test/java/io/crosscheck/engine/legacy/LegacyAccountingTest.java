package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.engine.Engine;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.server.EmbeddedServerFixture;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every scheduled request gets exactly one record, in every arrival model, with both engines. */
class LegacyAccountingTest extends EmbeddedServerFixture {
  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void closedUsersGetOneRecordPerScheduledRequest(Engine engine) throws Exception {
    Workload w = LegacyFixtures.closed(server.port(), "/static/2k", 200, 1, 10,
        new ThinkTime.Exponential(5_000_000L), 0, 20_000_000_000L);
    LegacyFixtures.Run run = LegacyFixtures.run(engine, w, LegacyFixtures.options(5_000, 10_000));

    assertEquals(LegacyFixtures.plannedKeys(w), LegacyFixtures.recordKeys(run.records()));
    assertEquals(2000, run.count(Outcome.OK), () -> "not all ok: " + run.records().stream()
        .filter(r -> r.outcome() != Outcome.OK).limit(3).toList());
    assertEquals(2000, run.result().requestsIssued());
    assertEquals(200, run.result().sessionsStarted());
    assertEquals(200, run.result().sessionsCompleted());
    for (RequestRecord r : run.records()) {
      if (engine instanceof LegacyHttpClientEngine) {
        assertTrue(r.responseBytes() > 2048, "wire bytes include the headers: " + r);
        assertTrue(r.requestBytes() > 0, r::toString);
      } else {
        assertEquals(2048, r.responseBytes(), "body bytes: " + r);
        assertEquals(-1, r.requestBytes(), "unknown to URL.openStream: " + r);
      }
      assertTrue(r.sendStartNanos() >= r.intendedStartNanos(), "sent before intended: " + r);
      assertTrue(r.lastByteNanos() >= r.firstByteNanos() && r.firstByteNanos() >= r.sendStartNanos(), r::toString);
    }
    System.out.printf("accounting %s: records=%d ok=%d server connections=%d peakUsers=%d%n", engine.name(),
        run.records().size(), run.count(Outcome.OK), server.connectionsAccepted(),
        run.result().extra().get("peakUsers"));
  }

  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void openArrivalsStartAtTheirScheduledInstants(Engine engine) throws Exception {
    Workload w = LegacyFixtures.arriving(server.port(), "/static/2k",
        new Arrival.Open(new ArrivalProcess.Poisson(300)), 1, new ThinkTime.None(), 1_000_000_000L);
    LegacyFixtures.Run run = LegacyFixtures.run(engine, w, LegacyFixtures.options(5_000, 10_000));

    assertEquals(LegacyFixtures.plannedKeys(w), LegacyFixtures.recordKeys(run.records()));
    Map<Long, Long> offsets = new HashMap<>();
    Schedule.of(w).forEachDigestedSession(p -> offsets.put(p.sessionId(), p.arrivalOffsetNanos()));
    for (RequestRecord r : run.records()) {
      assertEquals(run.result().startNanos() + offsets.get(r.sessionId()), r.intendedStartNanos());
      assertEquals(Outcome.OK, r.outcome(), r::toString);
    }
  }

  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void partlyOpenSessionsEndAtTheDeadline(Engine engine) throws Exception {
    Workload w = LegacyFixtures.arriving(server.port(), "/static/2k",
        new Arrival.PartlyOpen(new ArrivalProcess.Deterministic(50)), 5, new ThinkTime.Fixed(100_000_000L),
        1_000_000_000L);
    LegacyFixtures.Run run = LegacyFixtures.run(engine, w, LegacyFixtures.options(5_000, 10_000));

    long deadline = run.result().startNanos() + 1_000_000_000L;
    assertEquals(run.result().requestsIssued(), run.records().size());
    assertTrue(LegacyFixtures.plannedKeys(w).containsAll(LegacyFixtures.recordKeys(run.records())));
    assertEquals(50, run.result().sessionsStarted());
    for (RequestRecord r : run.records()) {
      assertTrue(r.intendedStartNanos() < deadline, "intended after the deadline: " + r);
      assertTrue(r.sendStartNanos() < deadline + 50_000_000L, "sent long after the deadline: " + r);
    }
    assertTrue(run.result().sessionsCompleted() > 0 && run.result().sessionsCompleted() < 50,
        "sessions arriving late must be cut by the deadline: " + run.result());
  }
}
