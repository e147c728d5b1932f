package io.crosscheck.rundir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.record.ClockCalibration;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.LatencyHistograms;
import io.crosscheck.record.RecordingSink;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.record.SummaryJson;
import io.crosscheck.telemetry.TelemetryCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge of shard run directories (issue 15, deliverable 3), on directories written by the real
 * writers (RunDirectory, RecordingSink): merged counts and percentiles equal those of one histogram
 * built from all records, and of one recording of all records; a missing shard is reported, a
 * foreign one refused.
 */
class MergeTest {
  private static final String DIGEST = "a".repeat(64);
  private static final int SHARDS = 3;
  private static final int RECORDS = 6_000;

  @TempDir Path base;

  /** Seeded records with a long-tailed latency, a few errors, of sessions 0..RECORDS/2. */
  private static List<RequestRecord> records(long startNanos) {
    SplittableRandom random = new SplittableRandom(15);
    List<RequestRecord> out = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      long session = i / 2;
      long send = startNanos + i * 500_000L + random.nextLong(100_000);
      // log-normal-ish: most 100 us - 2 ms, a tail to ~200 ms
      long latency = (long) (100_000 * Math.exp(random.nextDouble() * random.nextDouble() * 7.6));
      Outcome outcome = i % 97 == 0 ? Outcome.RESET : Outcome.OK;
      boolean complete = outcome == Outcome.OK;
      out.add(new RequestRecord(session, (int) session, i % 2, "GET", i % 3 == 0 ? "/a" : "/b?x=" + i % 5,
          "127.0.0." + (2 + session % SHARDS) + ":" + (40_000 + session % 1000), send - 40_000, i % 2 == 1,
          send - 1_000, send, complete ? send + latency / 2 : -1, complete ? send + latency : -1,
          complete ? 200 : 0, 120, complete ? 2_200 : 0, outcome, Phase.MEASURE, complete ? "" : "reset"));
    }
    return out;
  }

  /** A run directory as a shard's run writes it: run.json with its shard, the sink's files. */
  private Path shard(String name, int index, int count, String digest, List<RequestRecord> records, long startNanos,
      boolean finished) throws IOException {
    RunDirectory dir = RunDirectory.create(base, name);
    dir.shard(new RunJson.ShardSection(index, count, digest, "own-" + index, null));
    dir.writeStart(List.of("crosscheck", "run", "--shard", index + "/" + count), RunDirectoryTest.workload(), 42L,
        digest, new RunJson.EngineSection("netty", "per-session", 6, 1, 5_000_000_000L, 30_000_000_000L,
            List.of("127.0.0." + (2 + index)), false), ClockCalibration.calibrate());
    RecordingSink sink = new RecordingSink(dir.path(), RunDirectoryTest.workload().phases());
    records.forEach(sink::accept);
    sink.close(startNanos, startNanos + 5_000_000_000L);
    if (finished) {
      dir.writeEnd("completed", new RunJson.EngineResultSection(startNanos, startNanos + 5_000_000_000L,
          5_000_000_000L, records.size(), 10L, records.size() / 2, records.size() / 2, 0L,
          Map.of("peakConnections", 5L, "epollTransport", 1L)), ClockCalibration.calibrate());
    } else {
      // killed before its recording closed: no summary.json, latency.hlog without its intervals
      Files.delete(dir.path().resolve(RunFiles.SUMMARY_JSON));
      List<String> header = Files.readAllLines(dir.latencyHlog()).stream()
          .filter(l -> l.startsWith("#") || l.startsWith("\"")).toList();
      Files.write(dir.latencyHlog(), header);
    }
    return dir.path();
  }

  private List<Path> shards(List<RequestRecord> all, long startNanos, int killed) throws IOException {
    List<Path> dirs = new ArrayList<>();
    for (int i = 0; i < SHARDS; i++) {
      int index = i;
      List<RequestRecord> own = all.stream().filter(r -> r.sessionId() % SHARDS == index).toList();
      dirs.add(shard("shard-" + i, i, SHARDS, DIGEST, own, startNanos, i != killed));
    }
    return dirs;
  }

  @Test
  void mergedCountsAndPercentilesAreThoseOfOneHistogramOfAllRecords() throws IOException {
    long startNanos = System.nanoTime();
    List<RequestRecord> all = records(startNanos);
    List<Path> dirs = shards(all, startNanos, -1);
    Path out = base.resolve("merged");

    ShardMerge.Result r = ShardMerge.merge(dirs, out, Map.of(), List.of("crosscheck", "merge"));
    r.describe().forEach(line -> System.out.println("MergeTest: " + line));

    assertTrue(r.complete(), r.describe().toString());
    assertEquals(RECORDS, r.recordsMerged());
    assertEquals(r.recordsSum(), r.recordsMerged());
    long complete = all.stream().filter(LatencyHistograms::inServiceHistogram).count();
    assertEquals(complete, r.histogramExpected());
    assertEquals(complete, r.histogramCount());
    assertEquals(keys(all), keys(RequestCsv.read(out.resolve(RunFiles.REQUESTS_CSV))), "every record, once");

    Histogram one = new Histogram(3);
    all.stream().filter(LatencyHistograms::inServiceHistogram).forEach(x -> one.recordValue(LatencyHistograms.serviceMicros(x)));
    Histogram merged = serviceHistogram(out.resolve(RunFiles.LATENCY_HLOG));
    assertSamePercentiles(one, merged);

    // summary.json: as one recording of every record (one generator) writes it
    Path single = shard("single", 0, 1, DIGEST, all, startNanos, true);
    SummaryJson expected = RunFiles.readSummary(single).orElseThrow();
    SummaryJson got = RunFiles.readSummary(out).orElseThrow();
    assertEquals(expected.overall(), got.overall());
    assertEquals(expected.urls(), got.urls());
    assertEquals(expected.outcomeCountsAllPhases(), got.outcomeCountsAllPhases());
    assertEquals(expected.pace(), got.pace());

    RunJson run = RunFiles.readRun(out);
    assertEquals(RunJson.COMPLETED, run.status());
    assertNull(run.shard().index());
    assertEquals(SHARDS, run.shard().merged().size());
    assertEquals(DIGEST, run.shard().unshardedDigest());
    assertEquals(List.of("127.0.0.2", "127.0.0.3", "127.0.0.4"), run.engine().sourceAddresses());
    assertEquals(15L, run.engineResult().extra().get("peakConnections"), "amounts are summed");
    assertEquals(1L, run.engineResult().extra().get("epollTransport"), "flags are not");
    assertTrue(Files.readString(out.resolve(ShardTelemetry.FILE)).startsWith("# summed over shards"));
  }

  @Test
  void aKilledShardIsReportedAndItsHistogramsRebuiltFromItsRecords() throws IOException {
    long startNanos = System.nanoTime();
    List<RequestRecord> all = records(startNanos);
    List<Path> dirs = shards(all, startNanos, 1);
    Path out = base.resolve("merged");

    ShardMerge.Result r = ShardMerge.merge(dirs, out, Map.of(1, "exit 137 after 4.1 s"), List.of("merge"));
    r.describe().forEach(line -> System.out.println("MergeTest: " + line));

    assertFalse(r.complete());
    assertTrue(r.consistent(), "no record lost: " + r.describe());
    assertEquals("failed", r.shards().get(1).status());
    assertTrue(r.describe().get(0).startsWith("merged 2 of 3 shards; shard 1 failed: exit 137 after 4.1 s"),
        r.describe().get(0));
    Histogram one = new Histogram(3);
    all.stream().filter(LatencyHistograms::inServiceHistogram).forEach(x -> one.recordValue(LatencyHistograms.serviceMicros(x)));
    assertSamePercentiles(one, serviceHistogram(out.resolve(RunFiles.LATENCY_HLOG)));
    RunJson run = RunFiles.readRun(out);
    assertEquals(RunJson.FAILED, run.status());
    assertTrue(run.failure().contains("shard 1 failed: exit 137"), run.failure());
  }

  @Test
  void aMissingShardIsReportedAndForeignOnesRefused() throws IOException {
    long startNanos = System.nanoTime();
    List<RequestRecord> all = records(startNanos);
    List<Path> dirs = shards(all, startNanos, -1);

    ShardMerge.Result r = ShardMerge.merge(List.of(dirs.get(0), dirs.get(2)), base.resolve("two"), Map.of(),
        List.of("merge"));
    System.out.println("MergeTest: " + r.describe().get(0));
    assertEquals("missing", r.shards().get(1).status());
    assertFalse(r.complete());
    assertTrue(r.describe().get(0).contains("shard 1 missing: no run directory of this shard was given"),
        r.describe().get(0));

    Path foreign = shard("foreign", 1, SHARDS, "b".repeat(64), List.of(), startNanos, true);
    ShardMerge.MergeRefused e = assertThrows(ShardMerge.MergeRefused.class,
        () -> ShardMerge.merge(List.of(dirs.get(0), foreign, dirs.get(2)), base.resolve("x"), Map.of(), List.of()));
    System.out.println("MergeTest: " + e.getMessage());
    assertTrue(e.getMessage().contains(foreign + ": another schedule (unsharded digest bbbbbbbbbbbb"), e.getMessage());
    assertFalse(Files.exists(base.resolve("x").resolve(RunFiles.RUN_JSON)), "nothing written");

    Path otherCount = shard("four", 1, 4, DIGEST, List.of(), startNanos, true);
    e = assertThrows(ShardMerge.MergeRefused.class,
        () -> ShardMerge.merge(List.of(dirs.get(0), otherCount), base.resolve("y"), Map.of(), List.of()));
    assertTrue(e.getMessage().contains("shard 1 of 4, but"), e.getMessage());

    e = assertThrows(ShardMerge.MergeRefused.class,
        () -> ShardMerge.merge(List.of(dirs.get(0), dirs.get(0)), base.resolve("z"), Map.of(), List.of()));
    assertTrue(e.getMessage().contains("shard index 0 given twice"), e.getMessage());

    RunDirectory plain = RunDirectory.create(base, "unsharded");
    plain.writeStart(List.of("run"), RunDirectoryTest.workload(), 42L, DIGEST, null, ClockCalibration.calibrate());
    e = assertThrows(ShardMerge.MergeRefused.class,
        () -> ShardMerge.merge(List.of(dirs.get(0), plain.path()), base.resolve("w"), Map.of(), List.of()));
    assertTrue(e.getMessage().contains(plain.path() + ": not a shard: its run.json has no shard section"),
        e.getMessage());
  }

  @Test
  void telemetryIsSummedOverTheShardsThatRecordedItAndAMalformedFileIsNamed() throws IOException {
    long startNanos = System.nanoTime();
    List<Path> dirs = shards(records(startNanos), startNanos, -1);
    String row = ",10,12,20,1000,2000,-1,0,0,,,,0.5000,,0.2000,,4\n";
    Files.writeString(dirs.get(0).resolve(RunFiles.TELEMETRY_CSV), TelemetryCsv.HEADER + "\n1000000000" + row);
    Files.writeString(dirs.get(1).resolve(RunFiles.TELEMETRY_CSV), TelemetryCsv.HEADER + "\n1050000000" + row);
    Files.writeString(dirs.get(2).resolve(RunFiles.TELEMETRY_CSV), TelemetryCsv.HEADER + "\n1000000000,x" + row);
    Path out = base.resolve("merged");

    ShardMerge.merge(dirs, out, Map.of(), List.of("merge"));

    List<String> sum = Files.readAllLines(out.resolve(ShardTelemetry.FILE));
    assertTrue(sum.get(0).startsWith("# summed over shards") && sum.get(0).contains("; shard 2 left out: "), sum.get(0));
    assertEquals("1000000000,2,20,2000,1.0000,0.0000", sum.get(2), "two shards' samples in the bucket, no sys CPU");
    assertEquals(3, sum.size());
    assertTrue(Files.exists(out.resolve("telemetry-shard-2.csv")), "the malformed file is still kept");
  }

  @Test
  void aMismatchIsPrintedAsOne() {
    ShardMerge.Result r = new ShardMerge.Result(1, List.of(new RunJson.MergedShard(0, "merged", "s0", "completed", 6,
        null)), 5, 6, 4, 3, null);
    List<String> lines = r.describe();
    assertFalse(r.consistent());
    assertTrue(lines.contains("records: merged 5 != sum of shards 6 (MISMATCH)"), lines.toString());
    assertTrue(lines.contains("latency.hlog service count 4 != complete replies in the records 3 (MISMATCH)"),
        lines.toString());
  }

  private static void assertSamePercentiles(Histogram one, Histogram merged) {
    assertEquals(one.getTotalCount(), merged.getTotalCount());
    for (double p : new double[] {50, 90, 99, 99.9, 100}) {
      assertEquals(one.getValueAtPercentile(p), merged.getValueAtPercentile(p), "p" + p);
    }
    assertEquals(one.getMaxValue(), merged.getMaxValue());
    System.out.printf(java.util.Locale.ROOT, "MergeTest: %d values; p50 %d, p90 %d, p99 %d, p99.9 %d, max %d us"
        + " (merged = one histogram of all records)%n", merged.getTotalCount(), merged.getValueAtPercentile(50),
        merged.getValueAtPercentile(90), merged.getValueAtPercentile(99), merged.getValueAtPercentile(99.9),
        merged.getMaxValue());
  }

  private static Histogram serviceHistogram(Path hlog) throws IOException {
    Histogram sum = new Histogram(3);
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        if (LatencyHistograms.TAG_SERVICE.equals(h.getTag())) {
          sum.add((Histogram) h);
        }
      }
    }
    return sum;
  }

  private static Set<String> keys(List<RequestRecord> records) {
    Set<String> out = new HashSet<>();
    for (RequestRecord r : records) {
      assertTrue(out.add(r.sessionId() + "/" + r.seq()), "record " + r.sessionId() + "/" + r.seq() + " twice");
    }
    return out;
  }
}
