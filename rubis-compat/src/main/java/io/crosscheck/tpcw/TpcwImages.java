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
   * RFC 3986 section 5.2.4 on an absolute path: the segments after the first '/' ({@code "."}
   * dropped, {@code ".."} dropping the one before; either as the last segment leaves an empty one),
   * joined after a '/'. (Text before the first '/' is dropped; callers pass paths that start with
   * one.)
   */
  static String removeDots(String path) {
    int first = path.indexOf('/');
    if (first == 0 && path.indexOf("/.") < 0) {
      return path; // no dot segment: the segments joined again are the path
    }
    if (first < 0) {
      return "/";
    }
    // out is "/" + the kept segments joined by '/'; ends[k] is its length before segment k was kept
    StringBuilder out = new StringBuilder(path.length()).append('/');
    int[] ends = new int[path.length() + 1];
    int kept = 0;
    int start = first + 1;
    while (true) {
      int slash = path.indexOf('/', start);
      boolean last = slash < 0;
      int end = last ? path.length() : slash;
      int length = end - start;
      if (length == 1 && path.charAt(start) == '.') {
        if (last) {
          kept = keep(out, ends, kept, path, start, start);
        }
      } else if (length == 2 && path.charAt(start) == '.' && path.charAt(start + 1) == '.') {
        if (kept > 0) {
          out.setLength(ends[--kept]);
        }
        if (last) {
          kept = keep(out, ends, kept, path, start, start);
        }
      } else {
        kept = keep(out, ends, kept, path, start, end);
      }
      if (last) {
        return out.toString();
      }
      start = slash + 1;
    }
  }

  /** Appends path[from, to) as the next kept segment; returns the segments kept. */
  private static int keep(StringBuilder out, int[] ends, int kept, String path, int from, int to) {
    ends[kept] = out.length();
    if (kept > 0) {
      out.append('/');
    }
    out.append(path, from, to);
    return kept + 1;
  }
}
