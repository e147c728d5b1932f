package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The findings' pace section: judged from the generator's records alone, with its evidence. */
class FindingsPaceTest {
  private static final long SECOND = 1_000_000_000L;

  /** A request intended at {@code intended}, sent {@code lagNanos} later, or never (generator-error). */
  private static RequestRecord record(long seq, long intended, long lagNanos, Outcome outcome) {
    long send = outcome == Outcome.GENERATOR_ERROR ? -1 : intended + lagNanos;
    long last = send < 0 ? -1 : send + 100_000;
    return new RequestRecord(seq, 0, 0, "GET", "/a", "127.0.0.1:1", send, false,
        intended, send, last, last, outcome == Outcome.OK ? 200 : 0, 0, 0, outcome, Phase.MEASURE, "");
  }

  @Test
  void aGeneratorThatFellBehindFromTheSecondSecondIsNamedWithItsEvidence() {
    List<RequestRecord> records = new ArrayList<>();
    int seq = 0;
    for (int i = 0; i < 100; i++) { // second 0: on time
      records.add(record(seq++, i * (SECOND / 100), 50_000, Outcome.OK));
    }
    for (int i = 0; i < 100; i++) { // second 1: 20 late by 20 ms, 30 never sent
      Outcome o = i < 30 ? Outcome.GENERATOR_ERROR : Outcome.OK;
      records.add(record(seq++, SECOND + i * (SECOND / 100), i >= 30 && i < 50 ? 20_000_000 : 50_000, o));
    }
    Findings.Pace pace = FindingsBuilder.pace(records);
    assertEquals(200, pace.scheduled());
    assertEquals(20, pace.late());
    assertEquals(30, pace.notSent());
    assertEquals(1, pace.behindFromSecond());
    assertTrue(pace.statement().startsWith("the generator could not keep up from second 1: 50 of 200 scheduled"),
        pace.statement());
    assertTrue(pace.statement().endsWith("from 200 records with an intended start (requests.csv, the generator's"
        + " monotonic clock)"), pace.statement());
  }

  @Test
  void aGeneratorOnScheduleKeptUpAndSaysHowMuchItRestsOn() {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      records.add(record(i, i * (SECOND / 10), 1_000_000, Outcome.OK));
    }
    Findings.Pace pace = FindingsBuilder.pace(records);
    assertEquals(-1, pace.behindFromSecond());
    assertEquals("kept to its schedule: 0 late (begun > 10 ms after the intended start) and 0 not sent of 50;"
        + " from 50 records with an intended start (requests.csv, the generator's monotonic clock)", pace.statement());
    assertEquals("not judged: no record has an intended start", FindingsBuilder.pace(List.of()).statement());
  }
}
