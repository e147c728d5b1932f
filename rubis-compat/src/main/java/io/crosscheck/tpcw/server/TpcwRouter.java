package io.crosscheck.tpcw.server;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Maps a request target to a {@link TpcwRoute}. The 14 servlets answer at {@code
 * /tpcw/<servlet>} (the RBE's URL is its {@code -WWW} prefix, {@code http://host:port/tpcw/}, plus
 * the servlet name: rbe/RBE.java setURLs), each with an optional {@code ;jsessionid=<id>} path
 * parameter before the query (rbe/RBE.java addSession); images at {@code /tpcw/Images/<name>}. An
 * absolute-form target uses its path. Query strings are decoded as UTF-8 with {@code +} as space
 * ({@code ;} an ordinary character); a bad {@code %} escape or a malformed session id is a 400.
 * Immutable, thread-safe.
 */
final class TpcwRouter {
  /** The path every page and image lives under. */
  static final String PREFIX = "/tpcw/";
  static final String IMAGES = "Images/";
  private static final String SESSION_PARAM = ";jsessionid=";
  private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final int MAX_PARAMS = 256;

  private final BookstoreImages images;

  TpcwRouter(BookstoreImages images) {
    this.images = images;
  }

  TpcwRoute route(String uri) {
    String target = uri;
    if (target.startsWith("http://") || target.startsWith("https://")) {
      int slash = target.indexOf('/', target.indexOf("//") + 2);
      target = slash < 0 ? "/" : target.substring(slash);
    }
    int q = target.indexOf('?');
    String rawPath = q < 0 ? target : target.substring(0, q);
    String rawQuery = q < 0 ? "" : target.substring(q + 1);
    String sessionId = null;
    int semi = rawPath.indexOf(';', rawPath.lastIndexOf('/') + 1);
    if (semi >= 0) {
      String pathParams = rawPath.substring(semi);
      rawPath = rawPath.substring(0, semi);
      if (pathParams.startsWith(SESSION_PARAM)) {
        sessionId = pathParams.substring(SESSION_PARAM.length());
        int next = sessionId.indexOf(';');
        sessionId = next < 0 ? sessionId : sessionId.substring(0, next);
        if (!SESSION_ID.matcher(sessionId).matches()) {
          return rejected("jsessionid: \"" + TpcwParams.shorten(sessionId) + "\": expected 1-64 letters, digits, '.', '_' or '-'");
        }
      }
    }
    TpcwParams params;
    String path;
    try {
      path = QueryStringDecoder.decodeComponent(rawPath, StandardCharsets.UTF_8);
      Map<String, java.util.List<String>> decoded =
          new QueryStringDecoder(rawQuery, StandardCharsets.UTF_8, false, MAX_PARAMS, true).parameters();
      params = new TpcwParams(decoded);
    } catch (IllegalArgumentException e) {
      return rejected("malformed %-escape in the request target");
    }
    if (!path.startsWith(PREFIX)) {
      return new TpcwRoute(TpcwInteraction.NOT_FOUND, sessionId, params, null, null);
    }
    String rest = path.substring(PREFIX.length());
    if (rest.startsWith(IMAGES)) {
      String name = rest.substring(IMAGES.length());
      return images.image(name) != null
          ? new TpcwRoute(TpcwInteraction.IMAGE, sessionId, params, name, null)
          : new TpcwRoute(TpcwInteraction.NOT_FOUND, sessionId, params, null, null);
    }
    TpcwInteraction interaction = TpcwInteraction.ofServlet(rest);
    return new TpcwRoute(interaction == null ? TpcwInteraction.NOT_FOUND : interaction, sessionId, params, null, null);
  }

  private static TpcwRoute rejected(String message) {
    return new TpcwRoute(TpcwInteraction.NOT_FOUND, null, new TpcwParams(Map.of()), null, Rejection.badRequest(message));
  }
}
