package io.crosscheck.testgen;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading a reply as the RUBiS client and the TPC-W RBE do, the images of a page, and the bounded
 * wait for the emulated users at the end. Stateless.
 */
public final class Pages {
  /** How long after its deadline a generator waits for a user still in a read before it exits anyway. */
  public static final long GRACE_MILLIS = 10_000;

  private Pages() {}

  /** {@code new BufferedInputStream(url.openStream(), 4096)}, read to EOF in 4 KB chunks, closed. */
  public static String read(URL url) throws IOException {
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
  public static List<URL> images(URL page, String html) throws IOException {
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

  /**
   * Waits for each of {@code users} until {@code deadlineMillis} ({@code System.currentTimeMillis})
   * plus {@link #GRACE_MILLIS}: a user stuck in a read past that is left to the caller's {@code
   * System.exit}. Returns how many still run.
   */
  public static int joinBy(List<? extends Thread> users, long deadlineMillis) throws InterruptedException {
    int running = 0;
    for (Thread user : users) {
      user.join(Math.max(1, deadlineMillis + GRACE_MILLIS - System.currentTimeMillis()));
      running += user.isAlive() ? 1 : 0;
    }
    return running;
  }
}
