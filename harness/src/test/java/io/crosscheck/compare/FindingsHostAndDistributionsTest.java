package io.crosscheck.compare;

import static io.crosscheck.compare.MatcherTest.CLOCK;
import static io.crosscheck.compare.MatcherTest.OFFSET;
import static io.crosscheck.compare.MatcherTest.exchange;
import static io.crosscheck.compare.MatcherTest.record;
import static io.crosscheck.rundir.Findings.CoresSource.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.report.FindingsTable;
import io.crosscheck.rundir.Findings;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The percentile, per-URL and client-host sections of the findings, on in-memory data. */
class FindingsHostAndDistributionsTest {
  private static final long MS = 1_000_000L;

  /** A run's records and wire: {@code n} requests on one connection, 10 ms apart, latencies varied. */
  private record Run(List<RequestRecord> records, List<WireExchange> wire, List<ConnectionEvent> events,
      long[] reportedNanos, long[] wireNanos) {}

  private static Run run(int n, java.util.function.IntFunction<String> url) {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> wire = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    String conn = "127.0.0.1:41000";
    events.add(new ConnectionEvent(OFFSET + 30_000, ConnectionEvent.Kind.OPEN, conn, OFFSET + 30_000, 1));
    long[] reported = new long[n];
    long[] wireNanos = new long[n];
    for (int i = 0; i < n; i++) {
      long send = MS + i * 10 * MS;
      long latency = 200_000 + (i * 7919L % 1000) * 3_000; // 0.2 .. 3.2 ms, spread
      long w = latency - 40_000 - (i % 5) * 1_000;
      Outcome outcome = i % 13 == 12 ? Outcome.HTTP_ERROR : Outcome.OK;
      records.add(record(1, i, url.apply(i), conn, 0, send, latency, Outcome.OK));
      if (outcome != Outcome.OK) { // an error reply is still a complete pair
        RequestRecord r = records.remove(records.size() - 1);
        records.add(new RequestRecord(r.sessionId(), r.userId(), r.seq(), r.method(), r.url(), r.connectionId(),
            r.connectionOpenNanos(), r.connectionReused(), r.intendedStartNanos(), r.sendStartNanos(),
            r.firstByteNanos(), r.lastByteNanos(), 500, r.requestBytes(), r.responseBytes(), outcome, r.phase(), ""));
      }
      wire.add(exchange(conn, 0, i, url.apply(i), send, w));
      reported[i] = latency;
      wireNanos[i] = w;
    }
    return new Run(records, wire, events, reported, wireNanos);
  }

  private static Findings build(Run r, List<TelemetrySample> telemetry, int coresFallback) {
    long first = OFFSET;
    long last = r.wire().stream().mapToLong(WireExchange::lastResponseByteEpochNanos).max().orElse(OFFSET);
    GeneratorSide gen = new GeneratorSide(r.records(), CLOCK, OFFSET, 0, telemetry, null, coresFallback,
        Findings.CoresSource.RUN_JSON_HOST);
    MatchResult m = Matcher.match(r.records(), r.wire(), CLOCK);
    return FindingsBuilder.build(gen, Reconstruction.inMemory(r.wire(), r.events(), first, last), m, 90,
        1_000_000_000L);
  }

  /** Samples every 100 ms from 0 to {@code untilNanos}, CPU {@code cpu(i)} cores, run-queue {@code queue}. */
  private static List<TelemetrySample> telemetry(long untilNanos, java.util.function.IntToDoubleFunction cpu,
      double queueMicrosPerSecond, int cores) {
    List<TelemetrySample> out = new ArrayList<>();
    for (int i = 0; i * 100 * MS <= untilNanos + 100 * MS; i++) {
      double c = i == 0 ? Double.NaN : cpu.applyAsDouble(i);
      out.add(new TelemetrySample(i * 100 * MS, 20, 20, 20, 1 << 20, 1 << 21, 1 << 22, 0, 0, 0, 0, 1e6, c * 0.8,
          c * 0.2, 0.5, i == 0 ? Double.NaN : queueMicrosPerSecond, cores));
    }
    return out;
  }

