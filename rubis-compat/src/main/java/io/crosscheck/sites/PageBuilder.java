package io.crosscheck.sites;

/**
 * The part every embedded site's page builder shares: the page's text so far, raw and escaped
 * appends, and the finished reply. A site's builder adds its head, links, forms and trailer in
 * the markup its client scans. Not thread-safe; one builder per reply.
 *
 * @param <B> the site's builder, returned by the appends so they chain
 */
public abstract class PageBuilder<B extends PageBuilder<B>> {
  /** The page so far. */
  protected final StringBuilder out = new StringBuilder(4096);
  private final boolean printableAsciiOnly;

  /** {@code printableAsciiOnly}: how {@link #text} escapes (see {@link #escape}). */
  protected PageBuilder(boolean printableAsciiOnly) {
    this.printableAsciiOnly = printableAsciiOnly;
  }

  /** This builder, typed as the site's (B is the subclass by construction). */
  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /** Appends raw HTML. */
  public final B raw(String html) {
    out.append(html);
    return self();
  }

  /** Appends text, escaped. */
  public final B text(String text) {
    out.append(escape(text, printableAsciiOnly));
    return self();
  }

  /** The page, closed with {@code trailer}. */
  protected final PageReply finish(String trailer) {
    out.append(trailer);
    return PageReply.html(out.toString());
  }

  /**
   * {@code text} HTML-escaped ({@code < > & "}); null is empty. With {@code printableAsciiOnly},
   * control characters other than newline and anything above {@code ~} become {@code _}.
   */
  public static String escape(String text, boolean printableAsciiOnly) {
    if (text == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> b.append(printableAsciiOnly && (c < 0x20 && c != '\n' || c > 0x7e) ? '_' : c);
      }
    }
    return b.toString();
  }
}
