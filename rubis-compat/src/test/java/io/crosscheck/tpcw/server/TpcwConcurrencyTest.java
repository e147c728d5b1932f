package io.crosscheck.tpcw.server;

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
import org.junit.jupiter.api.Test;

/**
 * Fifty threads run RBE-like user sessions (home, a list, a product, add, refresh, registration,
 * buy request, buy confirm, sometimes the order display and images) for about 3 s against a server
 * whose session and cart caps are far below the number of sessions: no request fails, the server
 * served exactly the requests sent, wrote exactly the orders confirmed, and held no more sessions
 * or carts than its caps.
 */
class TpcwConcurrencyTest {
  private static final int THREADS = 50;
  private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(3);
  private static final int CUSTOMERS = 1000;

  @Test
  void fiftyThreadsOfSessionsAddUp() throws Exception {
    TpcwServerConfig config = TpcwServerConfig.defaults().withDatabase(CUSTOMERS, 1000)
        .withAllDemands(new ServiceDemand.Exponential(200_000L)).withLimits(30, 30, 200_000, 100_000);
    try (TpcwServer server = TpcwServer.start(config)) {
      TpcwHttp http = new TpcwHttp(server);
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      long deadlineNanos = System.nanoTime() + RUN_NANOS;
      List<Future<int[]>> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        long seed = t;
        workers.add(pool.submit(() -> run(http, new SplittableRandom(seed), deadlineNanos)));
      }
      int sessions = 0;
      int orders = 0;
      for (Future<int[]> w : workers) {
        int[] done = w.get(60, TimeUnit.SECONDS);
        sessions += done[0];
        orders += done[1];
      }
      pool.shutdown();
      BookstoreCounters c = server.counters();
      System.out.println("TpcwConcurrencyTest: " + THREADS + " threads, " + sessions + " sessions, " + http.sent()
          + " requests, " + orders + " orders; " + c.describe());
      assertTrue(sessions >= THREADS, "too few sessions to mean anything: " + sessions);
      assertEquals(http.sent(), c.requestsServed(), "requests served = requests sent");
      assertEquals(0, c.clientErrors());
      assertEquals(orders, c.ordersWritten(), "orders written = buy confirms sent");
      assertEquals(sessions, c.sessionsCreated(), "one server session per first HOME");
      assertTrue(server.ordersHeld() >= orders, "orders held " + server.ordersHeld());
      assertTrue(server.sessionsHeld() <= 30 && server.cartsHeld() <= 30,
          "caps of 30: " + server.sessionsHeld() + " sessions, " + server.cartsHeld() + " carts held");
      assertTrue(c.cartsCreated() > 30, "the caps were exercised: " + c.cartsCreated() + " carts");
    }
  }

  /** Sessions until the deadline; returns {sessions, orders confirmed}. Any non-200 fails the test. */
  private static int[] run(TpcwHttp http, SplittableRandom r, long deadlineNanos) throws Exception {
    int sessions = 0;
    int orders = 0;
    while (System.nanoTime() < deadlineNanos) {
      int cid = 1 + r.nextInt(CUSTOMERS);
      String home = http.page("/tpcw/TPCW_home_interaction?C_ID=" + cid);
      String s = ";jsessionid=" + TpcwHttp.sessionId(home);
      sessions++;
      String subject = Catalog.SUBJECTS.get(r.nextInt(Catalog.SUBJECTS.size()));
      String list = r.nextBoolean()
          ? http.page("/tpcw/TPCW_new_products_servlet" + s + "?subject=" + subject + "&C_ID=" + cid)
          : http.pageWithImages("/tpcw/TPCW_best_sellers_servlet" + s + "?subject=" + subject + "&C_ID=" + cid);
      List<Integer> ids = TpcwHttp.itemIds(list);
      int item = ids.get(r.nextInt(ids.size()));
      http.page("/tpcw/TPCW_product_detail_servlet" + s + "?I_ID=" + item + "&C_ID=" + cid);
      String cart = http.page("/tpcw/TPCW_shopping_cart_interaction" + s + "?I_ID=" + item + "&QTY=1&ADD_FLAG=Y&C_ID=" + cid);
      int shop = TpcwHttp.findId(cart, "SHOPPING_ID=");
      String ids2 = "&C_ID=" + cid + "&SHOPPING_ID=" + shop;
      http.page("/tpcw/TPCW_shopping_cart_interaction" + s + "?ADD_FLAG=N&qty=" + (1 + r.nextInt(9)) + ids2);
      if (r.nextInt(3) == 0) {
        continue; // leaves without buying
      }
      http.page("/tpcw/TPCW_customer_registration_servlet" + s + "?" + ids2.substring(1));
      String uname = DigSyl.of(cid);
      http.page("/tpcw/TPCW_buy_request_servlet" + s + "?RETURNING_FLAG=Y&UNAME=" + uname + "&PASSWD="
          + uname.toLowerCase() + ids2);
      http.page("/tpcw/TPCW_buy_confirm_servlet" + s + "?CC_TYPE=VISA&CC_NUMBER=1&CC_NAME=A+B&CC_EXPIRY=1&STREET_1="
          + "&SHIPPING=AIR" + ids2);
      orders++;
      if (r.nextBoolean()) {
        String display = http.page("/tpcw/TPCW_order_display_servlet" + s + "?UNAME=" + uname + "&PASSWD="
            + uname.toLowerCase() + ids2);
        assertTrue(display.contains("Order ID: <B>"), display);
      }
    }
    return new int[] {sessions, orders};
  }
}