  @Test
  void aBusyPolledLoopCoreIsLeftOutAndFullOtherCoresBlameTheHostOnlyWhenTheSendLagShowsIt() {
    // 2 cores, one spun by the loop-alone layout's loop, the other full (in-process server, capture)
    List<TelemetrySample> full = telemetry(3_000 * MS, i -> 1.97, 0, 2);
    Findings.ClientHost onTime = ClientHostCheck.judge(full, MS, 3_000 * MS, 0, UNKNOWN, 60.0, Double.NaN, null,
        null, 1);
    assertEquals(Boolean.FALSE, onTime.bottleneck(), onTime.toString());
    assertEquals(Boolean.TRUE, onTime.cpuSaturated(), "the other core was saturated, and says so");
    assertEquals(1, onTime.cpuCoresAvailable(), "the spun core is not available to the rest");
    assertEquals(0.97, onTime.generatorCpuCoresMean(), 1e-9, "the loop's core is left out of the CPU figures");
    // not the bottleneck: the cores left to its other threads were saturated, its busy-polling loop sent on time
    assertEquals(Findings.ClientHostVerdict.NOT_BOTTLENECK_LOOP_ON_TIME, onTime.verdict(), onTime.toString());
    assertEquals(1, onTime.busyPollingCores(), "the loop's core is left out: " + onTime);
    assertEquals(Findings.CoresSource.TELEMETRY, onTime.coresSource());
    Findings.ClientHost late = ClientHostCheck.judge(full, MS, 3_000 * MS, 0, UNKNOWN, 2_500.0, Double.NaN, null,
        null, 1);
    assertEquals(Boolean.TRUE, late.bottleneck(), late.toString());
    assertEquals(Findings.ClientHostVerdict.BOTTLENECK_CPU, late.verdict(), late.toString());
    Findings.ClientHost unspun = ClientHostCheck.judge(full, MS, 3_000 * MS, 0, UNKNOWN, 60.0, Double.NaN, null,
        null, 0);
    assertEquals(Boolean.TRUE, unspun.bottleneck(), "without busy polling the same samples saturate the host");
    Findings.ClientHost allSpun = ClientHostCheck.judge(full, MS, 3_000 * MS, 0, UNKNOWN, 60.0, Double.NaN, null,
        null, 2);
    assertEquals(false, allSpun.judged(), allSpun.toString());
    assertEquals(Findings.ClientHostVerdict.NOT_JUDGED_ALL_BUSY_POLLED, allSpun.verdict());
    assertEquals(2, allSpun.cpuCoresAvailable(), "2 cores, both busy-polled");
  }

  @Test
  void percentilesAreHdrHistogramsValuesAscendingForEveryColumn() {
    Run r = run(500, i -> "/p");
    Findings f = build(r, List.of(), 2);
    Findings.Percentiles p = f.percentiles();
    assertNotNull(p);
    assertEquals(500, p.count());
    assertEquals("measured phase", p.window());
    assertEquals(FindingsBuilder.PERCENTILES, p.percentiles());
    Histogram reported = new Histogram(3);
    Histogram wire = new Histogram(3);
    for (int i = 0; i < 500; i++) {
      reported.recordValue(r.reportedNanos()[i]);
      wire.recordValue(r.wireNanos()[i]);
    }
    for (int k = 0; k < p.percentiles().size(); k++) {
      double q = p.percentiles().get(k);
      assertEquals(reported.getValueAtPercentile(q) / 1e3, p.reportedMicros().get(k), 0, "reported p" + q);
      assertEquals(reported.getValueAtPercentile(q) / 1e3, p.fromSendStartMicros().get(k), 0, "from send p" + q);
      // the test's records are sent at their intended start: from intended = from send
      assertEquals(reported.getValueAtPercentile(q) / 1e3, p.fromIntendedStartMicros().get(k), 0, "intended p" + q);
      assertEquals(wire.getValueAtPercentile(q) / 1e3, p.wireMicros().get(k), 0, "wire p" + q);
    }
    for (List<Double> column : List.of(p.fromIntendedStartMicros(), p.fromSendStartMicros(), p.wireMicros(),
        p.reportedMicros())) {
      assertEquals(p.percentiles().size(), column.size());
      for (int k = 1; k < column.size(); k++) {
        assertTrue(column.get(k) >= column.get(k - 1), "ascending: " + column);
      }
    }
    assertEquals(200.0, p.reportedMicros().get(0), 0.2, "p0 is the minimum, 200 us");
    assertEquals(3197.0, p.reportedMicros().get(p.percentiles().size() - 1), 3.2, "p100 the maximum");
  }

