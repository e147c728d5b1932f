package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageBuilder;
import io.crosscheck.sites.PageReply;

/**
 * Builds one bookstore page the way the RBE scans it (case-sensitive, first match): every link is
 * {@code /tpcw/<servlet>;jsessionid=<id>?<query>} with the visit's {@code C_ID=} and {@code
 * SHOPPING_ID=} appended once known, and always a {@code ?} right after the session id, since the
 * RBE takes the text between {@code ;jsessionid=} and the next {@code ?} as the id
 * (rbe/EB.java findSessionID). Every {@code <IMG} and {@code <INPUT TYPE="IMAGE"} has a quoted
 * {@code SRC="/tpcw/Images/..."}: the RBE takes the next {@code SRC="} after each and reads to the
 * next quote (rbe/EB.java findImg). Upper-case tags as the reference servlets write them. Not
 * thread-safe; one builder per reply.
 */
final class TpcwHtml extends PageBuilder<TpcwHtml> {
  private final Visit visit;

  /** Starts a page with the reference servlets' head: title, heading and TPC logo. */
  TpcwHtml(Visit visit, String title) {
    super(true);
    this.visit = visit;
    out.append("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD W3 HTML//EN\">\n<HTML><HEAD><TITLE>TPC-W ").append(escape(title))
        .append("</TITLE></HEAD>\n<BODY BGCOLOR=\"#ffffff\">\n<H1 ALIGN=\"center\">TPC Web Commerce Benchmark (TPC-W)</H1>\n")
        .append("<CENTER>");
    image(BookstoreImages.LOGO, "TPC-W", 288, 67);
    out.append("</CENTER>\n<H2 ALIGN=\"center\">").append(escape(title)).append("</H2>\n");
  }

  Visit visit() {
    return visit;
  }

  /** The URL of {@code servlet} with the session id, {@code query} (already encoded, may be empty) and ids. */
  String url(String servlet, String query) {
    StringBuilder u = new StringBuilder(TpcwRouter.PREFIX).append(servlet).append(";jsessionid=")
        .append(visit.sessionId()).append('?').append(query);
    String sep = query.isEmpty() ? "" : "&";
    if (visit.customerId() != null) {
      u.append(sep).append("C_ID=").append(visit.customerId());
      sep = "&";
    }
    if (visit.shoppingId() != null) {
      u.append(sep).append("SHOPPING_ID=").append(visit.shoppingId());
    }
    return u.toString();
  }

  /** A text link. */
  TpcwHtml link(String servlet, String query, String text) {
    out.append("<A HREF=\"").append(url(servlet, query)).append("\">").append(escape(text)).append("</A>");
    return this;
  }

  /** A link whose content is a button image. */
  TpcwHtml buttonLink(String servlet, String query, String button, String alt) {
    out.append("<A HREF=\"").append(url(servlet, query)).append("\">");
    image(button, alt, 0, 0);
    out.append("</A>\n");
    return this;
  }

  /** {@code <IMG SRC="/tpcw/Images/name" ...>}; width and height omitted when 0. */
  TpcwHtml image(String name, String alt, int width, int height) {
    out.append("<IMG SRC=\"").append(TpcwRouter.PREFIX).append(TpcwRouter.IMAGES).append(name).append("\" ALT=\"")
        .append(escape(alt)).append("\" BORDER=\"0\"");
    if (width > 0) {
      out.append(" WIDTH=\"").append(width).append("\" HEIGHT=\"").append(height).append('"');
    }
    out.append('>');
    return this;
  }

  /** Opens a GET form posting to {@code servlet} with the session id. */
  TpcwHtml form(String servlet) {
    out.append("<FORM ACTION=\"").append(TpcwRouter.PREFIX).append(servlet).append(";jsessionid=")
        .append(visit.sessionId()).append("?\" METHOD=\"GET\">\n");
    return this;
  }

  /** {@code <INPUT TYPE="HIDDEN" NAME="name" value="value">} (lower-case value, as the reference). */
  TpcwHtml hidden(String name, String value) {
    out.append("<INPUT TYPE=\"HIDDEN\" NAME=\"").append(name).append("\" value=\"").append(escape(value)).append("\">\n");
    return this;
  }

  /** {@code <INPUT TYPE="IMAGE" NAME="name" SRC="/tpcw/Images/button">}, the reference's submit buttons. */
  TpcwHtml imageSubmit(String name, String button) {
    out.append("<INPUT TYPE=\"IMAGE\" NAME=\"").append(name).append("\" SRC=\"").append(TpcwRouter.PREFIX)
        .append(TpcwRouter.IMAGES).append(button).append("\">\n");
    return this;
  }

  /** The page, closed with the reference's trailer. */
  PageReply finish() {
    return finish("<HR><FONT SIZE=\"-1\">TPC-W Benchmark, crosscheck embedded bookstore.</FONT>\n</BODY></HTML>\n");
  }

  /** Text HTML-escaped, printable ASCII only (anything else becomes {@code _}); null is empty. */
  static String escape(String text) {
    return PageBuilder.escape(text, true);
  }

  /** Cents as dollars with two decimals, {@code 1234 → 12.34}. */
  static String dollars(long cents) {
    return (cents < 0 ? "-" : "") + Math.abs(cents) / 100 + "." + (Math.abs(cents) % 100 < 10 ? "0" : "") + Math.abs(cents) % 100;
  }

  /** An epoch day as {@code yyyy-MM-dd}. */
  static String date(long epochDay) {
    return java.time.LocalDate.ofEpochDay(epochDay).toString();
  }
}
