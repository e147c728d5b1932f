package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.ServiceDemand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Eight emulated browsers walk every transition of the RBE's mixes (each allowed edge of
 * EBTPCW1/2/3Factory, drawn uniformly, without think time) until each was taken (at most 10 s),
 * building each request
 * and reading each page the way the RBE's EBW*Trans classes do, with images and occasional
 * session restarts (USMD): not one page or image fails, every edge is taken, and the server
 * served exactly the requests sent.
 */
class TpcwRbeWalkTest {
  /** The walk ends once every edge was taken, or at this bound. */
  /**
   * The walk ends once every edge was taken (about 6 s on a quiet 2-core host); this bound is for a
   * walk that cannot take one. It was 10 s: at a load average of 29 the walk had taken 44 of 45.
   */
  private static final long MAX_RUN_NANOS = 60_000_000_000L;
  private static final int EDGE_COUNT = 45;
  private static final int CUSTOMERS = 1000;
  private static final int ITEMS = 1000;
  /** The non-zero cells of the RBE's transition matrices (TPCW-CONTRACT.md "Mixes"). */
  private static final Map<String, List<String>> EDGES = Map.ofEntries(
      Map.entry("ADMC", List.of("HOME", "SREQ")), Map.entry("ADMR", List.of("ADMC", "HOME")),
      Map.entry("BESS", List.of("HOME", "PROD", "SREQ", "SHOP")), Map.entry("BUYC", List.of("HOME", "SREQ")),
      Map.entry("BUYR", List.of("BUYC", "HOME", "SHOP")), Map.entry("CREG", List.of("BUYR", "HOME", "SREQ")),
      Map.entry("HOME", List.of("BESS", "NEWP", "ORDI", "SREQ", "SHOP")),
      Map.entry("NEWP", List.of("HOME", "PROD", "SREQ", "SHOP")), Map.entry("ORDD", List.of("HOME", "SREQ")),
      Map.entry("ORDI", List.of("HOME", "ORDD", "SREQ")),
      Map.entry("PROD", List.of("ADMR", "HOME", "PROD", "SREQ", "SHOP")),
      Map.entry("SREQ", List.of("HOME", "SRES", "SHOP")), Map.entry("SRES", List.of("HOME", "PROD", "SREQ", "SHOP")),
      Map.entry("SHOP", List.of("CREG", "HOME", "SHOP")));

  @Test
  void everyTransitionOfTheMixesRunsClean() throws Exception {
    TpcwServerConfig config = TpcwServerConfig.defaults().withDatabase(CUSTOMERS, ITEMS)
        .withAllDemands(ServiceDemand.none());
    try (TpcwServer server = TpcwServer.start(config)) {
      TpcwHttp http = new TpcwHttp(server);
      Set<String> taken = ConcurrentHashMap.newKeySet();
      ExecutorService pool = Executors.newFixedThreadPool(8);
      long deadlineNanos = System.nanoTime() + MAX_RUN_NANOS;
      List<Future<Integer>> browsers = new ArrayList<>();
      for (int b = 0; b < 8; b++) {
        long seed = 100 + b;
        browsers.add(pool.submit(() -> new Browser(http, new SplittableRandom(seed), taken).run(deadlineNanos)));
      }
      int transitions = 0;
      for (Future<Integer> f : browsers) {
        transitions += f.get(90, TimeUnit.SECONDS);
      }
      pool.shutdown();
      int edges = EDGES.values().stream().mapToInt(List::size).sum();
      assertEquals(EDGE_COUNT, edges);
      System.out.println("TpcwRbeWalkTest: " + transitions + " transitions, " + taken.size() + "/" + edges + " edges, "
          + http.sent() + " requests; " + server.counters().describe());
      assertEquals(edges, taken.size(), "edges taken: " + taken);
      assertEquals(http.sent(), server.counters().requestsServed());
      assertEquals(0, server.counters().clientErrors());
    }
  }

  /** One emulated browser: the RBE's EB state (rbe/EB.java) and its transitions' requests. */
  private static final class Browser {
    private final TpcwHttp http;
    private final SplittableRandom r;
    private final Set<String> taken;
    private String session;
    private int cid = -1;
    private int shop = -1;
    private String firstName;
    private String lastName;

    Browser(TpcwHttp http, SplittableRandom r, Set<String> taken) {
      this.http = http;
      this.r = r;
      this.taken = taken;
    }

