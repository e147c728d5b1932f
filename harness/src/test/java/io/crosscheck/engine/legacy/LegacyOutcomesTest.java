package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.engine.Engine;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.EmbeddedServerFixture;
import io.crosscheck.server.ServerConfig;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Server faults become record outcomes, with both engines; interrupting a run aborts what is in flight. */
class LegacyOutcomesTest extends EmbeddedServerFixture {
  private static RequestRecord single(Engine engine, int port, String path, long requestTimeoutMillis)
      throws InterruptedException {
    LegacyFixtures.Run run = LegacyFixtures.run(engine,
        LegacyFixtures.closed(port, path, 1, 1, 1, new ThinkTime.None(), 0, 10_000_000_000L),
        LegacyFixtures.options(1_000, requestTimeoutMillis));
    assertEquals(1, run.records().size(), () -> "records: " + run.records());
    assertEquals(1, run.result().requestsIssued());
    return run.records().get(0);
  }

  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void stallIsATimeout(Engine engine) throws Exception {
    RequestRecord r = single(engine, server.port(), "/fault/stall", 300);
    assertEquals(Outcome.TIMEOUT, r.outcome(), r::toString);
    assertEquals(-1, r.lastByteNanos());
    assertTrue(r.detail().contains("timed out"), r::toString);
  }

  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void resetIsAReset(Engine engine) throws Exception {
    RequestRecord r = single(engine, server.port(), "/fault/reset", 2_000);
    assertEquals(Outcome.RESET, r.outcome(), r::toString);
  }

  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void status503IsAnHttpError(Engine engine) throws Exception {
    RequestRecord r = single(engine, server.port(), "/fault/status/503", 2_000);
    assertEquals(Outcome.HTTP_ERROR, r.outcome(), r::toString);
    assertEquals(503, r.status());
    assertTrue(r.lastByteNanos() >= r.sendStartNanos(), r::toString);
  }

  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void refusedPortIsAConnectError(Engine engine) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // free now, and nobody listens once closed
    }
    RequestRecord r = single(engine, port, "/static/2k", 2_000);
    assertEquals(Outcome.CONNECT_ERROR, r.outcome(), r::toString);
    assertEquals(0, r.status());
  }

  /**
   * Interrupting a run aborts every request in flight: all 20 stalled requests end ABORTED (not
   * TIMEOUT: the request timeout is 60 s) and run() returns. Asserted as causality, not speed: the
   * interrupt is sent once the server has accepted all 20 connections (so all 20 were issued; a
   * server of its own, so that no connection comes from the JDK's keep-alive cache), and run()
   * must return well before the request timeout, which only the interrupt can make it do. How fast
   * it stops is printed.
   */
  @ParameterizedTest
  @MethodSource("io.crosscheck.engine.legacy.LegacyFixtures#engines")
  void interruptAbortsEveryRequestInFlight(Engine engine) throws Exception {
    List<RequestRecord> records = java.util.Collections.synchronizedList(new ArrayList<>());
    AtomicReference<io.crosscheck.engine.EngineResult> result = new AtomicReference<>();
    try (EmbeddedServer own = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      Thread runner = new Thread(() -> {
        try {
          result.set(engine.run(io.crosscheck.schedule.Schedule.of(LegacyFixtures.closed(own.port(),
                  "/fault/stall", 20, 1, 3, new ThinkTime.None(), 0, 60_000_000_000L)),
              LegacyFixtures.options(1_000, 60_000), io.crosscheck.schedule.Ticker.system(), records::add,
              new io.crosscheck.engine.EngineProgress()));
        } catch (InterruptedException e) {
          throw new AssertionError("run() must return, not throw, when interrupted", e);
        }
      });
      runner.start();
      long untilNanos = System.nanoTime() + 30_000_000_000L;
      while (own.connectionsAccepted() < 20 && System.nanoTime() - untilNanos < 0) {
        Thread.sleep(10);
      }
      assertEquals(20, own.connectionsAccepted(), "all 20 users connected before the interrupt");
      long interruptedAt = System.nanoTime();
      runner.interrupt();
      runner.join(30_000);
      long stopMillis = (System.nanoTime() - interruptedAt) / 1_000_000L;
      assertTrue(!runner.isAlive(), "run() still running 30 s after the interrupt (request timeout 60 s)");
      System.out.printf("%s interrupt: stopped in %d ms, records=%d%n", engine.name(), stopMillis, records.size());
    }
    assertEquals(20, result.get().requestsIssued());
    assertEquals(20, records.size());
    assertTrue(records.stream().allMatch(r -> r.outcome() == Outcome.ABORTED), () -> records.toString());
  }
}