  @Test
  void urlsGroupByPathWithoutQueryAndCapAtFiftyWithTheRestSummed() {
    // 60 paths; path k has 60 - k records (k = 0 most), with queries and ;jsessionid that must not split it
    List<String> urls = new ArrayList<>();
    for (int k = 0; k < 60; k++) {
      for (int j = 0; j < 60 - k; j++) {
        urls.add("/servlet/S" + k + (j % 3 == 0 ? "?item=" + j : j % 3 == 1 ? ";jsessionid=ABC" : ""));
      }
    }
    Run r = run(urls.size(), urls::get);
    Findings f = build(r, List.of(), 2);
    Findings.Urls u = f.urls();
    assertEquals(Findings.Urls.MAX_GROUPS + 1, u.groups().size());
    assertEquals("/servlet/S0", u.groups().get(0).urlGroup());
    assertEquals(60, u.groups().get(0).count());
    assertEquals("/servlet/S49", u.groups().get(49).urlGroup());
    Findings.UrlGroup other = u.groups().get(50);
    assertEquals(Findings.Urls.OTHER, other.urlGroup());
    assertEquals(10 + 9 + 8 + 7 + 6 + 5 + 4 + 3 + 2 + 1, other.count(), "paths 50..59 summed");
    assertEquals(urls.size(), u.groups().stream().mapToLong(Findings.UrlGroup::count).sum());
    assertEquals(urls.size() / 13, u.groups().stream().mapToLong(Findings.UrlGroup::errors).sum(),
        "every 13th record is an http-error");
    assertEquals(urls.size(), u.groups().stream().mapToLong(Findings.UrlGroup::matched).sum());
    Findings.UrlGroup g = u.groups().get(0);
    assertEquals(g.reportedMeanMicros() - g.wireMeanMicros(), g.absoluteErrorMicros(), 1e-9);
    assertTrue(g.absoluteErrorMicros() >= 40 && g.absoluteErrorMicros() <= 44, g.toString());
    assertTrue(g.wireP50Micros() <= g.wireP99Micros() && g.reportedP50Micros() <= g.reportedP99Micros());
    assertEquals(1_830L, (long) u.records(), "records of the measured phase: " + u);
    assertEquals(60, (int) u.urlGroups(), "URL groups, 50 listed and 10 summed as (other)");
    assertEquals(urls.size(), (long) u.pairs(), "every record matched");
    assertEquals(51, u.groups().size());
    // a URL with a control character is kept as it came, and escaped on the terminal
    Run hostile = run(20, i -> "/a\nresponse time: forged\u001b[2J");
    Findings h = build(hostile, List.of(), 2);
    assertEquals("/a\nresponse time: forged\u001b[2J", h.urls().groups().get(0).urlGroup());
    String table = FindingsTable.format(h);
    assertFalse(table.contains("\u001b") || table.contains("\nresponse time: forged"), table);
    assertTrue(table.contains("/a\\nresponse time: forg"), table);
  }

