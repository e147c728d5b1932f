package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageReply;

import io.crosscheck.server.PlaceholderImage;
import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The GIFs the bookstore's pages reference, served under {@code /tpcw/Images/} with {@code
 * Content-Type: image/gif}: the reference site's logo and buttons by their names (tpcw/images and
 * the servlets' {@code <IMG SRC="../tpcw/Images/...">}), and every item's image and thumbnail
 * under the names TPCW_Populate gives them, {@code img<N%100>/image_<N>.gif} and {@code
 * img<N%100>/thumb_<N>.gif} for N in 1..ITEM. Those are also the names the RBE's ImageReader
 * rewrites an {@code image_}/{@code thumb_} URL to (rbe/ImageReader.java:97-114), so its rewrite is
 * the identity here. Small real GIFs drawn once at start (plain colour blocks, headless); all items
 * share one image and one thumbnail. Immutable, thread-safe.
 */
final class BookstoreImages {
  static final String CONTENT_TYPE = "image/gif";
  static final String LOGO = "tpclogo.gif";

  private final int items;
  private final Map<String, PageReply> named = new LinkedHashMap<>();
  private final PageReply itemImage;
  private final PageReply itemThumbnail;

  BookstoreImages(int items) {
    this.items = items;
    named.put(LOGO, gif(288, 67, new Color(0x00, 0x33, 0x99), new Color(0xFF, 0xCC, 0x00)));
    for (String button : new String[] {"whats_new.gif", "best_sellers.gif", "shopping_cart_B.gif", "search_B.gif",
        "order_status_B.gif", "home_B.gif", "add_B.gif", "update_B.gif", "checkout_B.gif", "refresh_B.gif",
        "submit_B.gif", "display_last_order_B.gif"}) {
      named.put(button, gif(80, 24, new Color(0x66, 0x66, 0x99), Color.WHITE));
    }
    itemImage = gif(200, 200, new Color(0x99, 0x33, 0x33), new Color(0xEE, 0xEE, 0xEE));
    itemThumbnail = gif(50, 50, new Color(0x33, 0x99, 0x33), new Color(0xEE, 0xEE, 0xEE));
  }

  /** The image at {@code name} (the path after {@code Images/}), or null when there is none. */
  PageReply image(String name) {
    PageReply r = named.get(name);
    if (r != null) {
      return r;
    }
    return isItemImage(name) ? (name.contains("/image_") ? itemImage : itemThumbnail) : null;
  }

  /**
   * Whether {@code name} is an item image or thumbnail the site serves: {@code
   * img<G>/image_<N>.gif} or {@code img<G>/thumb_<N>.gif} with N in 1..ITEM (1-9 digits, no
   * leading zero) and G = N % 100 (1-2 digits). Scanned by hand: every image request asks (most of
   * the RBE's requests are images).
   */
  boolean isItemImage(String name) {
    if (!name.startsWith("img")) {
      return false;
    }
    int i = 3;
    int group = 0;
    while (i < name.length() && i < 5 && isDigit(name.charAt(i))) {
      group = group * 10 + (name.charAt(i++) - '0');
    }
    if (i == 3 || !(name.startsWith("/image_", i) || name.startsWith("/thumb_", i))) {
      return false;
    }
    int start = i + "/image_".length();
    int end = name.length() - ".gif".length();
    if (!name.endsWith(".gif") || end <= start || end - start > 9 || name.charAt(start) == '0') {
      return false;
    }
    long n = 0;
    for (int j = start; j < end; j++) {
      if (!isDigit(name.charAt(j))) {
        return false;
      }
      n = n * 10 + (name.charAt(j) - '0');
    }
    return n <= items && group == n % 100;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static PageReply gif(int width, int height, Color background, Color band) {
    return new PageReply(200, CONTENT_TYPE, PlaceholderImage.banded(PlaceholderImage.Format.GIF, width, height, background, band));
  }
}