    int run(long deadlineNanos) throws Exception {
      int transitions = 0;
      String state = "HOME";
      String html = init();
      String beforeProd = null;
      while (System.nanoTime() < deadlineNanos && taken.size() < EDGE_COUNT) {
        if (r.nextInt(40) == 0) { // the user session's minimum duration ended: a new session
          session = null;
          cid = -1;
          shop = -1;
          firstName = null;
          lastName = null;
          state = "HOME";
          html = init();
          continue;
        }
        List<String> next = EDGES.get(state);
        String to = next.get(r.nextInt(next.size()));
        taken.add(state + "->" + to);
        String source = state.equals("PROD") && to.equals("PROD") ? beforeProd : html;
        String url = request(state, to, source);
        // images on one page in four: the walk is about pages; every image of those is still fetched
        String page = r.nextInt(4) == 0 ? http.pageWithImages(url) : http.page(url);
        after(to, page);
        if (to.equals("PROD") && !state.equals("PROD")) {
          beforeProd = html;
        }
        state = to;
        html = page;
        transitions++;
      }
      return transitions;
    }

    /** INIT -> HOME: 80 % with a C_ID, the session id read from the page (EBWInitTrans). */
    private String init() throws Exception {
      String url = "/tpcw/TPCW_home_interaction";
      if (r.nextInt(10) < 8) {
        cid = 1 + r.nextInt(CUSTOMERS);
        url += "?C_ID=" + cid;
      }
      String page = http.pageWithImages(url);
      session = TpcwHttp.sessionId(page);
      assertNotNull(session, "no session id on the first HOME:\n" + page);
      return page;
    }

    private String request(String from, String to, String html) {
      String uname = null;
      switch (to) {
        case "HOME": return ids("/tpcw/TPCW_home_interaction");
        case "NEWP": return ids("/tpcw/TPCW_new_products_servlet?subject=" + subject());
        case "BESS": return ids("/tpcw/TPCW_best_sellers_servlet?subject=" + subject());
        case "SREQ": return ids("/tpcw/TPCW_search_request_servlet");
        case "CREG": return ids("/tpcw/TPCW_customer_registration_servlet");
        case "ORDI": return ids("/tpcw/TPCW_order_inquiry_servlet");
        case "PROD": {
          List<Integer> items = TpcwHttp.itemIds(html);
          assertTrue(!items.isEmpty(), from + " page without I_ID=:\n" + html);
          return ids("/tpcw/TPCW_product_detail_servlet?I_ID=" + items.get(r.nextInt(items.size())));
        }
        case "SRES": {
          int type = r.nextInt(3);
          String s = type == 0 ? "author&search_string=" + DigSyl.of(r.nextInt(ITEMS / 10 + 1), 7)
              : type == 1 ? "title&search_string=" + DigSyl.of(r.nextInt(ITEMS / 5 + 1), 7) : "subject&search_string=" + subject();
          return ids("/tpcw/TPCW_execute_search?search_type=" + s);
        }
        case "SHOP": {
          if (from.equals("PROD")) {
            return ids("/tpcw/TPCW_shopping_cart_interaction?I_ID=" + firstId(html, "I_ID=") + "&QTY=1&ADD_FLAG=Y");
          }
          if (from.equals("SHOP")) {
            List<Integer> q = TpcwInteractionsTest.quantities(html);
            assertTrue(!q.isEmpty(), "no QTY in the cart page:\n" + html);
            StringBuilder u = new StringBuilder("/tpcw/TPCW_shopping_cart_interaction?ADD_FLAG=N");
            for (int i = 0; i < q.size(); i++) {
              u.append("&qty=").append(q.size() == 1 ? 1 + r.nextInt(10) : r.nextInt(10));
            }
            return ids(u.toString());
          }
          return ids("/tpcw/TPCW_shopping_cart_interaction?ADD_FLAG=N");
        }
        case "BUYR":
          if (cid > 0) {
            uname = DigSyl.of(cid);
            return ids("/tpcw/TPCW_buy_request_servlet?RETURNING_FLAG=Y&UNAME=" + uname + "&PASSWD=" + uname.toLowerCase());
          }
          return ids("/tpcw/TPCW_buy_request_servlet?RETURNING_FLAG=N&FNAME=Abc%26def&LNAME=Xyz%3Cw&STREET_1=1+A+St"
              + "&STREET_2=x&CITY=Y&STATE=Z&ZIP=12345&COUNTRY=Chad&PHONE=123&EMAIL=a%40b&BIRTHDATE=1%2f2%2f1970&DATA=d%25");
        case "BUYC": {
          firstName = TpcwInteractionsTest.name(html, "Firstname:</TD><TD>");
          lastName = TpcwInteractionsTest.name(html, "Lastname: </TD><TD>");
          assertTrue(cid > 0, "C_ID not known transitioning to buy confirm");
          String street = r.nextInt(100) < 5 ? "STREET_1=a&STREET_2=b&CITY=c&STATE=d&ZIP=e&COUNTRY=Chad"
              : "STREET_1=&STREET_2=&CITY=&STATE=&ZIP=&COUNTRY=";
          return ids("/tpcw/TPCW_buy_confirm_servlet?CC_TYPE=VISA&CC_NUMBER=1234567890123456&CC_NAME="
              + munge(firstName) + "+" + munge(lastName) + "&CC_EXPIRY=1%2f2%2f2030&" + street + "&SHIPPING=FEDEX");
        }
        case "ORDD": {
          if (cid < 0) {
            cid = 1 + r.nextInt(CUSTOMERS);
          }
          uname = DigSyl.of(cid);
          return ids("/tpcw/TPCW_order_display_servlet?UNAME=" + uname + "&PASSWD=" + uname.toLowerCase());
        }
        case "ADMR": return ids("/tpcw/TPCW_admin_request_servlet?I_ID=" + firstId(html, "I_ID="));
        case "ADMC": {
          int id = firstId(html, "I_ID\" TYPE=\"hidden\" VALUE=\"");
          int image = 1 + r.nextInt(ITEMS);
          int thumb = 1 + r.nextInt(ITEMS);
          return ids("/tpcw/TPCW_admin_response_servlet?I_NEW_IMAGE=img" + image % 100 + "/image%5F" + image
              + ".gif&I_NEW_THUMBNAIL=img" + thumb % 100 + "/thumb%5F" + thumb + ".gif&I_NEW_COST=" + (1 + r.nextInt(9999))
              + "." + String.format("%02d", r.nextInt(100)) + "&I_ID=" + id);
        }
        default: throw new IllegalStateException(to);
      }
    }

