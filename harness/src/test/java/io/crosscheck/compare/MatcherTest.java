package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MatcherTest {
  /** epoch = monotonic + OFFSET. */
  static final long OFFSET = 1_700_000_000_000_000_000L;
  static final ClockMap CLOCK = ClockMap.of(List.of(new ClockOffset(OFFSET, 500, 0)));

  /** A record sent at {@code sendNanos} taking {@code latencyNanos}; empty conn = unknown. */
  static RequestRecord record(long session, int seq, String url, String conn, long openNanos, long sendNanos,
      long latencyNanos, Outcome outcome) {
    return new RequestRecord(session, (int) session, seq, "GET", url, conn, openNanos, seq > 0, sendNanos, sendNanos,
        outcome == Outcome.CONNECT_ERROR ? -1 : sendNanos + latencyNanos / 2,
        outcome == Outcome.OK ? sendNanos + latencyNanos : -1, 200, 80, 2100, outcome, Phase.MEASURE, "");
  }

  /** The wire's view of a request: it left 20 us after the send start and the reply took {@code wireNanos}. */
  static WireExchange exchange(String conn, long openNanos, int index, String url, long sendNanos, long wireNanos) {
    long start = sendNanos + OFFSET + 20_000;
    return new WireExchange(conn, openNanos + OFFSET + 30_000, "127.0.0.1:8080", index, false, -1, start, start,
        start + wireNanos / 2, start + wireNanos, "GET", url, 200, 80, 2100, "");
  }

  @Test
  void joinsByConnectionAndOrderEvenWhenAPortIsReused() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    // the same client port twice: first connection at 0 s, second at 2 s
    for (int c = 0; c < 2; c++) {
      long open = c * 2_000_000_000L;
      for (int i = 0; i < 3; i++) {
        long send = open + 1_000_000 + i * 10_000_000L;
        String url = "/u" + i;
        records.add(record(c, i, url, "127.0.0.1:40000", open, send, 1_000_000, Outcome.OK));
        wire.add(exchange("127.0.0.1:40000", open, i, url, send, 900_000));
      }
    }
    MatchResult m = Matcher.match(records, wire, CLOCK);
    assertEquals(6, m.matched().size());
    assertTrue(m.unmatchedRecords().isEmpty() && m.unmatchedExchanges().isEmpty());
    for (Match x : m.matched()) {
      assertTrue(x.byConnection());
      assertEquals(x.record().seq(), x.exchange().requestIndex());
      assertEquals(x.record().connectionOpenNanos() + OFFSET + 30_000, x.exchange().connectionOpenEpochNanos(),
          "the right one of the two connections on the reused port");
    }
  }

  @Test
  void everyRecordAndExchangeEndsMatchedOrWithAReason() {
    List<RequestRecord> records = List.of(
        record(1, 0, "/a", "127.0.0.1:40001", 0, 1_000_000, 1_000_000, Outcome.OK),
        record(1, 1, "/b", "127.0.0.1:40001", 0, 5_000_000, 1_000_000, Outcome.OK),
        record(2, 0, "/a", "127.0.0.1:40002", 0, -1, 0, Outcome.CONNECT_ERROR),
        record(3, 0, "/c", "", -1, 9_000_000, 1_000_000, Outcome.OK),
        record(4, 0, "/d", "", -1, 9_000_000, 1_000_000, Outcome.OK));
    List<WireExchange> wire = List.of(
        exchange("127.0.0.1:40001", 0, 0, "/a", 1_000_000, 900_000),
        exchange("127.0.0.1:40001", 0, 1, "/x", 5_000_000, 900_000),
        exchange("127.0.0.1:40003", 0, 0, "/c", 9_000_000, 900_000),
        exchange("127.0.0.1:40004", 0, 0, "/zzz", 9_000_000, 900_000));
    MatchResult m = Matcher.match(records, wire, CLOCK);
    assertEquals(2, m.matched().size());
    assertEquals(Map.of(Matcher.NEVER_SENT, 1L, Matcher.URL_DIFFERS, 1L, Matcher.NOTHING_NEAR, 1L),
        m.unmatchedRecordReasons());
    assertEquals(Map.of(Matcher.NOT_IN_RECORDS, 2L), m.unmatchedExchangeReasons());
    Match fallback = m.matched().stream().filter(x -> !x.byConnection()).findFirst().orElseThrow();
    assertEquals("/c", fallback.record().url());
    assertEquals(records.size(), m.matched().size() + m.unmatchedRecords().size());
    assertEquals(wire.size(), m.matched().size() + m.unmatchedExchanges().size());
  }

  @Test
  void fallbackTakesTheEarliestExchangeNotBeforeTheSendStart() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      long send = 1_000_000L + i * 3_000_000L;
      records.add(record(i, 0, "/same", "", -1, send, 2_000_000, Outcome.OK));
      wire.add(exchange("127.0.0.1:" + (41000 + i % 3), 0, i, "/same", send, 1_500_000));
    }
    MatchResult m = Matcher.match(records, wire, CLOCK);
    assertEquals(50, m.matched().size());
    for (Match x : m.matched()) {
      long lagNanos = x.exchange().requestStartEpochNanos() - CLOCK.toEpochNanos(x.record().sendStartNanos());
      assertEquals(20_000, lagNanos, "each record took its own exchange");
    }
  }

  @Test
  void findingsComputeTheStudysErrorAndTheConnectionVerdict() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    // two sessions on one connection: sharing
    for (int i = 0; i < 4; i++) {
      long send = 1_000_000 + i * 10_000_000L;
      records.add(record(i % 2, i / 2, "/p", "127.0.0.1:40010", 0, send, 1_000_000, Outcome.OK));
      wire.add(exchange("127.0.0.1:40010", 0, i, "/p", send, 900_000));
    }
    List<ConnectionEvent> events = List.of(
        new ConnectionEvent(OFFSET + 30_000, ConnectionEvent.Kind.OPEN, "127.0.0.1:40010", OFFSET + 30_000, 1),
        new ConnectionEvent(OFFSET + 60_000_000, ConnectionEvent.Kind.CLOSE, "127.0.0.1:40010", OFFSET + 30_000, 0));
    MatchResult m = Matcher.match(records, wire, CLOCK);
    GeneratorSide gen = new GeneratorSide(records, CLOCK, OFFSET, 0, List.of(), null);
    Findings f = FindingsBuilder.build(gen, Reconstruction.inMemory(wire, events, OFFSET, OFFSET + 60_000_000), m,
        90, 1_000_000_000L);
    assertEquals(4, f.responseTime().pairs());
    assertEquals(100.0, f.responseTime().absoluteErrorMicros(), 1e-9);
    assertEquals(100.0, f.responseTime().perRequestError().p99Micros(), 1e-9);
    assertEquals(20.0, f.lags().sendLag().meanMicros(), 1e-9);
    assertEquals(80.0, f.lags().receiveLag().meanMicros(), 1e-9, "send lag + receive lag = error");
    assertEquals(1, f.connections().connectionsUsedBySeveralSessions());
    assertEquals(4, f.connections().maxRequestsOnOneConnection());
    assertTrue(f.connections().verdict().startsWith("connection sharing: 1 connections carried requests of"
        + " several sessions; 1 connections for 2 sessions"),
        f.connections().verdict());
    assertEquals(1, f.connections().peakConcurrentConnections());
    assertEquals(4, f.intervals().get(0).requests());
  }
}
