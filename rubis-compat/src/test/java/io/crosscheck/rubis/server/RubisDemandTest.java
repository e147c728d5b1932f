package io.crosscheck.rubis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.DemandMode;
import io.crosscheck.server.ServiceDemand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Per-interaction service demand, spent as a timer (DELAY) or by busy workers (CPU). */
class RubisDemandTest {
  private static final long MILLIS = 1_000_000L;
  private static final DatasetSize SMALL = DatasetSize.defaults().withCounts(200, 200, 10);

  /**
   * A fixed demand delays its own interaction by at least the demand (a lower bound: a timer never
   * fires early) and not the others: a ViewBidHistory sent while a ViewItem is held by its 1 s
   * demand is answered while that ViewItem is still pending (ordering, with the whole demand as
   * margin, instead of a wall-time bound on the undelayed page).
   */
  @Test
  void fixedDemandOnViewItemDelaysOnlyViewItem() throws Exception {
    long demandNanos = 1_000 * MILLIS;
    RubisServerConfig config = RubisServerConfig.defaults().withDataset(SMALL).withAllDemands(ServiceDemand.none())
        .withDemand(RubisInteraction.VIEW_ITEM, new ServiceDemand.Fixed(demandNanos));
    try (RubisServer server = RubisServer.start(config)) {
      RubisHttp viewer = new RubisHttp(server);
      RubisHttp other = new RubisHttp(server); // its own connection
      viewer.okPage("/PHP/index.html"); // warm both connections
      other.okPage("/PHP/index.html");
      long startNanos = System.nanoTime();
      CompletableFuture<Long> view = CompletableFuture.supplyAsync(() -> {
        try {
          viewer.okPage("/PHP/ViewItem.php?itemId=1");
          return System.nanoTime() - startNanos;
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      other.okPage("/PHP/ViewBidHistory.php?itemId=1");
      boolean viewPendingAfterHistory = !view.isDone();
      long viewNanos = view.get(20, TimeUnit.SECONDS);
      assertTrue(viewNanos >= demandNanos, "ViewItem took " + viewNanos / MILLIS + " ms, expected >= 1000 ms");
      assertTrue(viewPendingAfterHistory,
          "ViewBidHistory (no demand) was answered only after ViewItem (" + viewNanos / MILLIS + " ms)");
      assertEquals(1, server.counters().requestsServed(RubisInteraction.VIEW_ITEM));
      assertEquals(1, server.counters().requestsServed(RubisInteraction.VIEW_BID_HISTORY));
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
    RubisServerConfig config = viewItemOnOneCpuWorker(100 * MILLIS, 16);
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

  /**
   * One worker, no waiting room: of four ViewItems released together on four warm connections, the
   * first to arrive is served and the others are refused while its 1 s demand runs; every reply is
   * either, and the server's counters agree with what the clients saw.
   */
  @Test
  void cpuModeAnswers503WhenTheQueueIsFull() throws Exception {
    RubisServerConfig config = viewItemOnOneCpuWorker(1_000 * MILLIS, 0);
    int requests = 4;
    try (RubisServer server = RubisServer.start(config)) {
      List<RubisHttp> clients = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        RubisHttp http = new RubisHttp(server);
        http.okPage("/PHP/index.html"); // connected before the burst: the four arrive together
        clients.add(http);
      }
      CountDownLatch go = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(requests); // a thread each, whatever the core count
      List<CompletableFuture<Integer>> statuses = new ArrayList<>();
      for (RubisHttp http : clients) {
        statuses.add(CompletableFuture.supplyAsync(() -> {
          try {
            go.await();
            return http.get("/PHP/ViewItem.php?itemId=1").status();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }, pool));
      }
      go.countDown();
      List<Integer> seen = new ArrayList<>();
      try {
        for (CompletableFuture<Integer> f : statuses) {
          seen.add(f.get(20, TimeUnit.SECONDS));
        }
      } finally {
        pool.shutdownNow();
      }
      long ok = seen.stream().filter(s -> s == 200).count();
      long refused = seen.stream().filter(s -> s == 503).count();
      assertEquals(requests, ok + refused, "200 or 503 only: " + seen);
      assertTrue(ok >= 1 && refused >= 1, "one served, the others refused while it ran: " + seen);
      assertEquals(refused, server.counters().requestsRejected());
      assertEquals(requests, server.counters().requestsServed(RubisInteraction.VIEW_ITEM), "503s are replies too");
    }
  }

  /**
   * The small dataset with no demand but a fixed {@code viewItemNanos} for ViewItem, spent in CPU
   * mode on one worker with {@code queueCapacity} places to wait.
   */
  private static RubisServerConfig viewItemOnOneCpuWorker(long viewItemNanos, int queueCapacity) {
    return RubisServerConfig.defaults().withDataset(SMALL).withAllDemands(ServiceDemand.none())
        .withDemand(RubisInteraction.VIEW_ITEM, new ServiceDemand.Fixed(viewItemNanos))
        .withDemandMode(DemandMode.CPU, 1, queueCapacity);
  }
}
