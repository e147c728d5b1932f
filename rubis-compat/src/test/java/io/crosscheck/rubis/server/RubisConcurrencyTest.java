package io.crosscheck.rubis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.ServiceDemand;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Eight clients of mixed reads and writes on a few hot items: no errors, bid counts add up. */
class RubisConcurrencyTest {
  private static final Pattern BIDS = Pattern.compile("Number of bids<td><b>(\\d+)</b>");
  private static final int THREADS = 8;
  private static final int REQUESTS_PER_THREAD = 200;
  private static final int HOT_ITEMS = 5;

  @Test
  void mixedRequestsFromEightThreadsKeepBidCountsConsistent() throws Exception {
    RubisServerConfig config = RubisServerConfig.defaults()
        .withDataset(DatasetSize.defaults().withCounts(1_000, 1_000, 20))
        .withAllDemands(new ServiceDemand.Exponential(100_000L));
    try (RubisServer server = RubisServer.start(config)) {
      RubisHttp probe = new RubisHttp(server);
      int bidsBefore = 0;
      for (int item = 1; item <= HOT_ITEMS; item++) {
        bidsBefore += bids(probe.okPage("/PHP/ViewItem.php?itemId=" + item));
      }
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      List<Future<Integer>> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        long seed = t;
        workers.add(pool.submit(() -> run(new RubisHttp(server), new SplittableRandom(seed))));
      }
      int storedBids = 0;
      for (Future<Integer> w : workers) {
        storedBids += w.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
      int bidsAfter = 0;
      for (int item = 1; item <= HOT_ITEMS; item++) {
        bidsAfter += bids(probe.okPage("/PHP/ViewItem.php?itemId=" + item));
      }
      assertTrue(storedBids > 50, "too few bids stored to mean anything: " + storedBids);
      assertEquals(storedBids, bidsAfter - bidsBefore);
      assertEquals(storedBids, server.counters().requestsServed(RubisInteraction.STORE_BID));
    }
  }

  /** One client's mix; returns the StoreBids the server accepted. Any non-200 or ERROR fails. */
  private static int run(RubisHttp http, SplittableRandom random) throws Exception {
    int stored = 0;
    for (int r = 0; r < REQUESTS_PER_THREAD; r++) {
      int item = 1 + random.nextInt(HOT_ITEMS);
      int user = 1 + random.nextInt(1_000);
      String space = random.nextBoolean() ? "/PHP/ViewItem.php" : "/rubis_servlets/servlet/edu.rice.rubis.servlets.ViewItem";
      switch (random.nextInt(6)) {
        case 0 -> http.okPage(space + "?itemId=" + item);
        case 1 -> http.okPage("/PHP/ViewBidHistory.php?itemId=" + item);
        case 2 -> http.page("/PHP/SearchItemsByCategory.php?category=" + random.nextInt(21) + "&categoryName=c&page=0&nbOfItems=25");
        case 3 -> http.okPage("/PHP/StoreComment.php?itemId=" + item + "&to=" + (user - 1) + "&from=0&rating=1&comment=ok");
        default -> {
          String form = http.okPage("/PHP/PutBid.php?itemId=" + item + "&nickname=user" + user + "&password=password" + user);
          String minBid = RubisHttp.first(form, "name=minBid value=");
          // Another thread may have raised the price since: StoreBid checks only the minBid sent, as RUBiS does.
          float bid = Float.parseFloat(minBid) + random.nextInt(5);
          String page = http.okPage("/PHP/StoreBid.php?itemId=" + item + "&userId=" + (user - 1) + "&minBid=" + minBid
              + "&maxQty=1&bid=" + bid + "&maxBid=" + (bid + 3) + "&qty=1");
          if (page.contains("successfully processed")) {
            stored++;
          }
        }
      }
    }
    return stored;
  }

  private static int bids(String html) {
    Matcher m = BIDS.matcher(html);
    assertTrue(m.find(), html);
    return Integer.parseInt(m.group(1));
  }
}
