package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.Phase;
import org.junit.jupiter.api.Test;

/**
 * The run summary's per-path rows stay bounded whatever the workload: a session id in a path
 * parameter does not make each session's pages a path of their own, and a bookstore's thousands of
 * thumbnails are summed past the bound (each path costs a histogram: unbounded, 9 TPC-W runs of 2
 * minutes ran out of a 6 GB heap).
 */
class SummaryPathsTest {
  @Test
  void pathParametersAreNotPartOfThePathAndPathsBeyondTheBoundAreSummed() {
    SummaryAccumulator acc = new SummaryAccumulator();
    for (int session = 0; session < 50; session++) {
      acc.add(Records.ok(session, 0, "/tpcw/TPCW_home_interaction;jsessionid=S" + session + "?C_ID=" + session,
          1_000_000L * session, 1_000_000, Phase.MEASURE));
    }
    for (int item = 0; item < 1500; item++) {
      acc.add(Records.ok(60, item, "/tpcw/Images/img" + item % 100 + "/thumb_" + item + ".gif",
          1_000_000L * item, 500_000, Phase.MEASURE));
    }
    Summary s = acc.toSummary(1_000_000_000L, Long.MIN_VALUE);
    assertEquals(50, s.url("/tpcw/TPCW_home_interaction").count(), "one path for every session's home page");
    assertEquals(SummaryAccumulator.MAX_URL_PATHS + 1, s.perUrl().size(), "the first paths and one summed row");
    assertEquals(1500 - (SummaryAccumulator.MAX_URL_PATHS - 1), s.url(SummaryAccumulator.OTHER_PATHS).count());
    assertEquals(1550, s.overall().count());
    String table = SummaryTable.format(s);
    assertEquals(SummaryTable.MAX_ROWS, table.lines().filter(l -> l.startsWith("/tpcw/") || l.startsWith("(")).count(),
        "the most requested paths are printed:\n" + table);
    org.junit.jupiter.api.Assertions.assertTrue(table.contains("/tpcw/TPCW_home_interaction ")
        && table.contains(SummaryAccumulator.OTHER_PATHS) && table.contains("... " + (SummaryAccumulator.MAX_URL_PATHS + 1 - SummaryTable.MAX_ROWS) + " more paths"), table);
    assertEquals("/a/b", SummaryAccumulator.pathOf("/a/b;x=1?q#f"));
    assertEquals("/a/b", SummaryAccumulator.pathOf("/a/b#f?q"));
  }
}
