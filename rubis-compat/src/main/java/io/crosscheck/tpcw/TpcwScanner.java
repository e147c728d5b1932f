package io.crosscheck.tpcw;

import java.util.ArrayList;
import java.util.List;

/**
 * The RBE's scans of a page, exactly as its EB code runs them: case-sensitive, first match, with
 * its digit-run rules. Pure functions. Where the RBE's code throws (Integer.parseInt of an empty
 * or too long digit run, a substring with a -1 index), its EB thread dies uncounted; here the scan
 * throws {@link Death} and the session ends.
 *
 * <p>"Digit" is '0'..'9'; every other character ends a digit run (the RBE's notDigit set covers
 * chars 0..255 and would throw beyond; bodies here are ISO-8859-1, so no char is beyond).
 */
final class TpcwScanner {
  /** {@link #idAfter}: the tag is absent. */
  static final int NOT_FOUND = -1;
  /** {@link #idAfter}: the digits run to the end of the page. */
  static final int NO_END = -2;

  /** Where the RBE's EB thread would die; the reason names the RBE's exception. */
  static final class Death extends Exception {
    private final boolean malformedNumber;

    Death(String reason, boolean malformedNumber) {
      super(reason, null, false, false);
      this.malformedNumber = malformedNumber;
    }

    /** True for Integer.parseInt on a digit run that is empty or beyond 2^31-1. */
    boolean malformedNumber() {
      return malformedNumber;
    }
  }

  /** A page's image references, and whether the scan stopped at an {@code <IMG} with no SRC. */
  record Images(List<String> sources, boolean imgWithoutSrc) {}

