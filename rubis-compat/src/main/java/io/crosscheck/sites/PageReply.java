package io.crosscheck.sites;

import java.nio.charset.StandardCharsets;

/**
 * A rendered reply of an embedded site (the RUBiS auction site, the TPC-W bookstore): status,
 * content type and body bytes. Immutable by convention: a body array is never modified once built
 * (cached static bodies, such as the images', are shared).
 */
public record PageReply(int status, String contentType, byte[] body) {
  /** The pages' content type: ISO-8859-1, ASCII in practice (the TPC-W RBE decodes 4 KB chunks with its default charset). */
  public static final String HTML = "text/html; charset=ISO-8859-1";

  /** A 200 HTML page. */
  public static PageReply html(String page) {
    return new PageReply(200, HTML, page.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** A short plain-text reply such as a 400, 403, 404 or 503; never a stack trace. */
  public static PageReply text(int status, String text) {
    return new PageReply(status, "text/plain; charset=us-ascii", text.getBytes(StandardCharsets.US_ASCII));
  }
}
