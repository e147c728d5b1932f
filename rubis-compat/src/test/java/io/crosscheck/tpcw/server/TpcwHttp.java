package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.testing.LoopbackHttp;
import io.crosscheck.testing.LoopbackHttp.Page;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: GETs over real loopback sockets ({@link LoopbackHttp}), and the RBE's own scanning
 * rules (rbe/EB.java findID, findSessionID, findImg; rbe/ImageReader.java's rewrite),
 * re-implemented here to hold the pages against them. Counts every request it sends.
 */
final class TpcwHttp {
  private final LoopbackHttp http;

  TpcwHttp(TpcwServer server) {
    this.http = new LoopbackHttp(server.baseUrl());
  }

  /** Requests sent so far. */
  long sent() {
    return http.sent();
  }

  /** GET {@code pathAndQuery} (already encoded). */
  Page get(String pathAndQuery) throws IOException, InterruptedException {
    return http.get(pathAndQuery);
  }

  /** GET that must answer 200 HTML; returns the text. */
  String page(String pathAndQuery) throws IOException, InterruptedException {
    Page page = get(pathAndQuery);
    assertEquals(200, page.status(), pathAndQuery + ": " + page.text());
    assertTrue(page.contentType().startsWith("text/html"), pathAndQuery + ": " + page.contentType());
    return page.text();
  }

  /** Like {@link #page}, then fetches every image the RBE would, asserting 200 image/gif; returns the page. */
  String pageWithImages(String pathAndQuery) throws IOException, InterruptedException {
    String html = page(pathAndQuery);
    assertFalse(html.matches("(?s).*SRC=[^\"].*"), "an unquoted SRC in " + pathAndQuery + ":\n" + html);
    URI pageUri = URI.create(http.baseUrl() + pathAndQuery);
    for (String src : images(html)) {
      String path = pageUri.resolve(rewrite(src)).getRawPath();
      Page image = get(path);
      assertEquals(200, image.status(), src + " (as " + path + ") on " + pathAndQuery);
      assertEquals("image/gif", image.contentType(), src);
      assertTrue(image.text().startsWith("GIF8"), src + " is not a GIF");
    }
    return html;
  }

  /** The RBE's session id: text between the first {@code ;jsessionid=} and the next {@code ?}; null when none. */
  static String sessionId(String html) {
    int i = html.indexOf(";jsessionid=");
    if (i < 0) {
      return null;
    }
    i += ";jsessionid=".length();
    int j = html.indexOf('?', i);
    return j < 0 ? null : html.substring(i, j);
  }

  /** The RBE's findID: the first digit run after the first {@code tag}; -1 when none. */
  static int findId(String html, String tag) {
    int i = html.indexOf(tag);
    if (i < 0) {
      return -1;
    }
    int j = i + tag.length();
    while (j < html.length() && !Character.isDigit(html.charAt(j))) {
      j++;
    }
    int k = j;
    while (k < html.length() && Character.isDigit(html.charAt(k))) {
      k++;
    }
    return j == k ? -1 : Integer.parseInt(html.substring(j, k));
  }

  /** Every {@code I_ID=} value as the RBE's product pick reads them (the digits right after). */
  static List<Integer> itemIds(String html) {
    List<Integer> ids = new ArrayList<>();
    for (int at = html.indexOf("I_ID="); at >= 0; at = html.indexOf("I_ID=", at + 1)) {
      int j = at + "I_ID=".length();
      int k = j;
      while (k < html.length() && Character.isDigit(html.charAt(k))) {
        k++;
      }
      assertTrue(k > j, "I_ID= without digits at " + at + " in:\n" + html);
      ids.add(Integer.parseInt(html.substring(j, k)));
    }
    return ids;
  }

  /** The RBE's findImg for {@code <IMG} and {@code <INPUT TYPE="IMAGE"}: the next {@code SRC="} up to the quote. */
  static List<String> images(String html) {
    List<String> found = new ArrayList<>();
    for (String tag : new String[] {"<IMG", "<INPUT TYPE=\"IMAGE\""}) {
      for (int at = html.indexOf(tag); at >= 0; at = html.indexOf(tag, at + 1)) {
        int src = html.indexOf("SRC=\"", at + tag.length());
        assertTrue(src >= 0, tag + " without a later SRC=\" (the RBE would loop forever)");
        int start = src + "SRC=\"".length();
        found.add(html.substring(start, html.indexOf('"', start)));
      }
    }
    return found;
  }

  /** rbe/ImageReader.java's rewrite of an image_/thumb_ URL to {@code .../img<N%100>/<type><N>.gif}. */
  static String rewrite(String url) {
    String type = url.contains("image_") ? "image_" : url.contains("thumb_") ? "thumb_" : null;
    if (type == null) {
      return url;
    }
    int idx = url.indexOf(type);
    int num = Integer.parseInt(url.substring(idx + 6, url.lastIndexOf('.')));
    return url.substring(0, url.indexOf("/img")) + "/img" + num % 100 + "/" + type + num + ".gif";
  }
}
