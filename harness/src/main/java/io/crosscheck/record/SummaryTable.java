package io.crosscheck.record;

import io.crosscheck.text.Printable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Formats a {@link Summary} as a fixed-width text table for the terminal: one row per URL, a total
 * row, then the outcome counts of all phases. Columns: {@code url}, {@code count}, {@code errors},
 * {@code meanMicros}, {@code p50Micros}, {@code p90Micros}, {@code p99Micros}, {@code maxMicros}
 * (service latency, one decimal), {@code perSecond} (two decimals). Numbers use {@link
 * Locale#ROOT} whatever the default locale; a figure without data is {@code -}. A rate over too
 * few requests or too short a window ({@link Summary#givesRate}) is {@code -} too, and a line
 * under the table gives the count and the window and says why. Stateless.
 */
public final class SummaryTable {
  /** URLs longer than this are shortened in the middle. */
  public static final int MAX_URL_WIDTH = 48;

  private static final String[] HEADINGS = {
    "count", "errors", "meanMicros", "p50Micros", "p90Micros", "p99Micros", "maxMicros", "perSecond"
  };
  private static final int NUMBER_WIDTH = 11;
  /** At most this many path rows are printed, the most requested. */
  static final int MAX_ROWS = 30;

  private SummaryTable() {}

  /**
   * The table, each line ending with {@code \n}; control characters of URLs and labels are escaped
   * ({@link Printable}).
   */
  public static String format(Summary summary) {
    return Printable.escapeKeepingNewlines(table(summary));
  }

  private static String table(Summary summary) {
    List<UrlStats> rows = new ArrayList<>(summary.perUrl());
    int hidden = 0;
    if (rows.size() > MAX_ROWS) {
      // the most requested paths, in path order as always; summary.json keeps every row
      List<UrlStats> top = rows.stream().sorted((a, b) -> Long.compare(b.count(), a.count())).limit(MAX_ROWS).toList();
      hidden = rows.size() - MAX_ROWS;
      rows = rows.stream().filter(top::contains).toList();
    }
    int urlWidth = "total".length();
    for (UrlStats s : rows) {
      urlWidth = Math.max(urlWidth, Math.min(MAX_URL_WIDTH, Printable.escape(s.url()).length()));
    }
    StringBuilder sb = new StringBuilder();
    pad(sb, "url", urlWidth, false);
    for (String h : HEADINGS) {
      sb.append(' ');
      pad(sb, h, NUMBER_WIDTH, true);
    }
    sb.append('\n');
    int lineWidth = sb.length() - 1;
    boolean rowWithoutRate = false;
    for (UrlStats s : rows) {
      // a URL came from an input file or a server: escaped, it cannot drive the terminal
      row(sb, summary, s, shorten(Printable.escape(s.url())), urlWidth);
      rowWithoutRate |= !summary.givesRate(s.count());
    }
    if (hidden > 0) {
      sb.append(String.format(Locale.ROOT, "... %,d more paths with fewer requests in summary.json%n", hidden));
    }
    sb.append("-".repeat(lineWidth)).append('\n');
    row(sb, summary, summary.overall(), "total", urlWidth);
    sb.append("outcomes (all phases):");
    for (Map.Entry<Outcome, Long> e : summary.outcomeCounts().entrySet()) {
      sb.append(' ').append(e.getKey().label()).append('=').append(e.getValue());
    }
    sb.append('\n');
    sb.append(
        String.format(
            Locale.ROOT,
            "records: %d; impossible measurements: %d; measured window: %s%n",
            summary.recordsTotal(),
            summary.impossibleMeasurements(),
            summary.measuredWindowNanos() > 0
                ? String.format(Locale.ROOT, "%.3f s", summary.measuredWindowNanos() / 1e9)
                : "unknown"));
    if (summary.pace().fellBehind()) {
      sb.append("pace: ").append(summary.pace().statement()).append('\n');
    }
    String noRate = summary.noRateReason(summary.overall().count());
    if (noRate != null) {
      sb.append("perSecond: ").append(noRate).append('\n');
    } else if (rowWithoutRate) {
      sb.append(String.format(Locale.ROOT, "perSecond: - where a row has fewer than %d requests (too few to give"
          + " a rate)%n", Summary.MIN_RATE_REQUESTS));
    }
    return sb.toString();
  }

  private static void row(StringBuilder sb, Summary summary, UrlStats s, String label, int urlWidth) {
    pad(sb, label, urlWidth, false);
    cell(sb, Long.toString(s.count()));
    cell(sb, Long.toString(s.errors()));
    cell(sb, number(s.meanMicros(), 1));
    cell(sb, number(s.p50Micros(), 1));
    cell(sb, number(s.p90Micros(), 1));
    cell(sb, number(s.p99Micros(), 1));
    cell(sb, number(s.maxMicros(), 1));
    cell(sb, summary.givesRate(s.count()) ? number(s.throughputPerSecond(), 2) : "-");
    sb.append('\n');
  }

  private static void cell(StringBuilder sb, String text) {
    sb.append(' ');
    pad(sb, text, NUMBER_WIDTH, true);
  }

  private static String number(double value, int decimals) {
    if (!Double.isFinite(value)) {
      return "-";
    }
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  private static String shorten(String url) {
    if (url.length() <= MAX_URL_WIDTH) {
      return url;
    }
    int keep = MAX_URL_WIDTH - 3;
    int head = keep / 2;
    return url.substring(0, head) + "..." + url.substring(url.length() - (keep - head));
  }

  private static void pad(StringBuilder sb, String text, int width, boolean right) {
    int spaces = Math.max(0, width - text.length());
    if (right) {
      sb.append(" ".repeat(spaces)).append(text);
    } else {
      sb.append(text).append(" ".repeat(spaces));
    }
  }
}
