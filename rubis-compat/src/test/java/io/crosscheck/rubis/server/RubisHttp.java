package io.crosscheck.rubis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.testing.LoopbackHttp;
import io.crosscheck.testing.LoopbackHttp.Page;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: GETs over real loopback sockets ({@link LoopbackHttp}) and the RUBiS client's
 * extraction rule (a value follows its key and runs to the first {@code "}, {@code ?}, {@code &}
 * or {@code >}).
 */
final class RubisHttp {
  private final LoopbackHttp http;

  RubisHttp(RubisServer server) {
    this.http = new LoopbackHttp(server.baseUrl());
  }

  /** GET {@code pathAndQuery} (already encoded). */
  Page get(String pathAndQuery) throws IOException, InterruptedException {
    return http.get(pathAndQuery);
  }

  /** GET that must answer 200 with an HTML page free of RUBiS's {@code ERROR} marker; returns the text. */
  String page(String pathAndQuery) throws IOException, InterruptedException {
    Page page = get(pathAndQuery);
    assertEquals(200, page.status(), pathAndQuery);
    assertTrue(page.contentType().startsWith("text/html"), pathAndQuery + ": " + page.contentType());
    assertFalse(page.text().contains("ERROR"), pathAndQuery + " says ERROR:\n" + page.text());
    return page.text();
  }

  /** Like {@link #page} and also free of {@code Sorry}. */
  String okPage(String pathAndQuery) throws IOException, InterruptedException {
    String text = page(pathAndQuery);
    assertFalse(text.contains("Sorry"), pathAndQuery + " says Sorry:\n" + text);
    return text;
  }

  /** Every value following {@code key}, by the client's rule (possibly empty strings). */
  static List<String> values(String html, String key) {
    List<String> found = new ArrayList<>();
    for (int at = html.indexOf(key); at >= 0; at = html.indexOf(key, at + key.length())) {
      int start = at + key.length();
      int end = start;
      while (end < html.length() && "\"?&>".indexOf(html.charAt(end)) < 0) {
        end++;
      }
      found.add(html.substring(start, end));
    }
    return found;
  }

  /** The first value of {@code key}; asserts there is one and that it is non-empty. */
  static String first(String html, String key) {
    List<String> all = values(html, key);
    assertFalse(all.isEmpty(), "no " + key + " in:\n" + html);
    assertFalse(all.get(0).isEmpty(), "empty " + key + " in:\n" + html);
    return all.get(0);
  }

  /** Asserts at least {@code min} occurrences of {@code key}, every one with a non-empty value. */
  static List<String> atLeast(String html, String key, int min) {
    List<String> all = values(html, key);
    assertTrue(all.size() >= min, all.size() + " " + key + " (expected >= " + min + ") in:\n" + html);
    for (String v : all) {
      assertFalse(v.isEmpty(), "empty " + key + " in:\n" + html);
    }
    return all;
  }

  /** The {@code <IMG SRC="x"} sources, duplicates included, as the client fetches them. */
  static List<String> images(String html) {
    return values(html, "<IMG SRC=\"");
  }
}
