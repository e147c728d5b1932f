package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTableTest {
  static Summary summary() {
    UrlStats a = new UrlStats("/static/2k", 1200, 3, Map.of(Outcome.TIMEOUT, 3L), 1197,
        1234.5678, 1000.25, 2000.5, 5123.0, 9876.54, 120.0);
    UrlStats b = new UrlStats("/cgi", 300, 0, Map.of(), 300, 250.0, 240.0, 300.0, 400.0, 410.0, 30.0);
    UrlStats none = new UrlStats("/down", 5, 5, Map.of(Outcome.CONNECT_ERROR, 5L), 0,
        Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0.5);
    UrlStats all = new UrlStats(UrlStats.ALL, 1505, 8,
        Map.of(Outcome.TIMEOUT, 3L, Outcome.CONNECT_ERROR, 5L), 1497,
        1037.8, 990.0, 1900.0, 5100.0, 9876.54, 150.5);
    return new Summary(all, List.of(b, none, a),
        Map.of(Outcome.OK, 1600L, Outcome.TIMEOUT, 3L, Outcome.CONNECT_ERROR, 5L), 1608, 2,
        10_000_000_000L, Summary.Pace.NONE);
  }

  static final String GOLDEN = ""
      + "url              count      errors  meanMicros   p50Micros   p90Micros   p99Micros   maxMicros   perSecond\n"
      + "/cgi               300           0       250.0       240.0       300.0       400.0       410.0       30.00\n"
      + "/down                5           5           -           -           -           -           -           -\n"
      + "/static/2k        1200           3      1234.6      1000.3      2000.5      5123.0      9876.5      120.00\n"
      + "-".repeat(106) + "\n"
      + "total             1505           8      1037.8       990.0      1900.0      5100.0      9876.5      150.50\n"
      + "outcomes (all phases): ok=1600 http-error=0 timeout=3 connect-error=5 reset=0 invalid=0 aborted=0 generator-error=0\n"
      + "records: 1608; impossible measurements: 2; measured window: 10.000 s\n"
      + "perSecond: - where a row has fewer than 10 requests (too few to give a rate)\n";

  @Test
  void formatIsFixedWidthAndUsesDecimalPointsUnderAGermanLocale() {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      String table = SummaryTable.format(summary());
      assertEquals(GOLDEN, table);
      assertFalse(table.contains(","), table);
    } finally {
      Locale.setDefault(saved);
    }
  }

  private static Summary run(long count, long windowNanos) {
    UrlStats s = new UrlStats("/x", count, 0, Map.of(), count, 1, 1, 1, 1, 1,
        windowNanos > 0 ? count * 1e9 / windowNanos : Double.NaN);
    return new Summary(s, List.of(s), Map.of(Outcome.OK, count), count, 0, windowNanos, Summary.Pace.NONE);
  }

  @Test
  void aShortRunPrintsItsCountAndWindowAndSaysItIsTooShortToGiveARate() {
    String table = SummaryTable.format(run(4, 95_500_000L));
    assertFalse(table.contains("41.88"), table);
    assertEquals("total           4           0         1.0         1.0         1.0         1.0         1.0"
        + "           -", table.split("\n")[3]);
    assertTrue(table.endsWith("records: 4; impossible measurements: 0; measured window: 0.096 s\n"
        + "perSecond: 4 requests in 0.096 s: too short to give a rate (needs >= 10 requests over >= 2 s)\n"), table);
  }

  @Test
  void aRateNeedsTenRequestsAndTwoSeconds() {
    assertTrue(run(10, 2_000_000_000L).givesRate(10));
    assertFalse(run(9, 2_000_000_000L).givesRate(9));
    assertFalse(run(1000, 1_999_999_999L).givesRate(1000));
    assertEquals("9 requests in 60.000 s: too few to give a rate (needs >= 10 requests over >= 2 s)",
        run(9, 60_000_000_000L).noRateReason(9));
    assertEquals(null, run(10, 2_000_000_000L).noRateReason(10));
    String unknown = SummaryTable.format(run(500, 0));
    assertTrue(unknown.endsWith("measured window: unknown\n"
        + "perSecond: 500 requests, measured window unknown: no rate (needs >= 10 requests over >= 2 s)\n"), unknown);
    assertTrue(SummaryTable.format(run(20, 2_000_000_000L)).contains("10.00\n"), "20 requests in 2 s give 10/s");
  }

  @Test
  void longUrlsAreShortenedInTheMiddle() {
    String url = "/" + "x".repeat(30) + "/" + "y".repeat(30);
    UrlStats s = new UrlStats(url, 1, 0, Map.of(), 1, 1, 1, 1, 1, 1, 1);
    String table = SummaryTable.format(new Summary(s, List.of(s), Map.of(), 1, 0, 1, Summary.Pace.NONE));
    String first = table.split("\n")[1];
    assertEquals("/" + "x".repeat(21) + "..." + "y".repeat(23), first.substring(0, SummaryTable.MAX_URL_WIDTH));
  }

  @Test
  void controlCharactersOfUrlsAreEscapedNotPrinted() {
    // the hostile paths: clear the screen, retitle the window, and a C1 CSI
    for (String url : List.of("/d\u001b[2J", "/c\u001b]0;PWNED\u0007", "/n\u0000ul", "/csi\u009b31m")) {
      UrlStats s = new UrlStats(url, 1, 0, Map.of(), 1, 1, 1, 1, 1, 1, 1);
      String table = SummaryTable.format(new Summary(s, List.of(s), Map.of(), 1, 0, 1, Summary.Pace.NONE));
      assertTrue(table.chars().noneMatch(c -> c < 0x20 && c != '\n' || c == 0x7f || c >= 0x80 && c <= 0x9f),
          table);
      assertTrue(table.contains(io.crosscheck.text.Printable.escape(url)), table);
    }
    UrlStats s = new UrlStats("/d\u001b[2J", 1, 0, Map.of(), 1, 1, 1, 1, 1, 1, 1);
    assertTrue(SummaryTable.format(new Summary(s, List.of(s), Map.of(), 1, 0, 1, Summary.Pace.NONE)).split("\n")[1]
        .startsWith("/d\\e[2J "));
  }
}