  @Test
  void aSaturatedGeneratorIsTheBottleneckAndSaysSoBeforeTheErrorFigure() {
    Run r = run(300, i -> "/p"); // 3 s
    Findings f = build(r, telemetry(3_000 * MS, i -> i % 2 == 0 ? 1.95 : 1.2, 20_000, 2), 0);
    Findings.ClientHost h = f.clientHost();
    assertTrue(h.judged());
    assertEquals(Boolean.TRUE, h.bottleneck(), h.toString());
    assertEquals(2, h.cpuCoresAvailable());
    assertEquals(1.95, h.generatorCpuCoresMax(), 1e-9);
    assertEquals(1.575, h.generatorCpuCoresMean(), 0.03);
    assertEquals(1.5, h.saturatedSeconds(), 0.11, "every other 100 ms sample of 3 s");
    assertEquals(20_000, h.runQueueWaitMicrosPerSecondMax(), 0);
    assertEquals(f.lags().sendLag().p99Micros(), h.sendLagP99Micros());
    assertEquals(Findings.ClientHostVerdict.BOTTLENECK_CPU, h.verdict(), h.toString());
    assertEquals(2, h.cpuCoresAvailable());
    assertEquals(20_000, h.runQueueWaitMicrosPerSecondMean(), 1e-9);
    assertEquals(0.0, h.startLagP99Micros(), 1e-9);
    assertEquals(100.0, h.telemetryPeriodMillis(), 1e-9);
    assertEquals(3.0, h.measuredSeconds(), 0.05);
    assertEquals(Findings.ClientHostThresholds.CURRENT, h.thresholds());
    assertEquals(0.9, h.thresholds().saturatedFraction(), 0);
    assertEquals(f.lags().sendLag().count(), h.sendLagPairs());
    assertEquals(FindingsBuilder.startLagsSorted(r.records()).length, h.startLagRecords());
    assertNull(h.statement(), "the sentence is the renderer's");
    assertNull(h.evidence(), "the sentence is the renderer's");
    String table = FindingsTable.format(f);
    int host = table.indexOf("client host:");
    assertTrue(host >= 0 && host < table.indexOf("response time:"), table);
  }

  @Test
  void aGeneratorWithCpuToSpareIsNotTheBottleneckUnlessItsThreadsQueue() {
    Run r = run(300, i -> "/p");
    Findings calm = build(r, telemetry(3_000 * MS, i -> 0.4, 3_000, 2), 0);
    assertTrue(calm.clientHost().judged());
    assertEquals(Boolean.FALSE, calm.clientHost().bottleneck(), calm.clientHost().toString());
    assertEquals(0.0, calm.clientHost().saturatedSeconds(), 0);
    // not the bottleneck: generator CPU mean 0.40 of 2 cores
    assertEquals(Findings.ClientHostVerdict.NOT_BOTTLENECK, calm.clientHost().verdict(), calm.clientHost().toString());
    assertEquals(0.40, calm.clientHost().generatorCpuCoresMean(), 1e-9);
    assertEquals(2, calm.clientHost().cpuCoresAvailable());
    // its threads queue for a core (a JVM warming up), but the requests do not show it: 20 us send lag
    Findings queuedOnly = build(r, telemetry(3_000 * MS, i -> 0.6, 250_000, 2), 0);
    assertEquals(Boolean.FALSE, queuedOnly.clientHost().bottleneck(), queuedOnly.clientHost().toString());
    assertEquals(Findings.ClientHostVerdict.NOT_BOTTLENECK_SEND_LAG_LOW, queuedOnly.clientHost().verdict(),
        queuedOnly.clientHost().toString());
    // a CPU hog beside it: the generator's own CPU is modest, its threads wait for a core and its
    // requests leave late
    Findings.ClientHost queued = ClientHostCheck.judge(telemetry(3_000 * MS, i -> 0.6, 250_000, 2), MS,
        3_000 * MS, 0, Findings.CoresSource.UNKNOWN, 1_500.0);
    assertEquals(Boolean.TRUE, queued.bottleneck(), queued.toString());
    // the bottleneck: threads queued for a core, and the send lag shows it; generator CPU mean 0.60 of 2 cores
    assertEquals(Findings.ClientHostVerdict.BOTTLENECK_RUN_QUEUE, queued.verdict(), queued.toString());
    assertEquals(0.60, queued.generatorCpuCoresMean(), 1e-9);
    assertEquals(2, queued.cpuCoresAvailable());
    assertEquals(250_000, queued.runQueueWaitMicrosPerSecondMean(), 1e-9);
    assertEquals(250_000, queued.runQueueWaitMicrosPerSecondMax(), 1e-9);
    assertEquals(1_500.0, queued.sendLagP99Micros(), 0);
    // format-1 telemetry: no cores and no run-queue column; the cores from run.json
    List<TelemetrySample> v1 = new ArrayList<>();
    for (TelemetrySample s : telemetry(3_000 * MS, i -> 0.95, Double.NaN, -1)) {
      v1.add(new TelemetrySample(s.sampleNanos(), 20, 20, 20, 1 << 20, 1 << 21, 1 << 22, 0, 0, 0, 0, 1e6,
          s.processCpuUserCores(), s.processCpuSysCores(), 0.5));
    }
    Findings old = build(r, v1, 1);
    assertEquals(Boolean.TRUE, old.clientHost().bottleneck(), old.clientHost().toString());
    assertEquals(1, old.clientHost().cpuCoresAvailable());
    assertNull(old.clientHost().runQueueWaitMicrosPerSecondMax());
    assertNull(old.clientHost().runQueueWaitMicrosPerSecondMean(), "run-queue wait not measured");
    assertEquals(Findings.CoresSource.RUN_JSON_HOST, old.clientHost().coresSource(), "the cores from run.json");
  }

