package io.crosscheck.rubis;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Reads values out of the previous page the way the RUBiS client does. A value starts right after
 * its key and runs to the first {@code "}, {@code ?}, {@code &} or {@code >} (so {@code name=minBid
 * value=12.5>} gives {@code 12.5}); no delimiter at all, an empty value or a non-number is an
 * exception in the client that kills the user's thread: here it is a {@link Death}. Not
 * thread-safe (one per session).
 */
final class ReplyScanner {
  /** The client's thread would die here; {@code reason} says why. */
  static final class Death extends Exception {
    Death(String reason) {
      super(reason, null, false, false);
    }
  }

  private ReplyScanner() {}

  /** The value of the first {@code key} in {@code page}, or null when the key is absent. */
  static String firstValue(String page, String key) throws Death {
    int at = page.indexOf(key);
    return at < 0 ? null : valueAt(page, at + key.length(), key);
  }

  /** The value starting at {@code start}, up to the first delimiter. */
  static String valueAt(String page, int start, String key) throws Death {
    int end = Integer.MAX_VALUE;
    for (char c : new char[] {'"', '?', '&', '>'}) {
      int i = page.indexOf(c, start);
      if (i >= 0 && i < end) {
        end = i;
      }
    }
    if (end == Integer.MAX_VALUE) {
      throw new Death("no delimiter after " + key);
    }
    return page.substring(start, end);
  }

  /** A whole number as the client's {@code new Integer(String)} parses it. */
  static int parseInt(String value, String key) throws Death {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new Death((value.isEmpty() ? "empty value for " : "non-numeric value for ") + key);
    }
  }

  /** A float as the client's {@code new Float(String)} parses it. */
  static float parseFloat(String value, String key) throws Death {
    try {
      return Float.parseFloat(value);
    } catch (NumberFormatException e) {
      throw new Death((value.isEmpty() ? "empty value for " : "non-numeric value for ") + key);
    }
  }

  /** How many times {@code key} occurs (searching on after each key, as the client counts). */
  static int count(String page, String key) {
    int n = 0;
    for (int i = page.indexOf(key); i >= 0; i = page.indexOf(key, i + key.length())) {
      n++;
    }
    return n;
  }

  /** The start of the {@code nth} (1-based) occurrence of {@code key}. */
  static int nth(String page, String key, int nth) {
    int i = -key.length();
    for (int k = 0; k < nth; k++) {
      i = page.indexOf(key, i + key.length());
    }
    return i;
  }

  /**
   * The page number for a search page: none → 0; one {@code &page=} → it; two or more → the first
   * or the second, each with probability ½ (one draw of {@code nextInt(100000) < 50000}).
   */
  static int page(String page, SplittableRandom random) throws Death {
    int first = page.indexOf("&page=");
    if (first < 0) {
      return 0;
    }
    int second = page.indexOf("&page=", first + 6);
    int chosen = second < 0 || random.nextInt(100000) < 50000 ? first : second;
    return parseInt(valueAt(page, chosen + 6, "&page="), "&page=");
  }

  /**
   * Every {@code <IMG SRC="x"} of the page (case-sensitive, duplicates kept, in order); x runs to
   * the next {@code "} searched from one character after its start, as the client does.
   */
  static List<String> images(String page) throws Death {
    List<String> images = new ArrayList<>();
    int index = page.indexOf("<IMG SRC=\"");
    while (index != -1) {
      int start = index + 10;
      int end = page.indexOf('"', start + 1);
      if (end < 0) {
        throw new Death("unterminated <IMG SRC=\"");
      }
      images.add(page.substring(start, end));
      index = page.indexOf("<IMG SRC=\"", end);
    }
    return images;
  }
}
