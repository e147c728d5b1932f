package io.crosscheck.compare;

import static io.crosscheck.compare.MatcherTest.CLOCK;
import static io.crosscheck.compare.MatcherTest.OFFSET;
import static io.crosscheck.compare.MatcherTest.exchange;
import static io.crosscheck.compare.MatcherTest.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.report.FindingsTable;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.Support;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, red-team 7, 11, 18, 19, 23: what the findings support (findings.json {@code support},
 * exit 0 or 3) and how the table states it, on in-memory data: no exchange completed, failures
 * dominating, a run that did not complete, no layout, every second of the run in the per-second
 * rows, and the measured phase of a stalled run.
 */
class FindingsSupportTest {
  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000 * MS;

  /** A run: records, the wire, its connection events, and how long the capture lasted. */
  private record Run(List<RequestRecord> records, List<WireExchange> wire, List<ConnectionEvent> events,
      long captureNanos) {}

  /** {@code users} requests to a server that never answers: aborted at the run's end, no reply on the wire. */
  private static Run stalled(int users, long captureNanos) {
    Run r = new Run(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), captureNanos);
    for (int u = 0; u < users; u++) {
      String conn = "127.0.0.1:" + (42000 + u);
      long send = MS + u * MS;
      RequestRecord sent = record(u, 0, "/fault/stall", conn, 0, send, 0, Outcome.ABORTED);
      r.records().add(new RequestRecord(sent.sessionId(), sent.userId(), 0, "GET", sent.url(), conn, 0, false, send,
          send, -1, -1, 0, 89, 0, Outcome.ABORTED, sent.phase(), "run stopped"));
      long start = send + OFFSET + 20_000;
      r.wire().add(new WireExchange(conn, OFFSET + 30_000, "127.0.0.1:8080", 0, false, -1, start, start, -1, -1,
          "GET", "/fault/stall", 0, 89, 0, "no-response"));
      r.events().add(new ConnectionEvent(OFFSET + 30_000, ConnectionEvent.Kind.OPEN, conn, OFFSET + 30_000, u + 1));
    }
    return r;
  }

  /** {@code ok} answered requests 10 ms apart on one connection, then {@code refused} connect errors. */
  private static Run withConnectErrors(int ok, int refused) {
    Run r = new Run(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), 0);
    String conn = "127.0.0.1:41000";
    r.events().add(new ConnectionEvent(OFFSET + 30_000, ConnectionEvent.Kind.OPEN, conn, OFFSET + 30_000, 1));
    for (int i = 0; i < ok; i++) {
      long send = MS + i * 10 * MS;
      r.records().add(record(1, i, "/static/2k", conn, 0, send, 500_000, Outcome.OK));
      r.wire().add(exchange(conn, 0, i, "/static/2k", send, 450_000));
    }
    for (int i = 0; i < refused; i++) {
      r.records().add(record(100 + i, 0, "/static/2k", "", -1, ok * 10 * MS + i * MS, 0, Outcome.CONNECT_ERROR));
    }
    return r;
  }

  private static Findings build(Run r, List<TelemetrySample> telemetry, long runEndNanos) {
    long last = Math.max(OFFSET + r.captureNanos(), r.wire().stream()
        .mapToLong(e -> Math.max(e.requestStartEpochNanos(), e.lastResponseByteEpochNanos())).max().orElse(OFFSET));
    GeneratorSide gen = new GeneratorSide(r.records(), CLOCK, OFFSET, 0, telemetry, null, 2,
        Findings.CoresSource.UNKNOWN, 0, runEndNanos, false);
    MatchResult m = Matcher.match(r.records(), r.wire(), CLOCK);
    return FindingsBuilder.build(gen, Reconstruction.inMemory(r.wire(), r.events(), OFFSET, last), m, 90, SECOND);
  }

  private static FindingsFile file(String status, Findings f, List<RequestRecord> records) {
    return new FindingsFile(2, new FindingsFile.RunEvidence(status, "", records.size(), null, "capture.pcap"), null,
        null, null, f, SupportCheck.judge(status, f, records));
  }

  /** Samples every 100 ms from 0 to {@code untilNanos}, 0.3 cores of 2. */
  private static List<TelemetrySample> telemetry(long untilNanos) {
    List<TelemetrySample> out = new ArrayList<>();
    for (int i = 0; i * 100 * MS <= untilNanos; i++) {
      double c = i == 0 ? Double.NaN : 0.3;
      out.add(new TelemetrySample(i * 100 * MS, 20, 20, 20, 1 << 20, 1 << 21, 1 << 22, 0, 0, 0, 0, 1e6, c * 0.8,
          c * 0.2, 0.5, i == 0 ? Double.NaN : 1_000, 2));
    }
    return out;
  }

  /** Red-team 7: a mute server (0 pairs) is not supported, and no NaN is printed or written. */
  @Test
  void noCompletedExchangeStatesNoResponseTimeAndIsNotSupported() throws Exception {
    Run r = stalled(4, 5 * SECOND);
    Findings f = build(r, telemetry(5 * SECOND), 5 * SECOND);
    FindingsFile file = file(RunJson.COMPLETED, f, r.records());

    assertTrue(f.coverage().sufficient(), "every record matched its exchange: " + f.coverage());
    assertEquals(0, f.responseTime().pairs());
    Support s = file.support();
    assertFalse(s.supported());
    assertEquals(List.of(Support.Reason.NO_COMPLETED_EXCHANGE, Support.Reason.FAILURES_DOMINATE), s.reasons());
    assertEquals(4, s.failed());
    assertEquals(100.0, s.failedPercent(), 1e-9);
    String table = FindingsTable.format(file);
    assertFalse(table.contains("NaN"), table);
    // failures: 4 of 4 records of the measured phase ended with no reply (100.0 %: aborted 4)
    assertEquals(4, s.records());
    assertEquals(java.util.Map.of("aborted", 4L), s.failedByOutcome());
    assertTrue(table.contains("not supported:"), table);
    String json = JsonFiles.mapper().writeValueAsString(file);
    assertFalse(json.contains("NaN"), json);
    assertTrue(json.contains("\"reasons\" : [ \"no-completed-exchange\", \"failures-dominate\" ]"), json);
    assertEquals(s, JsonFiles.mapper().readValue(json, FindingsFile.class).support(), "support round-trips");
  }

  /** Red-team 7: a server that died mid-run: connect errors far outnumber the answered requests. */
  @Test
  void failuresAboveTheCeilingAreStatedAndNotSupported() {
    Run r = withConnectErrors(10, 30);
    Findings f = build(r, List.of(), -1);
    FindingsFile file = file(RunJson.COMPLETED, f, r.records());

    assertTrue(f.coverage().sufficient(), String.valueOf(f.coverage()));
    assertEquals(10, f.responseTime().pairs(), "the answered requests still have their figures");
    assertEquals(List.of(Support.Reason.FAILURES_DOMINATE), file.support().reasons());
    assertEquals(75.0, file.support().failedPercent(), 1e-9);
    String table = FindingsTable.format(file);
    // failures: 30 of 40 records ended with no reply (75.0 %: connect-error 30), above the 50 % ceiling: a
    // figure rests only on the 10 that did not
    assertEquals(40, file.support().records());
    assertEquals(30, file.support().failed());
    assertEquals(java.util.Map.of("connect-error", 30L), file.support().failedByOutcome());
    assertEquals(50.0, file.support().maxFailedPercent(), 1e-9);
    assertTrue(table.contains("not supported:"), table);

    Run few = withConnectErrors(10, 2);
    Findings g = build(few, List.of(), -1);
    FindingsFile ok = file(RunJson.COMPLETED, g, few.records());
    assertTrue(ok.support().supported(), "2 of 12 failed: " + ok.support());
    assertFalse(FindingsTable.format(ok).contains("not supported"));
  }

  /** Red-team 23 and 9: an interrupted or killed run says so first, and is not supported. */
  @Test
  void aRunThatDidNotCompleteSaysSoAndIsNotSupported() {
    Run r = withConnectErrors(10, 0);
    Findings f = build(r, List.of(), -1);
    for (String status : List.of(RunJson.INTERRUPTED, "unfinished", RunJson.FAILED)) {
      FindingsFile file = file(status, f, r.records());
      assertEquals(List.of(Support.Reason.RUN_INCOMPLETE), file.support().reasons(), status);
      String table = FindingsTable.format(file);
      assertTrue(table.startsWith("run:           " + status + ": "), table);
      assertEquals(status, file.support().runStatus(), "not supported: the run is " + status + ", not completed");
      assertTrue(table.contains("not supported:"), table);
    }
    FindingsFile done = file(RunJson.COMPLETED, f, r.records());
    assertTrue(done.support().supported());
    assertFalse(FindingsTable.format(done).contains("run:"), FindingsTable.format(done));
  }

  /** Red-team 18: a run without an engine layout (legacy engines, agents) prints no "null". */
  @Test
  void noLayoutPrintsNoNull() {
    Run r = withConnectErrors(10, 0);
    Findings built = build(r, List.of(), -1);
    Findings f = built.toBuilder().errorSource(ErrorSourceCheck.judge(built, null)).build();
    assertNull(f.errorSource().layout());
    assertNull(f.errorSource().knownAccuracy());
    assertEquals(Findings.ErrorCause.CLIENT_HOST, f.errorSource().cause());
    String table = FindingsTable.format(f);
    assertFalse(table.contains("null"), table);
    assertFalse(table.contains("engine layout"), table);
    assertTrue(table.contains("error source:"), table);
  }

  private static final Pattern ROW = Pattern.compile("(?m)^ *(\\d+)(?:-(\\d+))? +(\\d+) +");

  /**
   * Red-team 11: 300 requests in second 7 of a 60 s run. The rows cover the whole run (each sums its
   * seconds) and say so: the requests add up to 300, where every 4th second alone showed 0 req/s.
   */
  @Test
  void perSecondRowsCoverEverySecond() {
    Run r = new Run(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), 60 * SECOND);
    for (int u = 0; u < 300; u++) {
      String conn = "127.0.0.1:" + (43000 + u);
      long send = 7 * SECOND + u * 3 * MS;
      r.records().add(record(u, 0, "/static/2k", conn, send - MS, send, 500_000, Outcome.OK));
      r.wire().add(exchange(conn, send - MS, 0, "/static/2k", send, 450_000));
      r.events().add(new ConnectionEvent(send - MS + OFFSET + 30_000, ConnectionEvent.Kind.OPEN, conn,
          send - MS + OFFSET + 30_000, 1));
    }
    Findings f = build(r, List.of(), -1);
    assertEquals(61, f.intervals().size());
    String table = FindingsTable.format(f);

    assertTrue(table.contains("(61 intervals of 1 s, 4 to a row: each row sums them;"), table);
    java.util.regex.Matcher m = ROW.matcher(table.substring(table.indexOf("req/s")));
    double requests = 0;
    int rows = 0;
    long nextSecond = 0;
    while (m.find()) {
      long from = Long.parseLong(m.group(1));
      long to = m.group(2) == null ? from : Long.parseLong(m.group(2));
      assertEquals(nextSecond, from, "the rows leave no second out: " + table);
      nextSecond = to + 1;
      requests += Double.parseDouble(m.group(3)) * (to - from + 1);
      rows++;
    }
    assertEquals(61, nextSecond, table);
    assertTrue(rows <= 20, table);
    assertEquals(300, requests, 1e-9, "every request is in a row: " + table);
  }

  /**
   * Red-team 19: a mute server's 5 s run, telemetry every 100 ms: the measured phase lasts to the
   * run's end (its requests were in flight until then), so the client host is judged on ~50 samples,
   * not on the one that fell before the last send.
   */
  @Test
  void aStalledRunsMeasuredPhaseLastsToTheRunsEnd() {
    Run r = stalled(4, 5 * SECOND);
    Findings.ClientHost judged = build(r, telemetry(5 * SECOND), 5 * SECOND).clientHost();
    assertTrue(judged.judged(), judged.toString());
    assertEquals(50, judged.samples(), judged.toString());
    assertEquals(5.0, judged.sampledSeconds(), 1e-6);

    Findings.ClientHost unknownEnd = build(r, telemetry(5 * SECOND), -1).clientHost();
    // not judged: only 1 telemetry sample with CPU falls in the measured phase (0.0 s, of 51 samples in all)
    assertEquals(Findings.ClientHostVerdict.NOT_JUDGED_FEW_SAMPLES, unknownEnd.verdict());
    assertEquals(1, unknownEnd.samples());
    assertEquals(51, unknownEnd.telemetrySamples());
    assertEquals(0.0, unknownEnd.measuredSeconds(), 0.05);
    assertEquals(100.0, unknownEnd.telemetryPeriodMillis(), 1e-9);
  }
}
