package io.crosscheck.tpcw;

import java.util.ArrayList;
import java.util.List;

/**
 * Where and in which order the RBE fetches a page's images. Pure functions.
 *
 * <p>Order (EB.getHTML, EB.java:400-440): the EB keeps the list of found images and, in rounds,
 * reads 4 KB from each of the list's last {@code -CON} entries in list order, dropping an image
 * once read whole. With images of one 4 KB read each (the bookstore's GIFs), it opens them in
 * windows of {@code -CON} taken from the end of the list, each window in list order: for 10
 * images and -CON 4, 6 7 8 9, then 2 3 4 5, then 0 1.
 *
 * <p>Every image of every page is resolved, so {@link #resolve} scans by hand (no pattern, no
 * split): most requests of a TPC-W run are images.
 */
final class TpcwImages {
  private TpcwImages() {}

  /** The images in the RBE's opening order for {@code connections} (-CON >= 1). */
  static List<String> openingOrder(List<String> found, int connections) {
    List<String> out = new ArrayList<>(found.size());
    int max = found.size();
    while (max > 0) {
      int min = Math.max(max - connections, 0);
      out.addAll(found.subList(min, max));
      max = min;
    }
    return out;
  }

  /**
   * The request target of {@code ref} resolved against the page's target {@code base} (a path
   * and query), as {@code new URL(pageUrl, ref)} does for the references a page holds (RFC 3986
   * reference resolution: dot segments removed, the fragment dropped). An absolute {@code http:}
   * or {@code https:} reference, or a network-path one ({@code //host/...}), gives its path and
   * query: crosscheck sends every request to the run's target. Null for another scheme (the
   * RBE's MalformedURLException: "Malformed image URL.").
   */
  static String resolve(String base, String ref) {
    int hash = ref.indexOf('#');
    if (hash >= 0) {
      ref = ref.substring(0, hash);
    }
    if (hasScheme(ref)) {
      String lower = ref.toLowerCase(java.util.Locale.ROOT);
      if (!lower.startsWith("http:") && !lower.startsWith("https:")) {
        return null;
      }
      ref = ref.substring(ref.indexOf(':') + 1);
      if (!ref.startsWith("//")) {
        // "http:x" is relative to the base in java.net.URL when the schemes match
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
      return withQuery(ref, true);
    }
    String directory = basePath.substring(0, basePath.lastIndexOf('/') + 1);
    return withQuery(directory + ref, true);
  }

  /** Whether {@code ref} starts with a URI scheme and its colon: {@code ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"}. */
  static boolean hasScheme(String ref) {
    if (ref.isEmpty() || !isAlpha(ref.charAt(0))) {
      return false;
    }
    for (int i = 1; i < ref.length(); i++) {
      char c = ref.charAt(i);
      if (c == ':') {
        return true;
      }
      if (!isAlpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '.' && c != '-') {
        return false;
      }
    }
    return false;
  }

  private static boolean isAlpha(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  private static String withQuery(String target, boolean clean) {
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    String query = q < 0 ? "" : target.substring(q);
    return (clean ? removeDots(path) : path) + query;
  }

  /**
   * RFC 3986 section 5.2.4 on an absolute path. A path with no dot segment (every path of the
   * bookstore's pages) is returned as it is: split and joined again it is the same.
   */
  static String removeDots(String path) {
    return path.startsWith("/") && !path.contains("/.") ? path : removeDotsBySegments(path);
  }

  /**
   * RFC 3986 section 5.2.4 by segments: those after the first '/' ({@code "."} dropped, {@code ".."}
   * dropping the one before; either as the last segment leaves an empty one), joined after a '/'.
   */
  static String removeDotsBySegments(String path) {
    String[] segments = path.split("/", -1);
    List<String> out = new ArrayList<>();
    for (int i = 1; i < segments.length; i++) {
      String s = segments[i];
      boolean last = i == segments.length - 1;
      if (s.equals(".")) {
        if (last) {
          out.add("");
        }
      } else if (s.equals("..")) {
        if (!out.isEmpty()) {
          out.remove(out.size() - 1);
        }
        if (last) {
          out.add("");
        }
      } else {
        out.add(s);
      }
    }
    return "/" + String.join("/", out);
  }
}
