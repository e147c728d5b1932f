package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageBuilder;
import io.crosscheck.sites.PageReply;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Builds one RUBiS page in one URL space, the way the client parses it: links carry their values
 * in double quotes ({@code <a href="/PHP/ViewItem.php?itemId=17">}), hidden fields are unquoted
 * and closed at once ({@code <input type=hidden name=minBid value=12.5>}), images are absolute
 * ({@code <IMG SRC="/PHP/bid_now.jpg">}), so every value the client extracts ends at a {@code "},
 * {@code &} or {@code >}. Every page starts with the RUBiS logo and navigation bar. Not
 * thread-safe; one builder per reply.
 */
final class Html extends PageBuilder<Html> {
  /** The images the pages reference, served under the HTML path. */
  static final String LOGO = "RUBiS_logo.jpg";
  static final String BID_NOW = "bid_now.jpg";
  static final String BUY_IT_NOW = "buy_it_now.jpg";

  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  private final UrlSpace space;

  Html(UrlSpace space, String title) {
    super(false);
    this.space = space;
    out.append("<html>\n<head><title>RUBiS: ").append(escape(title)).append("</title></head>\n")
        .append("<body bgcolor=\"#FFFFFF\">\n<table width=\"100%\"><tr><td><a href=\"").append(space.html("index.html"))
        .append("\">").append(image(LOGO, 150, 50, "RUBiS logo")).append("</a></td>\n<td>")
        .append("<a href=\"").append(space.html("index.html")).append("\">Home</a> | ")
        .append("<a href=\"").append(space.html("browse.html")).append("\">Browse</a> | ")
        .append("<a href=\"").append(space.html("sell.html")).append("\">Sell</a> | ")
        .append("<a href=\"").append(space.html("about_me.html")).append("\">About me</a></td></tr></table>\n");
  }

  UrlSpace space() {
    return space;
  }

  Html h2(String text) {
    out.append("<h2>").append(escape(text)).append("</h2>\n");
    return this;
  }

  /** A link to {@code script} with a query already encoded, e.g. {@code itemId=17}. */
  Html link(String script, String query, String text) {
    out.append("<a href=\"").append(space.script(script)).append('?').append(query).append("\">")
        .append(escape(text)).append("</a>");
    return this;
  }

  /** A link whose content is an image. */
  Html imageLink(String script, String query, String image, int width, int height, String alt) {
    out.append("<a href=\"").append(space.script(script)).append('?').append(query).append("\">")
        .append(image(image, width, height, alt)).append("</a>");
    return this;
  }

  /** Opens a GET form posting to {@code script}. */
  Html form(String script) {
    out.append("<form action=\"").append(space.script(script)).append("\" method=GET>\n");
    return this;
  }

  /** A hidden field the client's way: {@code <input type=hidden name=to value=17>}. */
  Html hidden(String name, String value) {
    out.append("<input type=hidden name=").append(name).append(" value=").append(value).append(">\n");
    return this;
  }

  Html input(String label, String name, int size) {
    out.append(escape(label)).append(": <input type=text size=").append(size).append(" name=").append(name).append("><br>\n");
    return this;
  }

  Html endForm(String button) {
    out.append("<input type=submit value=\"").append(escape(button)).append("\"></form>\n");
    return this;
  }

  /** The page, closed. */
  PageReply finish() {
    return finish("<hr><p>RUBiS (C) Rice University/INRIA 2001</p>\n</body>\n</html>\n");
  }

  private String image(String name, int width, int height, String alt) {
    return "<IMG SRC=\"" + space.html(name) + "\" height=" + height + " width=" + width + " border=0 alt=\"" + alt + "\">";
  }

  /** Text HTML-escaped ({@code < > & "}); null is empty. */
  static String escape(String text) {
    return PageBuilder.escape(text, false);
  }

  /** A query-string value, form-encoded. */
  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** A price without exponent or trailing zeros: {@code 12.5}, {@code 12}, {@code 1234567}. */
  static String price(float dollars) {
    return new BigDecimal(Float.toString(dollars)).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
  }

  /** Days since the epoch of 1000-01-01 and 9999-12-31: {@link #date} spells years in between itself. */
  private static final long FIRST_FOUR_DIGIT_DAY = java.time.LocalDate.of(1000, 1, 1).toEpochDay();
  private static final long LAST_FOUR_DIGIT_DAY = java.time.LocalDate.of(9999, 12, 31).toEpochDay();

  /**
   * An instant as RUBiS prints dates, {@code 2005-03-15 10:00:00} (UTC). Every item of a list page
   * has one, so four-digit years are spelled by hand (as the formatter spells them); others go
   * through the formatter.
   */
  static String date(long epochSeconds) {
    long day = Math.floorDiv(epochSeconds, 86_400L);
    if (day < FIRST_FOUR_DIGIT_DAY || day > LAST_FOUR_DIGIT_DAY) {
      return DATE.format(Instant.ofEpochSecond(epochSeconds));
    }
    java.time.LocalDate date = java.time.LocalDate.ofEpochDay(day);
    int second = (int) Math.floorMod(epochSeconds, 86_400L);
    byte[] b = new byte[19];
    digits(b, 0, date.getYear(), 4);
    b[4] = '-';
    digits(b, 5, date.getMonthValue(), 2);
    b[7] = '-';
    digits(b, 8, date.getDayOfMonth(), 2);
    b[10] = ' ';
    digits(b, 11, second / 3600, 2);
    b[13] = ':';
    digits(b, 14, second / 60 % 60, 2);
    b[16] = ':';
    digits(b, 17, second % 60, 2);
    return new String(b, StandardCharsets.US_ASCII);
  }

  /** {@code value} as {@code count} decimal digits, zero-padded, at {@code b[at]}. */
  private static void digits(byte[] b, int at, int value, int count) {
    for (int i = at + count - 1; i >= at; i--) {
      b[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
  }
}
