package io.crosscheck.tpcw.server;

import java.nio.charset.StandardCharsets;

/**
 * A rendered reply of the bookstore: status, content type and body bytes. Immutable by convention
 * (a body array is never modified once built; the images' bodies are shared).
 */
record TpcwReply(int status, String contentType, byte[] body) {
  static final String HTML = "text/html; charset=ISO-8859-1";

  /** A 200 HTML page (ASCII in practice: the RBE decodes 4 KB chunks with its default charset). */
  static TpcwReply html(String page) {
    return new TpcwReply(200, HTML, page.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** A short plain-text reply such as a 400, 403, 404 or 503; never a stack trace. */
  static TpcwReply text(int status, String text) {
    return new TpcwReply(status, "text/plain; charset=us-ascii", text.getBytes(StandardCharsets.US_ASCII));
  }
}
