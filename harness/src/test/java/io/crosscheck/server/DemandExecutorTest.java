package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Service demand as a client measures it, in delay and cpu mode, on real sockets. */
@Timeout(20)
class DemandExecutorTest {

  @Test
  void fixedDelayHoldsTheReplyBackAtLeastThatLong() throws Exception {
    ServerConfig config = ServerConfig.defaults().withPort(0).withDemand(ServiceDemand.parse("fixed:50ms"));
    try (EmbeddedServer server = EmbeddedServer.start(config);
        TestConnection c = new TestConnection(server.port())) {
      for (int i = 0; i < 3; i++) {
        long startNanos = System.nanoTime();
        assertEquals(2048, c.get("/static/2k").body().length);
        long elapsedNanos = System.nanoTime() - startNanos;
        assertTrue(elapsedNanos >= 50_000_000L, "reply after " + elapsedNanos + " ns");
      }
    }
  }

  @Test
  void cpuModeQueuesRequestsBehindOneWorker() throws Exception {
    ServerConfig config = oneCpuWorker("fixed:100ms");
    ExecutorService clients = Executors.newFixedThreadPool(4);
    try (EmbeddedServer server = EmbeddedServer.start(config)) {
      long startNanos = System.nanoTime();
      List<Future<Long>> done = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        done.add(
            clients.submit(
                () -> {
                  try (TestConnection c = new TestConnection(server.port())) {
                    assertEquals(200, c.get("/static/100").status());
                    return System.nanoTime() - startNanos;
                  }
                }));
      }
      long lastNanos = 0;
      for (Future<Long> f : done) {
        lastNanos = Math.max(lastNanos, f.get(10, TimeUnit.SECONDS));
      }
      // Four spins of 100 ms one after another on the single worker.
      assertTrue(lastNanos >= 400_000_000L, "last reply after " + lastNanos + " ns");
      assertEquals(4, server.requestsServed());
    } finally {
      clients.shutdownNow();
    }
  }

  @Test
  void cpuModeAnswers503WhenTheQueueIsFull() throws Exception {
    ServerConfig config = oneCpuWorker("fixed:300ms").withQueueCapacity(0);
    try (EmbeddedServer server = EmbeddedServer.start(config);
        TestConnection first = new TestConnection(server.port());
        TestConnection second = new TestConnection(server.port())) {
      first.send("GET /static/100 HTTP/1.1\r\n\r\n");
      Thread.sleep(100); // the first request is being spun on the only worker
      TestConnection.Response rejected = second.get("/static/100");
      assertEquals(503, rejected.status());
      assertEquals(200, first.read(false).status());
      assertEquals(2, server.requestsServed());
    }
  }

  @Test
  void spinTakesAtLeastTheGivenTime() {
    long startNanos = System.nanoTime();
    assertTrue(DemandExecutor.spin(5_000_000L));
    assertTrue(System.nanoTime() - startNanos >= 5_000_000L);
  }

  /** An ephemeral-port server spending {@code demand} in CPU mode on a single worker. */
  private static ServerConfig oneCpuWorker(String demand) {
    return ServerConfig.defaults()
        .withPort(0)
        .withDemand(ServiceDemand.parse(demand))
        .withDemandMode(DemandMode.CPU)
        .withWorkers(1);
  }
}
