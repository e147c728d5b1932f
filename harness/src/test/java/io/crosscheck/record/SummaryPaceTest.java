package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import org.junit.jupiter.api.Test;

/** The pace line: late (begun > 10 ms after the intended start) or not sent, and from which second. */
class SummaryPaceTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long START = 50 * SECOND;

  private static RequestRecord record(long intended, long began, Outcome outcome) {
    return new RequestRecord(1, 0, 0, "GET", "/a", "", began, false, intended, began, -1, -1, 0, 0, 0, outcome,
        Phase.MEASURE, "");
  }

  @Test
  void onTimeRequestsGiveNoPaceLine() {
    SummaryAccumulator acc = new SummaryAccumulator();
    for (int i = 0; i < 1000; i++) {
      long intended = START + i * 3_000_000L;
      acc.add(record(intended, intended + 9_000_000L, Outcome.OK)); // 9 ms: not late
    }
    Summary.Pace pace = acc.toSummary(3 * SECOND, START).pace();
    assertEquals(-1, pace.behindFromSecond());
    assertEquals(0, pace.late());
    assertNull(pace.describe());
  }

  @Test
  void theFirstSecondWithTenAndOnePercentLateOrUnsentIsWhereItFellBehind() {
    SummaryAccumulator acc = new SummaryAccumulator();
    for (int i = 0; i < 3000; i++) {
      long intended = START + i * 1_000_000L; // 1000 per second for 3 s
      boolean second0 = i < 1000;
      if (second0 && i % 200 == 0) {
        acc.add(record(intended, intended + 20_000_000L, Outcome.OK)); // 5 late in second 0: too few
      } else if (!second0 && i >= 1500 && i % 2 == 0) {
        acc.add(record(intended, -1, Outcome.GENERATOR_ERROR));
      } else if (!second0 && i >= 1500) {
        acc.add(record(intended, intended + 50_000_000L, Outcome.OK));
      } else {
        acc.add(record(intended, intended, Outcome.OK));
      }
    }
    Summary summary = acc.toSummary(3 * SECOND, START);
    Summary.Pace pace = summary.pace();
    assertEquals(1, pace.behindFromSecond());
    assertEquals(5 + 750, pace.late());
    assertEquals(750, pace.notSent());
    assertEquals(3000, pace.scheduled());
    assertEquals("the generator could not keep up from second 1: 1,505 of 3,000 scheduled requests were sent late"
        + " or not at all (755 begun > 10 ms after their intended start, 750 not sent (generator-error))",
        pace.describe());
    // the summary's line says what it rests on, in the findings' words (Pace.statement)
    assertTrue(SummaryTable.format(summary).contains("\npace: " + pace.describe() + "; from 3,000 records with an"
        + " intended start (requests.csv, the generator's monotonic clock)\n"), SummaryTable.format(summary));
  }
}
