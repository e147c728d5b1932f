package io.crosscheck.tpcw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.ServiceDemand;
import io.crosscheck.tpcw.server.TpcwServer;
import io.crosscheck.tpcw.server.TpcwServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link TpcwImages#resolve} scans by hand; it gives what the pattern-and-split version before it
 * gave (kept here as {@link Before}), for every image of the bookstore's real pages against those
 * pages' own targets (session id and query included), and for generated references with dot
 * segments, schemes, queries and fragments.
 */
class TpcwImagesResolveTest {
  @Test
  void everyImageOfTheBookstoresPagesResolvesAsBefore() throws Exception {
    TpcwServerConfig config = TpcwServerConfig.defaults().withDatabase(1000, 1000).withAllDemands(ServiceDemand.none());
    try (TpcwServer server = TpcwServer.start(config)) {
      HttpClient client = HttpClient.newHttpClient();
      String home = get(client, server, "/tpcw/TPCW_home_interaction?C_ID=5");
      String session = ";jsessionid=" + TpcwScanner.sessionId(home);
      List<String> targets = List.of("/tpcw/TPCW_home_interaction?C_ID=5",
          "/tpcw/TPCW_home_interaction" + session + "?C_ID=5",
          "/tpcw/TPCW_new_products_servlet" + session + "?subject=ARTS&C_ID=5",
          "/tpcw/TPCW_best_sellers_servlet" + session + "?subject=COOKING",
          "/tpcw/TPCW_product_detail_servlet" + session + "?I_ID=7&C_ID=5",
          "/tpcw/TPCW_search_request_servlet" + session,
          "/tpcw/TPCW_execute_search" + session + "?search_type=subject&search_string=ARTS",
          "/tpcw/TPCW_shopping_cart_interaction" + session + "?ADD_FLAG=Y&I_ID=7&C_ID=5",
          "/tpcw/TPCW_customer_registration_servlet" + session + "?C_ID=5",
          "/tpcw/TPCW_order_inquiry_servlet" + session,
          "/tpcw/TPCW_admin_request_servlet" + session + "?I_ID=7");
      int images = 0;
      for (String target : targets) {
        String page = get(client, server, target);
        for (String source : TpcwScanner.images(page).sources()) {
          String rewritten = TpcwScanner.rewriteImage(source);
          assertEquals(Before.resolve(target, rewritten), TpcwImages.resolve(target, rewritten), target + " " + source);
          assertTrue(TpcwImages.resolve(target, rewritten).startsWith("/tpcw/Images/"), rewritten);
          images++;
        }
      }
      assertTrue(images > 50, images + " images on the pages");
    }
  }

  @Test
  void generatedReferencesResolveAsBefore() {
    Random random = new Random(11);
    String[] parts = {"", ".", "..", "a", "tpcw", "Images", "x.gif", "..x", ".x", "...", "img1"};
    String[] schemes = {"", "", "", "http:", "HTTP:", "https:", "ftp:", "javascript:", "a+b.c-d:", "1a:", "http:/",
        "http://h", "//h", "//h:80", "?", "#", "/"};
    String[] bases = {"/tpcw/TPCW_home_interaction;jsessionid=S1?C_ID=1", "/", "/a/b/c", "/a/b/", "/a/./b/../c?x=/..",
        "/tpcw/x#frag", "/a?q#f"};
    for (int i = 0; i < 50_000; i++) {
      StringBuilder ref = new StringBuilder(schemes[random.nextInt(schemes.length)]);
      int segments = random.nextInt(6);
      for (int s = 0; s < segments; s++) {
        if (s > 0 || random.nextBoolean()) {
          ref.append('/');
        }
        ref.append(parts[random.nextInt(parts.length)]);
      }
      if (random.nextInt(4) == 0) {
        ref.append('?').append(parts[random.nextInt(parts.length)]).append("/../b");
      }
      if (random.nextInt(6) == 0) {
        ref.append('#').append(parts[random.nextInt(parts.length)]);
      }
      String base = bases[random.nextInt(bases.length)];
      assertEquals(Before.resolve(base, ref.toString()), TpcwImages.resolve(base, ref.toString()), base + " " + ref);
    }
    for (String path : new String[] {"", "a", "a/b", "/", "//", "/.", "/..", "/./", "/../a", "/a/..", "/a/../..",
        "a/./b", "x/../y/", "/a//b/../c/."}) {
      assertEquals(Before.removeDots(path), TpcwImages.removeDots(path), path);
    }
  }

  private static String get(HttpClient client, TpcwServer server, String target) throws Exception {
    HttpResponse<byte[]> reply = client.send(java.net.http.HttpRequest.newBuilder(URI.create(server.baseUrl() + target))
        .build(), HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(200, reply.statusCode(), target);
    return new String(reply.body(), StandardCharsets.ISO_8859_1);
  }

  /** TpcwImages.resolve as it was written with a scheme pattern and String.split (the reference). */
  private static final class Before {
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    static String resolve(String base, String ref) {
      int hash = ref.indexOf('#');
      if (hash >= 0) {
        ref = ref.substring(0, hash);
      }
      if (SCHEME.matcher(ref).find()) {
        String lower = ref.toLowerCase(java.util.Locale.ROOT);
        if (!lower.startsWith("http:") && !lower.startsWith("https:")) {
          return null;
        }
        ref = ref.substring(ref.indexOf(':') + 1);
        if (!ref.startsWith("//")) {
          return resolve(base, ref);
        }
      }
      if (ref.startsWith("//")) {
        int slash = ref.indexOf('/', 2);
        int query = ref.indexOf('?', 2);
        if (slash < 0 && query < 0) {
          return "/";
        }
        int cut = slash < 0 ? query : query < 0 ? slash : Math.min(slash, query);
        String rest = ref.substring(cut);
        return rest.startsWith("?") ? "/" + rest : removeDots(rest);
      }
      String basePath = base;
      int q = basePath.indexOf('?');
      if (q >= 0) {
        basePath = basePath.substring(0, q);
      }
      if (ref.isEmpty()) {
        return base.contains("#") ? base.substring(0, base.indexOf('#')) : base;
      }
      if (ref.startsWith("?")) {
        return basePath + ref;
      }
      if (ref.startsWith("/")) {
        return withQuery(ref);
      }
      String directory = basePath.substring(0, basePath.lastIndexOf('/') + 1);
      return withQuery(directory + ref);
    }

    private static String withQuery(String target) {
      int q = target.indexOf('?');
      String path = q < 0 ? target : target.substring(0, q);
      String query = q < 0 ? "" : target.substring(q);
      return removeDots(path) + query;
    }

    /** The split-and-join before the fast path, which TpcwImages keeps for paths with a dot segment. */
    static String removeDots(String path) {
      return TpcwImages.removeDotsBySegments(path);
    }
  }
}
