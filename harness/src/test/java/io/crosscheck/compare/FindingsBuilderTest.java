package io.crosscheck.compare;

import static io.crosscheck.compare.MatcherTest.CLOCK;
import static io.crosscheck.compare.MatcherTest.OFFSET;
import static io.crosscheck.compare.MatcherTest.exchange;
import static io.crosscheck.compare.MatcherTest.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stage 3 on in-memory data: coverage first, and no verdict or error figure the matched records do
 * not support.
 */
class FindingsBuilderTest {
  private static final long SECOND = 1_000_000_000L;

  /** {@code sessions} sessions of {@code perSession} requests, each on its own connection, 100 ms apart. */
  private static void perSession(int sessions, int perSession, long fromNanos, List<RequestRecord> records,
      List<WireExchange> wire, List<ConnectionEvent> events) {
    for (int s = 0; s < sessions; s++) {
      String conn = "127.0.0.1:" + (41000 + s);
      long open = fromNanos + s * 10_000_000L;
      events.add(new ConnectionEvent(open + OFFSET + 30_000, ConnectionEvent.Kind.OPEN, conn, open + OFFSET + 30_000,
          s + 1));
      for (int i = 0; i < perSession; i++) {
        long send = open + 1_000_000 + i * 100_000_000L;
        records.add(record(s, i, "/p" + i, conn, open, send, 1_000_000, Outcome.OK));
        wire.add(exchange(conn, open, i, "/p" + i, send, 900_000));
      }
    }
  }

  private static Findings build(List<RequestRecord> records, List<WireExchange> wire, List<ConnectionEvent> events) {
    long first = wire.stream().mapToLong(WireExchange::connectionOpenEpochNanos).min().orElse(OFFSET);
    long last = wire.stream().mapToLong(WireExchange::lastResponseByteEpochNanos).max().orElse(OFFSET);
    GeneratorSide gen = records.isEmpty() ? null : new GeneratorSide(records, CLOCK, OFFSET, 0, List.of(), null);
    MatchResult m = gen == null ? MatchResult.wireOnly(wire) : Matcher.match(records, wire, CLOCK);
    return FindingsBuilder.build(gen, Reconstruction.inMemory(wire, events, first, last), m, 90, SECOND);
  }

  @Test
  void aCaptureOfOtherTrafficMatchesNothingAndJudgesNothing() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> ignored = new ArrayList<>();
    List<RequestRecord> otherRecords = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    perSession(10, 5, 0, records, ignored, new ArrayList<>());
    // the capture holds another run, 100 s later, on the same ports and URLs
    perSession(4, 20, 100 * SECOND, otherRecords, wire, events);

    Findings f = build(records, wire, events);

