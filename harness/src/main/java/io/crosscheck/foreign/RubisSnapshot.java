package io.crosscheck.foreign;

import io.crosscheck.spi.RubisSupport;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A static copy of the pages a browsing RUBiS user visits, fetched from the embedded RUBiS server
 * and written into a foreign server's docroot, so lighttpd and Apache serve the same bytes the
 * embedded server would (issue 16: a static snapshot, not a proxy, so that the figures show the
 * front server's connection handling and not the embedded server's queueing behind it).
 *
 * <p>The pages, followed as links from the home page in the PHP URL space, first links first: home,
 * browse, the category and region lists, 4 categories' item lists, 2 regions' category lists and
 * one item list of each, 12 items, and the bid history and seller of the first 6 of them (36
 * pages, about 1-7 KB each), plus the images they embed. Static servers ignore query strings, so
 * each page is written under a query-free path: {@code /PHP/ViewItem.php?itemId=3} becomes {@code
 * /PHP/ViewItem-itemId-3.html} (keys and values, runs of other characters as {@code _}); links
 * inside the pages are left as the server wrote them. Images keep their path
 * ({@code /PHP/bid_now.jpg}), so a browser-like client finds them.
 *
 * @param pages the pages' paths in the order above, for a {@code --url-file}
 * @param resources the embedded images' paths
 * @param bytes the bytes written, pages and images
 */
public record RubisSnapshot(List<String> pages, List<String> resources, long bytes) {
  private static final Pattern HREF = Pattern.compile("href=\"([^\"]+)\"");
  private static final Pattern IMG = Pattern.compile("(?i)<img[^>]*\\ssrc=\"([^\"]+)\"");
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** Immutable copies. */
  public RubisSnapshot {
    pages = List.copyOf(pages);
    resources = List.copyOf(resources);
  }

  /**
   * Starts the embedded RUBiS server on 127.0.0.1 (a free port), writes the snapshot into {@code
   * docroot} and stops the server.
   *
   * @throws IOException naming the URL that could not be fetched or the file that could not be
   *     written
   */
  public static RubisSnapshot write(RubisSupport rubis, Path docroot) throws IOException {
    try (RubisSupport.Server server = rubis.startServer("127.0.0.1", 0, false)) {
      return write(server.baseUrl(), docroot);
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("the embedded RUBiS server did not start: " + e.getMessage(), e);
    }
  }

  /** Writes the snapshot of the RUBiS site at {@code baseUrl} ({@code http://HOST:PORT}) into {@code docroot}. */
  public static RubisSnapshot write(String baseUrl, Path docroot) throws IOException {
    Fetcher f = new Fetcher(baseUrl, docroot);
    String browse = f.page("/PHP/index.html");
    f.page("/PHP/browse.html");
    String categories = f.page("/PHP/BrowseCategories.php");
    String regions = f.page("/PHP/BrowseRegions.php");
    List<String> itemLists = new ArrayList<>();
    for (String category : links(categories, "/PHP/SearchItemsByCategory.php?", 4)) {
      itemLists.add(f.page(category));
    }
    for (String region : links(regions, "/PHP/BrowseCategories.php?region=", 2)) {
      for (String list : links(f.page(region), "/PHP/SearchItemsByRegion.php?", 1)) {
        f.page(list);
      }
    }
    List<String> items = new ArrayList<>();
    for (String list : itemLists) {
      items.addAll(links(list, "/PHP/ViewItem.php?", 3));
    }
    List<String> itemPages = new ArrayList<>();
    for (String item : items) {
      itemPages.add(f.page(item));
    }
    for (String page : itemPages.subList(0, Math.min(6, itemPages.size()))) {
      for (String link : links(page, "/PHP/ViewBidHistory.php?", 1)) {
        f.page(link);
      }
      for (String link : links(page, "/PHP/ViewUserInfo.php?", 1)) {
        f.page(link);
      }
    }
    if (browse.isEmpty() || items.isEmpty()) {
      throw new IOException(baseUrl + " does not look like the RUBiS site: no items linked from its category pages");
    }
    for (String image : f.images) {
      f.fetch(image, image);
      f.resources.add(image);
    }
    return new RubisSnapshot(f.pages, f.resources, f.bytes);
  }

  /**
   * The query-free path a page is written under: {@code /PHP/X.php?a=1&b=c d} becomes {@code
   * /PHP/X-a-1-b-c_d.html}; a path without a query keeps its name, {@code .php} becoming {@code
   * .html}.
   */
  public static String staticPath(String url) {
    int q = url.indexOf('?');
    String path = q < 0 ? url : url.substring(0, q);
    String base = path.endsWith(".php") ? path.substring(0, path.length() - 4) : path;
    if (q < 0) {
      return path.endsWith(".php") ? base + ".html" : path;
    }
    StringBuilder s = new StringBuilder(base);
    for (String pair : url.substring(q + 1).split("&")) {
      for (String part : pair.split("=", 2)) {
        String decoded = URLDecoder.decode(part, StandardCharsets.UTF_8).replaceAll("[^A-Za-z0-9]+", "_");
        s.append('-').append(decoded);
      }
    }
    return s.append(".html").toString();
  }

  /** The first {@code limit} distinct links of {@code html} starting with {@code prefix}. */
  private static List<String> links(String html, String prefix, int limit) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = HREF.matcher(html);
    while (m.find() && out.size() < limit) {
      String href = m.group(1).replace("&amp;", "&");
      if (href.startsWith(prefix)) {
        out.add(href);
      }
    }
    return new ArrayList<>(out);
  }

  /** Fetches over one HTTP/1.1 client and writes files; remembers what it wrote. */
  private static final class Fetcher {
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(TIMEOUT).build();
    private final String baseUrl;
    private final Path docroot;
    private final List<String> pages = new ArrayList<>();
    private final List<String> resources = new ArrayList<>();
    private final Set<String> images = new LinkedHashSet<>();
    private long bytes;

    Fetcher(String baseUrl, Path docroot) {
      this.baseUrl = baseUrl;
      this.docroot = docroot;
    }

    /** Fetches a page once (later calls return it again without a second request). */
    String page(String url) throws IOException {
      String path = staticPath(url);
      Path file = file(path);
      if (pages.contains(path)) {
        return Files.readString(file, StandardCharsets.ISO_8859_1);
      }
      byte[] body = fetch(url, path);
      pages.add(path);
      String html = new String(body, StandardCharsets.ISO_8859_1);
      Matcher m = IMG.matcher(html);
      while (m.find()) {
        if (m.group(1).startsWith("/") && !m.group(1).contains("?")) {
          images.add(m.group(1));
        }
      }
      return html;
    }

    byte[] fetch(String url, String path) throws IOException {
      HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + url)).timeout(TIMEOUT).GET().build();
      HttpResponse<byte[]> response;
      try {
        response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("GET " + baseUrl + url + ": interrupted");
      }
      if (response.statusCode() != 200) {
        throw new IOException("GET " + baseUrl + url + ": status " + response.statusCode() + ", expected 200");
      }
      Path file = file(path);
      Files.createDirectories(file.getParent());
      Files.write(file, response.body());
      bytes += response.body().length;
      return response.body();
    }

    private Path file(String path) throws IOException {
      Path file = docroot.resolve(path.substring(1)).normalize();
      if (!file.startsWith(docroot.normalize())) {
        throw new IOException("\"" + path + "\" would be written outside " + docroot);
      }
      return file;
    }
  }
}
