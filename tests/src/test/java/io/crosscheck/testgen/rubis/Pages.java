package io.crosscheck.testgen.rubis;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reading a reply as the RUBiS client does, and the images of a page. Stateless. */
final class Pages {
  private Pages() {}

  /** {@code new BufferedInputStream(url.openStream(), 4096)}, read to EOF in 4 KB chunks, closed. */
  static String read(URL url) throws IOException {
    StringBuilder page = new StringBuilder();
    byte[] chunk = new byte[4096];
    try (InputStream in = new BufferedInputStream(url.openStream(), 4096)) {
      int n;
      while ((n = in.read(chunk, 0, 4096)) != -1) {
        page.append(new String(chunk, 0, n, StandardCharsets.ISO_8859_1));
      }
    }
    return page.toString();
  }

  /** Every {@code <IMG SRC="x">} of the page, in order, resolved against the page's URL. */
  static List<URL> images(URL page, String html) throws IOException {
    List<URL> out = new ArrayList<>();
    int at = html.indexOf("<IMG SRC=\"");
    while (at >= 0) {
      int start = at + "<IMG SRC=\"".length();
      int end = html.indexOf('"', start);
      if (end < 0) {
        break;
      }
      out.add(new URL(page, html.substring(start, end)));
      at = html.indexOf("<IMG SRC=\"", end);
    }
    return out;
  }
}
