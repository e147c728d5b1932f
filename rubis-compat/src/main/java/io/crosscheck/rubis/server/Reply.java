package io.crosscheck.rubis.server;

import java.nio.charset.StandardCharsets;

/**
 * A rendered reply: status, content type and body bytes. Immutable by convention (the body array
 * is never modified after construction; cached static bodies are shared).
 */
record Reply(int status, String contentType, byte[] body) {
  static final String HTML = "text/html; charset=ISO-8859-1";

  /** A 200 HTML page. */
  static Reply html(String page) {
    return new Reply(200, HTML, page.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** A small plain-text reply, e.g. 404 or 503. */
  static Reply text(int status, String text) {
    return new Reply(status, "text/plain; charset=us-ascii", text.getBytes(StandardCharsets.US_ASCII));
  }
}
