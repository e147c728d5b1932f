package io.crosscheck.rubis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.DemandMode;
import io.crosscheck.server.ServiceDemand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Per-interaction service demand, spent as a timer (DELAY) or by busy workers (CPU). */
class RubisDemandTest {
  private static final long MILLIS = 1_000_000L;
  private static final DatasetSize SMALL = DatasetSize.defaults().withCounts(200, 200, 10);

  @Test
  void fixedDemandOnViewItemDelaysOnlyViewItem() throws Exception {
    RubisServerConfig config = RubisServerConfig.defaults().withDataset(SMALL).withAllDemands(ServiceDemand.none())
        .withDemand(RubisInteraction.VIEW_ITEM, new ServiceDemand.Fixed(80 * MILLIS));
    try (RubisServer server = RubisServer.start(config)) {
      RubisHttp http = new RubisHttp(server);
      http.okPage("/PHP/index.html"); // warm the connection
      long startNanos = System.nanoTime();
      http.okPage("/PHP/ViewItem.php?itemId=1");
      long viewNanos = System.nanoTime() - startNanos;
      assertTrue(viewNanos >= 80 * MILLIS, "ViewItem took " + viewNanos / MILLIS + " ms, expected >= 80 ms");
      startNanos = System.nanoTime();
      http.okPage("/PHP/ViewBidHistory.php?itemId=1");
      long historyNanos = System.nanoTime() - startNanos;
      assertTrue(historyNanos < 80 * MILLIS, "ViewBidHistory took " + historyNanos / MILLIS + " ms without demand");
    }
  }

  @Test
  void defaultDemandsFollowRubisRelativeCosts() {
    RubisServerConfig config = RubisServerConfig.defaults();
    double html = config.demand(RubisInteraction.HOME).meanServiceNanos();
    double view = config.demand(RubisInteraction.VIEW_ITEM).meanServiceNanos();
    double search = config.demand(RubisInteraction.SEARCH_ITEMS_IN_CATEGORY).meanServiceNanos();
    double write = config.demand(RubisInteraction.STORE_BID).meanServiceNanos();
    assertTrue(html < view && view < write && write < search, html + " " + view + " " + write + " " + search);
    assertEquals(DemandMode.DELAY, config.demandMode());
    assertEquals("127.0.0.1", config.bindAddress());
  }

  @Test
  void cpuModeWithOneWorkerServesOneRequestAtATime() throws Exception {
    RubisServerConfig config = RubisServerConfig.defaults().withDataset(SMALL).withAllDemands(ServiceDemand.none())
        .withDemand(RubisInteraction.VIEW_ITEM, new ServiceDemand.Fixed(100 * MILLIS))
        .withDemandMode(DemandMode.CPU, 1, 16);
    int requests = 4;
    try (RubisServer server = RubisServer.start(config)) {
      ExecutorService pool = Executors.newFixedThreadPool(requests);
      try {
        long startNanos = System.nanoTime();
        List<Future<Long>> done = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
          RubisHttp http = new RubisHttp(server); // one client each: one connection each
          done.add(pool.submit(() -> {
            http.okPage("/PHP/ViewItem.php?itemId=1");
            return System.nanoTime() - startNanos;
          }));
        }
        long lastNanos = 0;
        for (Future<Long> f : done) {
          lastNanos = Math.max(lastNanos, f.get(20, TimeUnit.SECONDS));
        }
        // One worker: the four 100 ms demands run one after another.
        assertTrue(lastNanos >= requests * 100 * MILLIS, "last reply after " + lastNanos / MILLIS + " ms");
        assertEquals(requests, server.counters().requestsServed(RubisInteraction.VIEW_ITEM));
        assertEquals(0, server.counters().requestsRejected());
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void cpuModeAnswers503WhenTheQueueIsFull() throws Exception {
    RubisServerConfig config = RubisServerConfig.defaults().withDataset(SMALL).withAllDemands(ServiceDemand.none())
        .withDemand(RubisInteraction.VIEW_ITEM, new ServiceDemand.Fixed(300 * MILLIS))
        .withDemandMode(DemandMode.CPU, 1, 0);
    try (RubisServer server = RubisServer.start(config)) {
      // Four at once against one worker and no waiting room: one is served, the others refused.
      List<CompletableFuture<Integer>> statuses = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        RubisHttp http = new RubisHttp(server);
        statuses.add(CompletableFuture.supplyAsync(() -> {
          try {
            return http.get("/PHP/ViewItem.php?itemId=1").status();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }));
      }
      List<Integer> seen = new ArrayList<>();
      for (CompletableFuture<Integer> f : statuses) {
        seen.add(f.get(10, TimeUnit.SECONDS));
      }
      assertTrue(seen.contains(200) && seen.contains(503), seen.toString());
      assertEquals(seen.stream().filter(s -> s == 503).count(), server.counters().requestsRejected());
    }
  }
}
