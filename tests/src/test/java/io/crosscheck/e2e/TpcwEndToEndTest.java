package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.TpcwSupport;
import io.crosscheck.tpcw.TpcwMix;
import io.crosscheck.tpcw.TpcwState;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-W end to end (issue 14): 100 emulated browsers per mix for 60 s, think times x0.1 (-TT 0.1),
 * in each engine against the embedded bookstore — all nine runs at once, one bookstore. Each engine
 * fetches every page's images (-GETIM true, about 7 requests a page) in one mix, and each mix is run
 * with images by one engine (a Latin square: browsing-netty, shopping-legacy-urlconnection,
 * ordering-legacy-httpclient); the other six runs fetch the pages alone. With images in all nine, the
 * runs were CPU-bound at 65-93 pages a second each in CI (100 s for 7,651-10,358 pages); on a host
 * where they are not, the think times bound them at ~150 pages a second. The Latin square halved the
 * class's CPU (154 s to 72 s in 50 s runs, 7,252-7,895 pages a run, 2026-11-27); 60 s leaves the
 * slower host's CPU-bound runs above the 5,000 pages asserted. Asserts
 * zero client errors (and none in the RBE's sense), a state mix within a few points of the mix's
 * stationary distribution, and that the carts and orders the browsers wrote are visible in later
 * pages. Tagged heavy: the main JDK only.
 */
@Tag("heavy")
// runs alone (serial-tests in pom.xml): its nine runs fill both cores, and beside another test (or on a
// busy host) the 1-minute runs fell short of the 5,000 pages asserted (4,200-5,300 at load 28)
@Tag("serial")
class TpcwEndToEndTest {
  private static final String[] ENGINES = {"netty", "legacy-urlconnection", "legacy-httpclient"};
  private static final String[] MIXES = {"browsing", "shopping", "ordering"};
  /** The measured interval, -MI: see the class comment for the pages it gave. */
  private static final String MEASURED_SECONDS = "60";
  /** "A few points": each state's share of the pages within this many percentage points. */
  private static final double MAX_SHARE_POINTS = 3.0;
  private static final Pattern SESSION = Pattern.compile(";jsessionid=([^?&]+)");
  private static final Pattern SHOPPING_ID = Pattern.compile("[?&]SHOPPING_ID=(\\d+)");
  private static final Pattern ADDED = Pattern.compile("ADD_FLAG=Y&I_ID=(\\d+)");
  private static final Pattern UNAME = Pattern.compile("[?&]UNAME=([^&]+)&PASSWD=([^&]+)");
  private static final Pattern ORDER_DATE = Pattern.compile("Order Date: ([^<]+)<BR>");

  @Test
  void everyMixRunsCleanInEveryEngineFollowsItsMixAndItsCartsAndOrdersAreVisibleLater(@TempDir Path out)
      throws Exception {
    Instant start = Instant.now();
    try (EmbeddedSite site = TpcwSupport.find().orElseThrow().startServer("127.0.0.1", 0, false, 1000, 10000)) {
      ExecutorService pool = Executors.newFixedThreadPool(ENGINES.length * MIXES.length);
      Map<String, Future<CliRun>> runs = new LinkedHashMap<>();
      java.util.Set<String> withImages = new java.util.HashSet<>();
      int seed = 1;
      for (int m = 0; m < MIXES.length; m++) {
        for (int e = 0; e < ENGINES.length; e++) {
          String mix = MIXES[m];
          String engine = ENGINES[e];
          String name = mix + "-" + engine;
          String s = String.valueOf(seed++);
          // each engine fetches the images in one mix, each mix in one engine (a Latin square)
          String images = String.valueOf(m == e);
          if (m == e) {
            withImages.add(name);
          }
          runs.put(name, pool.submit(() -> CliRun.run(out.resolve(name), "run", "--tpcw", mix, "--engine", engine,
              "--target", site.baseUrl(), "-EB", "100", "-TT", "0.1", "-RU", "5", "-MI", MEASURED_SECONDS, "-RD", "0",
              "-GETIM", images, "--seed", s, "--timing", "nanos", "--request-timeout", "30s")));
        }
      }
      pool.shutdown();
      List<String> problems = new ArrayList<>(); // every run is checked before the test fails
      List<String[]> orders = new ArrayList<>(); // UNAME, PASSWD of customers who bought in a run
      List<String[]> carts = new ArrayList<>(); // jsessionid, SHOPPING_ID, I_ID last added
      for (Map.Entry<String, Future<CliRun>> e : runs.entrySet()) {
        CliRun run = e.getValue().get();
        String name = e.getKey();
        assertEquals(0, run.exitCode, name + ": " + run.err);
        List<RequestRecord> records = run.records();
        // the legacy engines end the requests in flight at the deadline as aborted: no error
        List<RequestRecord> failed = records.stream().filter(r -> r.outcome() != Outcome.ABORTED
            && (r.outcome() != Outcome.OK || r.status() != 200)).toList();
        System.out.printf(Locale.ROOT, "[tpcw e2e] %s: %,d requests, %,d failed%s%n", name, records.size(),
            failed.size(), failed.isEmpty() ? "" : ", the first: " + failed.get(0));
        if (!failed.isEmpty()) {
          problems.add(name + ": zero client errors among " + records.size() + " requests, but " + failed.size()
              + " failed, the first: " + failed.get(0));
        }
        JsonNode outcomes = run.runJson().get("scriptOutcomes");
        if (outcomes == null || !outcomes.asText().startsWith("none of the RBE's failure modes observed")) {
          problems.add(name + ": no error in the RBE's sense either: " + outcomes);
        }
        try {
          assertStateMix(name, TpcwSupport.Mix.valueOf(name.substring(0, name.indexOf('-')).toUpperCase(Locale.ROOT)),
              records);
        } catch (AssertionError mix) {
          problems.add(mix.getMessage());
        }
        // -GETIM did what it says: image requests beside the pages, or none
        long pageRequests = records.stream().filter(r -> TpcwState.ofTarget(r.url()) != null).count();
        if (withImages.contains(name) ? records.size() < 2 * pageRequests : records.size() != pageRequests) {
          problems.add(name + ": " + (withImages.contains(name) ? "images fetched" : "no image fetched") + ", but "
              + records.size() + " requests for " + pageRequests + " pages");
        }
        collectWrites(records, orders, carts);
      }
      assertWritesVisible(site.baseUrl(), start, orders, carts);
      System.out.println("[tpcw e2e] bookstore: " + site.describeCounters());
      assertEquals(List.of(), problems);
    }
  }

  /** Page requests per state (images aside) against the mix's stationary shares. */
  private static void assertStateMix(String name, TpcwSupport.Mix mix, List<RequestRecord> records) {
    double[] expected = TpcwMix.shipped(mix).stationaryShares();
    Map<TpcwState, Long> counts = new EnumMap<>(TpcwState.class);
    long pages = 0;
    for (RequestRecord r : records) {
      TpcwState s = TpcwState.ofTarget(r.url());
      if (s != null && r.outcome() == Outcome.OK) {
        counts.merge(s, 1L, Long::sum);
        pages++;
      }
    }
    assertTrue(pages > 5_000, name + ": " + pages + " pages");
    StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
        "[tpcw e2e] %s: %,d pages, %,d requests; state observed%% stationary%%:", name, pages, records.size()));
    double worst = 0;
    List<String> wrong = new ArrayList<>();
    for (TpcwState s : TpcwState.values()) {
      double observed = 100.0 * counts.getOrDefault(s, 0L) / pages;
      double share = 100.0 * expected[s.ordinal()];
      worst = Math.max(worst, Math.abs(observed - share));
      report.append(String.format(Locale.ROOT, " %s %.2f/%.2f", s.label(), observed, share));
      if (share == 0 && observed > 0) {
        wrong.add(s.label());
      }
    }
    report.append(String.format(Locale.ROOT, "; worst %.2f points", worst));
    System.out.println(report);
    assertTrue(wrong.isEmpty(), name + ": states the mix never reaches were visited: " + wrong);
    assertTrue(worst <= MAX_SHARE_POINTS, name + ": every state within " + MAX_SHARE_POINTS + " points\n" + report);
  }

  /**
   * Per session, in order: a returning customer's log-in (BUYR with UNAME and PASSWD) followed by a
   * buy confirm answered 200 wrote an order that customer's order display must show; an add to cart
   * with no later refresh or buy confirm left that item in the session's cart.
   */
  private static void collectWrites(List<RequestRecord> records, List<String[]> orders, List<String[]> carts) {
    Map<Long, List<RequestRecord>> bySession = new TreeMap<>();
    for (RequestRecord r : records) {
      if (r.outcome() == Outcome.OK && TpcwState.ofTarget(r.url()) != null) {
        bySession.computeIfAbsent(r.sessionId(), k -> new ArrayList<>()).add(r);
      }
    }
    for (List<RequestRecord> pages : bySession.values()) {
      pages.sort(Comparator.comparingInt(RequestRecord::seq));
      String[] login = null;
      String[] cart = null;
      for (RequestRecord r : pages) {
        TpcwState s = TpcwState.ofTarget(r.url());
        Matcher u = UNAME.matcher(r.url());
        if (s == TpcwState.BUYR && u.find()) {
          login = new String[] {u.group(1), u.group(2)};
        } else if (s == TpcwState.BUYC) {
          if (login != null) {
            orders.add(login);
          }
          cart = null;
        } else if (s == TpcwState.SHOP) {
          Matcher added = ADDED.matcher(r.url());
          Matcher sid = SESSION.matcher(r.url());
          Matcher shop = SHOPPING_ID.matcher(r.url());
          if (added.find() && sid.find() && shop.find()) {
            cart = new String[] {sid.group(1), shop.group(1), added.group(1)};
          } else if (r.url().contains("qty=")) {
            cart = null; // a refresh may set the item's quantity to 0
          }
        }
      }
      if (cart != null) {
        carts.add(cart);
      }
    }
  }

  private static void assertWritesVisible(String baseUrl, Instant start, List<String[]> orders, List<String[]> carts)
      throws Exception {
    assertTrue(orders.size() >= 10, "returning customers bought: " + orders.size());
    assertTrue(carts.size() >= 10, "carts left with an added item: " + carts.size());
    HttpClient http = HttpClient.newHttpClient();
    int ordersSeen = 0;
    for (String[] o : orders.subList(0, Math.min(30, orders.size()))) {
      String body = get(http, baseUrl + "/tpcw/TPCW_order_display_servlet?UNAME=" + o[0] + "&PASSWD=" + o[1]);
      Matcher date = ORDER_DATE.matcher(body);
      assertTrue(date.find(), "customer " + o[0] + " bought in the run; the order display shows an order:\n" + body);
      assertTrue(!Instant.parse(date.group(1).trim()).isBefore(start.minusSeconds(1)),
          "customer " + o[0] + "'s last order was placed during the runs: " + date.group(1));
      ordersSeen++;
    }
    int cartsSeen = 0;
    for (String[] c : carts.subList(0, Math.min(30, carts.size()))) {
      String body = get(http, baseUrl + "/tpcw/TPCW_shopping_cart_interaction;jsessionid=" + c[0]
          + "?ADD_FLAG=N&SHOPPING_ID=" + c[1]);
      // a cart line: <INPUT TYPE="HIDDEN" NAME="I_ID_k" value="ID"> beside its NAME="QTY_k" input
      assertTrue(Pattern.compile("NAME=\"I_ID_\\d+\" value=\"" + c[2] + "\"").matcher(body).find(),
          "cart " + c[1] + " still holds item " + c[2] + ":\n" + body);
      cartsSeen++;
    }
    System.out.printf(Locale.ROOT, "[tpcw e2e] writes visible later: %d of %d orders checked (of %d bought by"
        + " returning customers), %d of %d carts checked (of %d left with an added item)%n", ordersSeen,
        Math.min(30, orders.size()), orders.size(), cartsSeen, Math.min(30, carts.size()), carts.size());
  }

  private static String get(HttpClient http, String url) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), url + ": " + r.body());
    return r.body();
  }
}