    assertEquals(0, f.coverage().matched());
    assertFalse(f.coverage().sufficient());
    assertEquals(50, f.coverage().outsideCapture(), "every request was sent before the capture");
    assertEquals(Findings.CoverageState.NONE_MATCHED, f.coverage().state(), f.coverage().toString());
    assertEquals(50L, f.coverage().sentBeforeCapture(), "the capture starts after every request");
    assertEquals(0L, f.coverage().sentAfterCapture());
    assertNull(f.responseTime());
    assertNull(f.lags());
    assertNull(f.cdf());
    assertFalse(f.connections().judged());
    assertEquals(Findings.VerdictKind.NOT_JUDGED, f.connections().kind());
    assertEquals(0, f.coverage().matched(), "not judged: 0 of 50 sent records matched");
    assertEquals(50, f.coverage().recordsSent());
  }

  @Test
  void connectErrorsAreCountedApartAndSessionsComeFromMatchedRecordsOnly() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    perSession(5, 4, 0, records, wire, events);
    // 100 sessions that never got a connection (the server died): no exchange can hold them
    for (int s = 100; s < 200; s++) {
      records.add(record(s, 0, "/p0", "", -1, 50_000_000L + s * 1_000L, 0, Outcome.CONNECT_ERROR));
    }

    Findings f = build(records, wire, events);

    assertEquals(120, f.coverage().records());
    assertEquals(100, f.coverage().neverReachedServer());
    assertEquals(20, f.coverage().recordsSent());
    assertEquals(20, f.coverage().matched());
    assertTrue(f.coverage().sufficient());
    assertEquals(0L, f.coverage().neverSent(), "all 100 a connect-error, none a generator-error");
    assertEquals(5, f.connections().sessions(), "sessions among matched records, not the 105 of all records");
    assertEquals(Findings.VerdictKind.NO_SHARING, f.connections().kind());
    assertEquals(5, f.connections().matchedConnections(), "5 connections for 5 sessions");
    assertEquals(20, f.responseTime().pairs());
    // the magnitudes beside the signed errors (the CI gate's p99-error): equal while no error is negative
    assertEquals(20, f.responseTime().perRequestErrorMagnitude().count());
    assertTrue(f.responseTime().perRequestError().minMicros() >= 0);
    assertEquals(f.responseTime().perRequestError().p99Micros(),
        f.responseTime().perRequestErrorMagnitude().p99Micros(), 1e-9);
  }

  @Test
  void exchangesBeforeTheFirstRecordAndAfterTheLastAreSaidToBeUnrecorded() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    // an agent attached for a while: the capture also holds the generator's traffic before and after
    perSession(3, 4, 10 * SECOND, records, wire, events);
    perSession(2, 3, 0, new ArrayList<>(), wire, events);
    perSession(2, 3, 30 * SECOND, new ArrayList<>(), wire, events);

    Findings f = build(records, wire, events);

    assertEquals(12, f.coverage().matched());
    assertTrue(f.coverage().sufficient(), "the records' side is complete");
    assertEquals(12L, f.coverage().unrecordedExchanges(), "the capture's exchanges before the first record or after"
        + " the last, which the generator did not record: " + f.coverage());
  }

  @Test
  void belowTheFloorNothingIsJudgedAndTheShareIsSaid() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    perSession(4, 5, 0, records, wire, events);
    // the capture lost one connection's exchanges in the middle of the run (e.g. a kernel drop)
    wire.removeIf(e -> e.connectionId().equals("127.0.0.1:41001"));

    Findings f = build(records, wire, events);

    assertEquals(15, f.coverage().matched());
    // the lost connection's first and last requests went within 100 ms of the capture's ends: they
    // may have missed it, so they are not held against it
    assertEquals(2, f.coverage().outsideCapture());
    assertEquals(18, f.coverage().inCapture());
    assertEquals(100.0 * 15 / 18, f.coverage().recordsMatchedPercent(), 1e-9);
    assertFalse(f.coverage().sufficient());
    assertEquals(Findings.CoverageState.BELOW_FLOOR, f.coverage().state());
    assertNull(f.responseTime());
    assertEquals(Findings.VerdictKind.NOT_JUDGED, f.connections().kind());
  }

  @Test
  void theWireAloneIsJudgedAndItsIntervalsStartAtTheFirstPacket() {
    List<WireExchange> wire = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    // a shared cache: 2 connections carry 60 exchanges over 12 s (another tool's traffic)
    for (int c = 0; c < 2; c++) {
      String conn = "127.0.0.1:" + (42000 + c);
      events.add(new ConnectionEvent(OFFSET + c, ConnectionEvent.Kind.OPEN, conn, OFFSET + c, c + 1));
      for (int i = 0; i < 30; i++) {
        wire.add(exchange(conn, 0, i, "/x", c * 1_000L + i * 400_000_000L, 900_000));
      }
    }
    wire.add(exchange("127.0.0.1:42000", 0, 30, "/x", 12 * SECOND, 900_000));

    Findings f = build(List.of(), wire, events);

    assertTrue(f.coverage().wireOnly());
    assertTrue(f.coverage().sufficient());
    assertEquals(61, f.latency().wireAllExchanges().count());
    assertEquals(900.0, f.latency().wireAllExchanges().p50Micros(), 1e-9);
    assertEquals(0.0, f.intervals().get(0).startSeconds());
    assertEquals(13, f.intervals().size(), "one per second of the 12 s capture, not counted from the epoch");
    assertEquals(61, f.intervals().stream().mapToLong(Findings.Interval::wireExchanges).sum());
    assertTrue(f.connections().judged());
    // 2 connections for 61 exchanges; after the first 5 s 2 open; one carried 51 %: few persistent connections
    assertEquals(Findings.VerdictKind.WIRE_FEW_CONNECTIONS, f.connections().kind());
    assertEquals(2, f.connections().connectionsWithRequests());
    assertEquals(61, f.connections().exchanges());
    assertEquals(5, f.connections().settleSeconds());
    assertEquals(2, f.connections().openAfterFirstSecondsMin());
    assertEquals(2, f.connections().openAfterFirstSecondsMax());
    assertEquals(51, Math.round(f.connections().busiestConnectionPercent()));
    assertNull(f.responseTime());
  }

  @Test
  void anotherClientsConnectionsAreLeftOutOfTheGeneratorsCountsAndNamed() {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    perSession(4, 5, 0, records, wire, events);
    // a second audit against the same server at the same time: 10 connections of its own, 3 exchanges each,
    // from other ports, all open at once
    for (int c = 0; c < 10; c++) {
      String conn = "127.0.0.1:" + (50_000 + c);
      long open = OFFSET + 5_000_000L + c * 1_000L;
      events.add(new ConnectionEvent(open, ConnectionEvent.Kind.OPEN, conn, open, 0));
      for (int i = 0; i < 3; i++) {
        long start = open + 1_000_000 + i * 100_000_000L;
        wire.add(new WireExchange(conn, open, "127.0.0.1:8080", i, false, -1, start, start, start + 400_000,
            start + 800_000, "GET", "/other", 200, 80, 2100, ""));
      }
    }
    events.sort(java.util.Comparator.comparingLong(ConnectionEvent::epochNanos));
    Findings f = build(records, wire, events);

    Findings.Connections c = f.connections();
    assertEquals(4, c.connectionsOpened(), "the generator's 4, not the 14 captured");
    assertEquals(4, c.connectionsWithRequests());
    assertEquals(4, c.peakConcurrentConnections());
    assertEquals(10L, c.foreignConnections());
    assertEquals(30L, c.foreignExchanges());
    assertEquals(Findings.VerdictKind.NO_SHARING, c.kind());
    assertTrue(io.crosscheck.report.FindingsTable.format(f).contains("foreign:       30 exchanges on 10 connections"
        + " that no record of this generator names (evidence: its records' client ip:port and connect instants)"),
        io.crosscheck.report.FindingsTable.format(f));

    // records that do not name their connections (the JDK's URL.openStream): nothing can be told apart
    List<RequestRecord> unnamed = records.stream().map(r -> record(r.sessionId(), r.seq(), r.url(), "", -1,
        r.sendStartNanos(), r.latencyNanos(), r.outcome())).toList();
    Findings legacy = build(new ArrayList<>(unnamed), wire, events);
    assertNull(legacy.connections().foreignConnections());
    assertEquals(14, legacy.connections().connectionsOpened());
  }
}
