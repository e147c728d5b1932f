package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.HostTiming;
import io.crosscheck.engine.Engine;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.server.EmbeddedServerFixture;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
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
    long notSent = 0;
    long stopped = 0;
    for (RequestRecord r : run.records()) {
      assertEquals(run.result().startNanos() + offsets.get(r.sessionId()), r.intendedStartNanos());
      if (r.outcome() == Outcome.GENERATOR_ERROR) {
        // a thread the host did not schedule before the deadline and its grace (CI at load 29: 1 of 308)
        assertEquals(UserInstance.NOT_REACHED, r.detail(), r::toString);
        notSent++;
      } else if (r.outcome() == Outcome.ABORTED) {
        // sent so late on a busy host that it was still in flight when the run stopped (CI: 1.3 s late)
        assertEquals("run stopped", r.detail(), r::toString);
        stopped++;
      } else {
        assertEquals(Outcome.OK, r.outcome(), r::toString);
      }
    }
    HostTiming.check(notSent + stopped == 0, engine.name() + ": every arrival of 300/s for 1 s answered; not sent "
        + notSent + ", still in flight at the stop " + stopped + ", of " + run.records().size());
  }

  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void partlyOpenSessionsEndAtTheDeadline(Engine engine) throws Exception {
    // 5 requests 20 ms apart a session, one arriving every 20 ms for 2 s: the first sessions have
    // over a second to end even when a busy host makes a cold engine's first requests slow (with
    // 100 ms thinks in 1 s, none ended now and then), and those arriving in the last 80 ms cannot
    Workload w = LegacyFixtures.arriving(server.port(), "/static/2k",
        new Arrival.PartlyOpen(new ArrivalProcess.Deterministic(50)), 5, new ThinkTime.Fixed(20_000_000L),
        2_000_000_000L);
    LegacyFixtures.Run run = LegacyFixtures.run(engine, w, LegacyFixtures.options(5_000, 10_000));

    long deadline = run.result().startNanos() + 2_000_000_000L;
    assertEquals(run.result().requestsIssued(), run.records().size());
    assertTrue(LegacyFixtures.plannedKeys(w).containsAll(LegacyFixtures.recordKeys(run.records())));
    assertEquals(100, run.result().sessionsStarted());
    Map<Long, List<RequestRecord>> bySession = new HashMap<>();
    for (RequestRecord r : run.records()) {
      assertTrue(r.intendedStartNanos() < deadline, "intended after the deadline: " + r);
      bySession.computeIfAbsent(r.sessionId(), k -> new ArrayList<>()).add(r);
    }
    // A user whose wait for a request intended before the deadline ends past it (a busy host wakes
    // it late) still sends that request, then stops: how late depends on the host, the count does
    // not. At most one request of a session is sent after the deadline, and it is the session's last.
    // (This asserted "sent within 50 ms of the deadline", which a loaded host broke now and then.)
    for (List<RequestRecord> session : bySession.values()) {
      session.sort(Comparator.comparingInt(RequestRecord::seq));
      List<RequestRecord> late = session.stream().filter(r -> r.sendStartNanos() >= deadline).toList();
      assertTrue(late.size() <= 1, "a session sent several requests after the deadline: " + late);
      assertTrue(late.isEmpty() || late.get(0) == session.get(session.size() - 1),
          "a request sent after the deadline ends its session: " + session);
    }
    assertTrue(run.result().sessionsCompleted() > 0 && run.result().sessionsCompleted() < 100,
        "sessions arriving late must be cut by the deadline: " + run.result());
  }
}