  @Test
  void withoutTelemetryTheHostIsNotJudgedAndNoFigureIsClaimed() {
    Findings f = build(run(100, i -> "/p"), List.of(), 2);
    Findings.ClientHost h = f.clientHost();
    assertFalse(h.judged());
    assertNull(h.bottleneck());
    assertNull(h.generatorCpuCoresMean());
    assertEquals(Findings.ClientHostVerdict.NOT_JUDGED_NO_TELEMETRY, h.verdict(), h.toString());
    assertTrue(FindingsTable.format(f).contains("client host:   not judged: the run recorded no telemetry"));
    assertNull(h.samples(), "no sample to count");
    // telemetry that ends before the measured phase: too few samples in it
    Findings early = build(run(100, i -> "/p"), telemetry(100 * MS, i -> 0.5, 0, 2).subList(0, 2), 2);
    assertFalse(early.clientHost().judged());
    // not judged: only 1 telemetry sample with CPU falls in the measured phase
    assertEquals(Findings.ClientHostVerdict.NOT_JUDGED_FEW_SAMPLES, early.clientHost().verdict(),
        early.clientHost().toString());
    assertEquals(1, early.clientHost().samples());
  }

  /** findings.json written before issue 12 (no new members) still reads; the new members round-trip. */
  @Test
  void aFindingsFileWithoutTheNewMembersReadsAndTheNewOnesRoundTrip() throws Exception {
    Findings f = build(run(200, i -> "/p" + (i % 3)), telemetry(2_000 * MS, i -> 0.5, 1_000, 2), 0);
    com.fasterxml.jackson.databind.node.ObjectNode tree = JsonFiles.mapper().valueToTree(f);
    Findings back = JsonFiles.mapper().treeToValue(tree, Findings.class);
    assertEquals(f.percentiles(), back.percentiles());
    assertEquals(f.urls(), back.urls());
    assertEquals(f.clientHost(), back.clientHost());
    tree.remove(List.of("percentiles", "urls", "clientHost"));
    Findings old = JsonFiles.mapper().treeToValue(tree, Findings.class);
    assertNull(old.percentiles());
    assertNull(old.urls());
    assertNull(old.clientHost());
    assertEquals(f.responseTime(), old.responseTime());
    assertFalse(FindingsTable.format(old).contains("client host:"), "nothing claimed for an old file");
  }

  /** The new sections, as findings.json and the table print them, do not depend on the default locale. */
  @Test
  void theNewSectionsAreIdenticalUnderEveryDefaultLocale() throws Exception {
    Run r = run(400, i -> "/servlet/S" + (i % 7) + "?x=" + i);
    List<TelemetrySample> t = telemetry(4_000 * MS, i -> 1.0 + (i % 10) / 10.0, 12_345.6, 2);
    Locale saved = Locale.getDefault();
    List<String> outputs = new ArrayList<>();
    try {
      for (Locale l : List.of(Locale.ROOT, Locale.GERMANY, Locale.forLanguageTag("ar-SA"),
          Locale.forLanguageTag("hi-IN-u-nu-deva"))) {
        Locale.setDefault(l);
        Findings f = build(r, t, 0);
        String json = JsonFiles.mapper().writeValueAsString(List.of(f.percentiles(), f.urls(), f.clientHost()));
        outputs.add(json + "\n" + FindingsTable.format(f));
      }
    } finally {
      Locale.setDefault(saved);
    }
    String root = outputs.get(0);
    assertTrue(root.contains("\"reportedMeanMicros\" : ") && root.contains("generator CPU mean 1.45 of 2 cores"),
        root);
    for (int i = 1; i < outputs.size(); i++) {
      assertEquals(root, outputs.get(i), "locale " + i);
    }
  }
}
