package io.crosscheck.engine.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.cli.WarmUpServer;
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
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.netty.channel.epoll.Epoll;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Netty engine's clocks: busy polling keeps timers on time; the JIT warm-up stays off the target. */
class NettyEngineTimingTest {
  private static EmbeddedServer server;

  @BeforeAll
  static void start() throws Exception {
    server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static List<RequestRecord> run(EngineOptions options, Workload w) throws InterruptedException {
    ConcurrentLinkedQueue<RequestRecord> sink = new ConcurrentLinkedQueue<>();
    new NettyEngine().run(Schedule.of(w), options, Ticker.system(), sink::add, new EngineProgress());
    return new ArrayList<>(sink);
  }

  /**
   * Two users thinking 20 ms between requests leave the spinning loop without I/O for most of the
   * run: each think-time timer must still fire on time.
   */
  @Test
  void busyPollingSendsEveryRequestOnTimeWhileIdle() throws Exception {
    assumeTrue(Epoll.isAvailable(), "busy polling is epoll-only");
    Workload w = new Workload(new Target("127.0.0.1", server.port()), new Arrival.Closed(2, 1),
        new SessionSource.UrlList(List.of("/static/2k"), false), new SessionLength.Fixed(10),
        new ThinkTime.Fixed(20_000_000L), new Phases(0, 10_000_000_000L, 0), 3);
    EngineOptions d = EngineOptions.defaults();
    EngineOptions spin = new EngineOptions(d.policy(), d.connectionsK(), 1, d.connectTimeoutNanos(),
        d.requestTimeoutNanos(), List.of(), true);
    long t0 = System.nanoTime();
    List<RequestRecord> records = run(spin, w);
    long elapsedMillis = (System.nanoTime() - t0) / 1_000_000L;
    assertEquals(20, records.size());
    long maxLateMicros = 0;
    StringBuilder all = new StringBuilder();
    for (RequestRecord r : records) {
      assertEquals(Outcome.OK, r.outcome(), r.toString());
      long late = (r.sendStartNanos() - r.intendedStartNanos()) / 1000;
      all.append(r.seq()).append(':').append(late).append(' ');
      if (r.seq() > 0) { // the first request of a session waits for its connection
        maxLateMicros = Math.max(maxLateMicros, late);
      }
    }
    // after a 20 ms think nothing is in flight: only the timer can start the next request
    assertTrue(maxLateMicros < 5_000, "latest send after its intended start (us, by seq): " + all);
    assertTrue(elapsedMillis < 5_000, "run took " + elapsedMillis + " ms");
  }

  @Test
  void jitWarmUpMakesItsRequestsAgainstItsOwnServerOnly() throws Exception {
    long acceptedBefore = server.connectionsAccepted();
    JitWarmUp.Result r = JitWarmUp.run(new NettyEngine(), EngineOptions.defaults(), 3000, new WarmUpServer());
    assertTrue(r.requests() >= 3000 && r.requests() < 3000 + 16 * 10, "whole sessions: " + r.requests());
    assertEquals(r.requests(), r.ok(), "every warm-up request is answered by the in-process server");
    assertEquals(acceptedBefore, server.connectionsAccepted(), "no connection to any other server");
    assertTrue(r.settleNanos() <= r.elapsedNanos());
    assertTrue(r.elapsedNanos() < JitWarmUp.MAX_NANOS + 6_000_000_000L, r.describe());
    assertEquals(r.requests(), r.toJson().requests());
    assertEquals(r.jitSettled(), r.toJson().jitSettled());
  }
}
