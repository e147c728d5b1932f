package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
    // could not keep up from second 1: 50 (late + not sent) of 200 scheduled, the evidence the 200 records
    assertEquals(Findings.PaceState.FELL_BEHIND, pace.state());
    assertEquals(50, pace.late() + pace.notSent());
    assertNull(pace.statement(), "the sentence is the renderer's");
  }

  @Test
  void aGeneratorOnScheduleKeptUpAndSaysHowMuchItRestsOn() {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      records.add(record(i, i * (SECOND / 10), 1_000_000, Outcome.OK));
    }
    Findings.Pace pace = FindingsBuilder.pace(records);
    assertEquals(-1, pace.behindFromSecond());
    // kept to its schedule: 0 late (begun > 10 ms after the intended start) and 0 not sent of 50 records
    assertEquals(Findings.PaceState.KEPT_UP, pace.state());
    assertEquals(0, pace.late());
    assertEquals(0, pace.notSent());
    assertEquals(50, pace.scheduled());
    assertEquals(10_000.0, pace.lateThresholdMicros());
    // not judged: no record has an intended start
    assertEquals(Findings.PaceState.NOT_JUDGED, FindingsBuilder.pace(List.of()).state());
    assertEquals(0, FindingsBuilder.pace(List.of()).scheduled());
  }
}
