package io.crosscheck.server;

import java.util.Locale;

/**
 * Where one request goes in the {@link EmbeddedServer}: the parsed request path (query string and
 * fragment ignored). Sizes are in bytes, with suffixes {@code k}, {@code m}, {@code g} meaning
 * 1024, 1024², 1024³. Immutable.
 */
sealed interface Route {

  /** The paths the server knows, for the 404 body and the {@code serve} banner. */
  String PATHS =
      "/static/SIZE, /chunked/SIZE, /close/SIZE, /fault/stall, /fault/reset, /fault/garbage,"
          + " /fault/close-mid-body, /fault/status/CODE";

  /** {@code /static/SIZE}: a body of {@code sizeBytes} with Content-Length. */
  record Static(int sizeBytes) implements Route {}

  /** {@code /chunked/SIZE}: a body of {@code sizeBytes} in several chunks. */
  record Chunked(int sizeBytes) implements Route {}

  /** {@code /close/SIZE}: a body of {@code sizeBytes} delimited by closing the connection. */
  record Close(int sizeBytes) implements Route {}

  /** {@code /fault/status/CODE}: a small reply with that status. */
  record Status(int code) implements Route {}

  /** {@code /fault/stall}, {@code /fault/reset}, {@code /fault/garbage}, {@code /fault/close-mid-body}. */
  record Fault(FaultKind kind) implements Route {}

  /** A known prefix with an unusable parameter; answered 400 with {@code reason}. */
  record BadRequest(String reason) implements Route {}

  /** Anything else; answered 404. */
  record NotFound() implements Route {}

  /** The faults that misbehave on purpose, see {@link FaultResponder}. */
  enum FaultKind {
    STALL,
    RESET,
    GARBAGE,
    CLOSE_MID_BODY
  }

  /** Routes a request target such as {@code /static/2k?x=1}. */
  static Route of(String uri) {
    String path = uri;
    int cut = indexOfAny(path, '?', '#');
    if (cut >= 0) {
      path = path.substring(0, cut);
    }
    if (path.startsWith("http://") || path.startsWith("https://")) {
      // Absolute form (a proxy-style request target): route on its path.
      int slash = path.indexOf('/', path.indexOf("//") + 2);
      path = slash < 0 ? "/" : path.substring(slash);
    }
    if (path.startsWith("/static/")) {
      return sized(path.substring("/static/".length()), Static::new);
    }
    if (path.startsWith("/chunked/")) {
      return sized(path.substring("/chunked/".length()), Chunked::new);
    }
    if (path.startsWith("/close/")) {
      return sized(path.substring("/close/".length()), Close::new);
    }
    switch (path) {
      case "/fault/stall":
        return new Fault(FaultKind.STALL);
      case "/fault/reset":
        return new Fault(FaultKind.RESET);
      case "/fault/garbage":
        return new Fault(FaultKind.GARBAGE);
      case "/fault/close-mid-body":
        return new Fault(FaultKind.CLOSE_MID_BODY);
      default:
        break;
    }
    if (path.startsWith("/fault/status/")) {
      String code = path.substring("/fault/status/".length());
      if (code.length() == 3 && code.chars().allMatch(Character::isDigit)) {
        int c = Integer.parseInt(code);
        if (c >= 200 && c <= 599) {
          return new Status(c);
        }
      }
      return new BadRequest("\"" + code + "\": expected a status code in 200..599");
    }
    return new NotFound();
  }

  /**
   * Parses {@code 100}, {@code 2k}, {@code 1m} into bytes; -1 if it is not a size, -2 if it is above
   * {@link ContentCache#MAX_BODY_BYTES}.
   */
  static long parseSizeBytes(String text) {
    if (text.isEmpty()) {
      return -1;
    }
    char last = Character.toLowerCase(text.charAt(text.length() - 1));
    int shift = last == 'k' ? 10 : last == 'm' ? 20 : last == 'g' ? 30 : 0;
    String digits = shift == 0 ? text : text.substring(0, text.length() - 1);
    if (digits.isEmpty() || digits.length() > 10 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return -1;
    }
    long bytes = Long.parseLong(digits) << shift;
    return bytes > ContentCache.MAX_BODY_BYTES ? -2 : bytes;
  }

  private static Route sized(String text, java.util.function.IntFunction<Route> make) {
    long bytes = parseSizeBytes(text);
    if (bytes == -1) {
      return new NotFound();
    }
    if (bytes == -2) {
      return new BadRequest("\"" + text + "\": expected a size of at most " + (ContentCache.MAX_BODY_BYTES >> 20) + "m");
    }
    return make.apply((int) bytes);
  }

  private static int indexOfAny(String s, char a, char b) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == a || c == b) {
        return i;
      }
    }
    return -1;
  }

  /** Lower-case name used in logs. */
  static String name(FaultKind kind) {
    return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