  private TpcwScanner() {}

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** The first digit at or after {@code from}, or -1. */
  static int digit(String s, int from) {
    for (int i = Math.max(0, from); i < s.length(); i++) {
      if (isDigit(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /** The first non-digit at or after {@code from}, or -1. */
  static int notDigit(String s, int from) {
    for (int i = Math.max(0, from); i < s.length(); i++) {
      if (!isDigit(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /** Integer.parseInt of s[from, to), a Death where the RBE's call throws. */
  static int parse(String s, int from, int to, String what) throws Death {
    if (from < 0 || to < from || to > s.length()) {
      throw new Death("StringIndexOutOfBoundsException reading " + what, false);
    }
    String digits = s.substring(from, to);
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new Death("NumberFormatException on " + what + " \"" + clip(digits) + "\"", true);
    }
  }

  private static String clip(String s) {
    return s.length() > 24 ? s.substring(0, 24) + "..." : s;
  }

  /**
   * The session id: the text between the first {@code ;jsessionid=} and the next {@code ?}, or
   * null when either is missing (EB.findSessionID).
   */
  static String sessionId(String html) {
    String tag = ";jsessionid=";
    int i = html.indexOf(tag);
    if (i < 0) {
      return null;
    }
    i += tag.length();
    int j = html.indexOf('?', i);
    return j < 0 ? null : html.substring(i, j);
  }

  /**
   * EB.findID: after the first {@code tag}, the next digit run anywhere after it; -1 when the tag
   * or any later digit is missing.
   */
  static int findId(String html, String tag) throws Death {
    int i = html.indexOf(tag);
    if (i < 0) {
      return -1;
    }
    i += tag.length();
    int j = digit(html, i);
    if (j < 0) {
      return -1;
    }
    int k = notDigit(html, j);
    return parse(html, j, k < 0 ? html.length() : k, tag);
  }

  /**
   * Every item id for a product-detail request (EBWProdDetTrans.request): for each {@code I_ID=},
   * the next digit run after it, wherever it is. No digit after it, or a run reaching the page's
   * end, throws in the RBE.
   */
  static List<Integer> productItemIds(String html) throws Death {
    List<Integer> ids = new ArrayList<>();
    String tag = "I_ID=";
    for (int i = html.indexOf(tag); i != -1; i = html.indexOf(tag, i)) {
      i += tag.length();
      int s = digit(html, i);
      int e = s < 0 ? notDigit(html, 0) : notDigit(html, s + 1);
      ids.add(parse(html, s, e, "I_ID="));
    }
    return ids;
  }

  /**
   * The digits right after the first {@code tag} (EBWShopCartAddTrans, EBWAdminReqTrans,
   * EBWAdminConfTrans): {@link #NOT_FOUND}, {@link #NO_END} (the RBE's two errors), or the value;
   * an empty run (a non-digit right after the tag) or an overflow throws in the RBE.
   */
  static int idAfter(String html, String tag) throws Death {
    int i = html.indexOf(tag);
    if (i < 0) {
      return NOT_FOUND;
    }
    i += tag.length();
    int e = notDigit(html, i);
    if (e < 0) {
      return NO_END;
    }
    return parse(html, i, e, tag);
  }

  /**
   * The cart's quantities (EBWShopCartRefTrans.request): one per {@code NAME="QTY}, read as the
   * digits from just after the next {@code VALUE="} (or from index 6 when there is none, as the
   * RBE's -1 + 7 does). An empty list when the page has no {@code NAME="QTY}.
   */
  static int[] quantities(String html) throws Death {
    String qty = "NAME=\"QTY";
    String value = "VALUE=\"";
    List<Integer> out = new ArrayList<>();
    for (int i = html.indexOf(qty); i != -1; i = html.indexOf(qty, i + 1)) {
      int j = html.indexOf(value, i + qty.length()) + value.length();
      int e = notDigit(html, j);
      out.add(parse(html, j, e, "QTY VALUE"));
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * A name on the buy-request page (EBWBuyConfTrans.findName): the text after {@code tag} up to
   * the next {@code <}, URL-munged; null when either is missing (the RBE's error).
   */
  static String name(String html, String tag) {
    int i = html.indexOf(tag);
    if (i < 0) {
      return null;
    }
    i += tag.length();
    int j = html.indexOf('<', i);
    if (j < 0) {
      return null;
    }
    return TpcwRandom.munge(html.substring(i, j));
  }

  /**
   * The page's image references in the RBE's scan order (EB.findImg, EB.java:460-517): each
   * {@code <IMG} then the next {@code SRC="} after it and the text up to the next quote, then the
   * same for each {@code <INPUT TYPE="IMAGE"}. An {@code <IMG} with no later {@code SRC="} makes
   * the RBE loop forever: the scan stops there ({@link Images#imgWithoutSrc()}). A {@code SRC="}
   * with no closing quote throws in the RBE.
   */
  static Images images(String html) throws Death {
    List<String> sources = new ArrayList<>();
    boolean stuck = scan(html, "<IMG", sources) || scan(html, "<INPUT TYPE=\"IMAGE\"", sources);
    return new Images(List.copyOf(sources), stuck);
  }

  private static boolean scan(String html, String tag, List<String> sources) throws Death {
    String src = "SRC=\"";
    int cur = 0;
    while ((cur = html.indexOf(tag, cur)) > -1) {
      int s = html.indexOf(src, cur + tag.length());
      if (s < 0) {
        return true;
      }
      int start = s + src.length();
      int quote = html.indexOf('"', start);
      if (quote < 0) {
        throw new Death("StringIndexOutOfBoundsException: SRC=\" with no closing quote", false);
      }
      sources.add(html.substring(start, quote));
      cur = quote + 1;
    }
    return false;
  }

  /**
   * ImageReader's rewrite (ImageReader.java:97-114): a URL containing {@code image_} (else
   * {@code thumb_}) becomes {@code <text before the first /img>/img<N%100>/<type><N>.gif}, N the
   * number between the type and the last '.'; other URLs are unchanged. A URL without {@code
   * /img}, or without a number there, throws in the RBE.
   */
  static String rewriteImage(String url) throws Death {
    String type = null;
    int idx = url.indexOf("image_");
    if (idx != -1) {
      type = "image_";
    } else if ((idx = url.indexOf("thumb_")) != -1) {
      type = "thumb_";
    }
    if (type == null) {
      return url;
    }
    int dot = url.lastIndexOf('.');
    if (dot < idx + 6) {
      throw new Death("StringIndexOutOfBoundsException in ImageReader: no '.' after " + type, false);
    }
    int num;
    try {
      num = Integer.parseInt(url.substring(idx + 6, dot));
    } catch (NumberFormatException e) {
      throw new Death("NumberFormatException in ImageReader on \"" + clip(url.substring(idx + 6, dot))
          + "\"", true);
    }
    int img = url.indexOf("/img");
    if (img < 0) {
      throw new Death("StringIndexOutOfBoundsException in ImageReader: no /img in " + clip(url), false);
    }
    int group = num % 100;
    return url.substring(0, img) + "/img" + group + "/" + type + num + ".gif";
  }
}