    /** After a page: what the RBE's postProcess reads (EBWShopCartTrans, EBWBuyReqTrans). */
    private void after(String to, String page) {
      if (to.equals("SHOP")) {
        if (cid < 0) {
          cid = TpcwHttp.findId(page, "C_ID=");
        }
        if (shop < 0) {
          shop = TpcwHttp.findId(page, "SHOPPING_ID=");
          assertTrue(shop > 0, "no SHOPPING_ID in the cart page:\n" + page);
        }
      } else if (to.equals("BUYR") && cid < 0) {
        cid = TpcwHttp.findId(page, "C_ID=");
        assertTrue(cid > 0, "no C_ID in the buy request page:\n" + page);
      }
    }

    /** rbe/EB.java addIDs: the session before the query, then C_ID and SHOPPING_ID when known. */
    private String ids(String url) {
      int q = url.indexOf('?');
      String u = q < 0 ? url + ";jsessionid=" + session : url.substring(0, q) + ";jsessionid=" + session + url.substring(q);
      if (cid > 0) {
        u += (u.indexOf('?') < 0 ? "?" : "&") + "C_ID=" + cid;
      }
      if (shop > 0) {
        u += (u.indexOf('?') < 0 ? "?" : "&") + "SHOPPING_ID=" + shop;
      }
      return u;
    }

    private String subject() {
      return Catalog.SUBJECTS.get(r.nextInt(Catalog.SUBJECTS.size()));
    }

    private static int firstId(String html, String tag) {
      int i = html.indexOf(tag);
      assertTrue(i >= 0, "no " + tag + " in:\n" + html);
      int id = TpcwHttp.findId(html.substring(i), tag);
      assertTrue(Character.isDigit(html.charAt(i + tag.length())), "no digits right after " + tag);
      return id;
    }

    /** rbe/RBE.java mungeURL: letters, digits, '.', '/' kept, space '+', the rest %XX. */
    private static String munge(String s) {
      StringBuilder b = new StringBuilder();
      for (char c : s.toCharArray()) {
        if (Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '/') {
          b.append(c);
        } else if (c == ' ') {
          b.append('+');
        } else {
          b.append('%').append(String.format("%02X", (int) c));
        }
      }
      return b.toString();
    }
  }
}
