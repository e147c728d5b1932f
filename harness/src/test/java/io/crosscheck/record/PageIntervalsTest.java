package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Phases;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A page-timing generator's figure rebuilt from records (TPC-W's RBE): a page and its images and
 * retries form one interval from the page's intended start to the last byte of its last exchange,
 * written through the recording sink into intervals.csv and requests.csv's interval column, read
 * back by the readers the comparison uses.
 */
class PageIntervalsTest {
  @TempDir Path dir;

  /** A record of user {@code user}'s session {@code session}, intended at t, sent at t+lag, lasting d. */
  private static RequestRecord rec(long session, int user, int seq, String url, int status, long intendedNanos,
      long lagNanos, long durationNanos) {
    long send = intendedNanos + lagNanos;
    boolean complete = status > 0;
    return new RequestRecord(session, user, seq, "GET", url, "127.0.0.1:4000" + user, send - 10, seq > 0,
        intendedNanos, send, complete ? send + durationNanos / 2 : -1, complete ? send + durationNanos : -1, status,
        100, complete ? 1000 : 0, complete ? (status >= 400 ? Outcome.HTTP_ERROR : Outcome.OK) : Outcome.RESET,
        Phase.MEASURE, "");
  }

  @Test
  void aPageItsRetriesAndItsImagesAreOneIntervalFromThePagesIntendedStart() throws Exception {
    PageIntervals intervals = new PageIntervals(dir, url -> url.startsWith("/page"), "RBE WIRT");
    RecordingSink sink = new RecordingSink(dir, new Phases(0, 10_000_000_000L, 0), intervals);
    // user 0: page A (lag 2 ms) + 2 images; page B fails, is retried at once, then 1 image
    sink.accept(rec(0, 0, 0, "/page/a", 200, 1_000_000, 2_000_000, 3_000_000)); // ends 6 ms
    sink.accept(rec(1, 1, 0, "/page/x", 200, 1_500_000, 0, 1_000_000)); // user 1 interleaved
    sink.accept(rec(0, 0, 1, "/img/1.gif", 200, 6_000_000, 100_000, 1_000_000)); // ends 7.1 ms
    sink.accept(rec(0, 0, 2, "/img/2.gif", 200, 7_100_000, 100_000, 900_000)); // ends 8.1 ms
    sink.accept(rec(0, 0, 3, "/page/b", 503, 20_000_000, 500_000, 1_000_000));
    sink.accept(rec(0, 0, 4, "/page/b", 200, 21_500_000, 0, 2_000_000)); // retry: ends 23.5 ms
    sink.accept(rec(0, 0, 5, "/img/3.gif", 200, 23_500_000, 0, 1_500_000)); // ends 25 ms
    sink.accept(rec(0, 0, 6, "/page/b", 200, 40_000_000, 0, 1_000_000)); // same URL after a success: new page
    sink.accept(rec(2, 0, 0, "/img/orphan.gif", 200, 50_000_000, 0, 1_000_000)); // new session, no page yet
    sink.close();

    List<IntervalRecord> rows = IntervalCsv.read(dir.resolve(IntervalCsv.FILE)).intervals();
    assertEquals(4, rows.size(), rows.toString());
    IntervalRecord a = rows.stream().filter(r -> r.intervalId() == 0).findFirst().orElseThrow();
    assertEquals(1_000_000, a.startNanos(), "the page's intended start, not its send start");
    assertEquals(8_100_000, a.endNanos(), "the last image's last byte");
    assertEquals(7_100_000, a.reportedNanos());
    assertEquals(3, a.exchanges());
    assertEquals("RBE WIRT", a.source());
    assertEquals("user-0", a.thread());
    IntervalRecord b = rows.stream().filter(r -> r.intervalId() == 2).findFirst().orElseThrow();
    assertEquals(20_000_000, b.startNanos());
    assertEquals(25_000_000, b.endNanos());
    assertEquals(3, b.exchanges(), "the failed page, its retry and its image");
    IntervalRecord x = rows.stream().filter(r -> r.intervalId() == 1).findFirst().orElseThrow();
    assertEquals(1, x.exchanges());
    assertEquals(1_000_000, x.reportedNanos());

    RequestCsv.ReadResult read = RequestCsv.readAll(dir.resolve(RecordingSink.REQUESTS_CSV));
    assertTrue(read.agentColumns().isPresent(), "requests.csv carries the interval column");
    List<Long> ids = read.agentColumns().get().stream().map(RequestCsv.AgentColumns::intervalId).toList();
    assertEquals(List.of(0L, 1L, 0L, 0L, 2L, 2L, 2L, 3L, -1L), ids);
  }
}
