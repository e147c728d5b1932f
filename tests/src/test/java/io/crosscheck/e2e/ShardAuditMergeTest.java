package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.cli.Main;
import io.crosscheck.compare.FindingsBuilder;
import io.crosscheck.compare.ShardFindings;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.MergedShards;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.shard.AuditedShardMerge;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, deliverable 5: three shards of one schedule, each really audited ({@code audit --shard
 * i/3}, its own live capture on loopback, against one embedded server), merged by {@code crosscheck
 * merge} into one findings.json that lists every shard's coverage, whose histograms are the exact sum
 * of the shards' (the merged count is the sum of the shard counts, and its percentiles are those of
 * one histogram built here from every shard's raw files), and whose connections are the shards' sum.
 */
class ShardAuditMergeTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static final int SHARDS = 3;
  private static final int P99 = FindingsBuilder.PERCENTILES.indexOf(99.0);

  @Test
  void threeAuditedShardsMergeIntoOneFindingsWithEveryShardsCoverageAndAnExactHistogram(@TempDir Path out)
      throws Exception {
    List<Path> dirs = new ArrayList<>();
    List<FindingsFile> own = new ArrayList<>();
    for (int i = 0; i < SHARDS; i++) {
      // as a pod of the Job runs it: its shard, into its own directory
      Path dir = Files.createDirectories(out.resolve("shards").resolve(Integer.toString(i)));
      int code = Main.commandLine().execute("audit", "--target", "http://127.0.0.1:" + server.port(), "--shard",
          i + "/" + SHARDS, "--users", "9", "--think", "exp:20ms", "--duration", "2s", "--jit-warm-up", "0",
          "--progress", "off", "--into", dir.toString());
      assertEquals(0, code, "audit --shard " + i + "/" + SHARDS);
      dirs.add(dir);
      own.add(RunFiles.readFindings(dir.resolve(RunFiles.FINDINGS_JSON)));
      assertEquals(i, RunFiles.readRun(dir).shard().index(), "audit --shard records its shard in run.json");
    }
    Path merged = out.resolve("merged");
    List<String> args = new ArrayList<>(List.of("merge"));
    dirs.forEach(d -> args.add(d.toString()));
    args.addAll(List.of("--out", merged.toString()));
    assertEquals(0, Main.commandLine().execute(args.toArray(String[]::new)));
    assertTrue(Files.exists(merged.resolve("report.html")), "the merged report");

    FindingsFile file = RunFiles.readFindings(merged.resolve(RunFiles.FINDINGS_JSON));
    Findings f = file.findings();
    MergedShards shards = file.shards();
    assertNotNull(shards, "the merged findings.json has a shards section");
    assertTrue(shards.statement().startsWith("merged from 3 audited shards"), shards.statement());
    assertEquals(List.of(0, 1, 2), shards.shards().stream().map(MergedShards.ShardCoverage::index).toList());
    long pairsSum = 0;
    long connectionsSum = 0;
    long sessionsSum = 0;
    for (int i = 0; i < SHARDS; i++) {
      MergedShards.ShardCoverage c = shards.shards().get(i);
      Findings shardFindings = own.get(i).findings();
      // each shard's coverage, as its own audit found it
      assertEquals(shardFindings.coverage().matched(), c.matched(), "shard " + i);
      assertEquals(shardFindings.coverage().inCapture(), c.inCapture(), "shard " + i);
      assertEquals(Boolean.TRUE, c.sameAsItsOwnFindings());
      assertEquals(0L, c.kernelDropped(), "shard " + i + ": the kernel dropped no packet");
      assertTrue(c.recordsMatchedPercent() >= 99.9, "shard " + i + ": " + c);
      // the raw files below hold exactly the pairs: every record and every exchange of the shard matched
      assertEquals(shardFindings.matching().records(), shardFindings.responseTime().pairs(), "shard " + i);
      assertEquals(shardFindings.matching().wireExchanges(), shardFindings.responseTime().pairs(), "shard " + i);
      assertEquals(shardFindings.responseTime().pairs(), c.pairs());
      pairsSum += c.pairs();
      connectionsSum += shardFindings.connections().connectionsOpened();
      sessionsSum += shardFindings.connections().sessions();
    }
    assertTrue(f.coverage().sufficient(), f.coverage().toString());
    assertEquals(Findings.CoverageState.JUDGED, f.coverage().state());
    assertNull(f.coverage().statement(), "findings.json holds each shard's figures; the table says them");
    assertEquals(List.of(0, 1, 2), f.coverage().shards().stream().map(Findings.ShardCoverage::index).toList());
    for (int i = 0; i < SHARDS; i++) {
      Findings.ShardCoverage c = f.coverage().shards().get(i);
      assertEquals(own.get(i).findings().coverage().matched(), c.matched(), "shard " + i);
      assertEquals(own.get(i).findings().coverage().inCapture(), c.inCapture(), "shard " + i);
      assertEquals(0L, c.kernelDroppedPackets(), "shard " + i);
    }
    assertEquals(f.coverage().matched(), f.coverage().shards().stream().mapToLong(Findings.ShardCoverage::matched)
        .sum(), "the merged coverage is the sum of the shards'");
    assertEquals(pairsSum, f.responseTime().pairs(), "merged pairs = the sum of the shards'");
    assertEquals(pairsSum, f.percentiles().count());

    // the histograms: merged count = sum of the shards' counts, and the merge is the sum
    Map<String, Histogram> logged = readLog(merged.resolve(AuditedShardMerge.HISTOGRAMS_FILE));
    for (String tag : List.of(AuditedShardMerge.TAG_WIRE, AuditedShardMerge.TAG_REPORTED)) {
      long sum = 0;
      for (int i = 0; i < SHARDS; i++) {
        sum += logged.get(tag + ".shard-" + i).getTotalCount();
      }
      assertEquals(pairsSum, sum, tag);
      assertEquals(sum, logged.get(tag).getTotalCount(), tag + ": merged count = sum of the shard counts");
    }
    // one histogram of every shard's records and exchanges, built here from the raw files
    Histogram wire = new Histogram(ShardFindings.HISTOGRAM_DIGITS);
    Histogram reported = new Histogram(ShardFindings.HISTOGRAM_DIGITS);
    for (Path dir : dirs) {
      for (RequestRecord r : RequestCsv.readAll(dir.resolve(RunFiles.REQUESTS_CSV)).records()) {
        assertEquals(Outcome.OK, r.outcome(), r.toString());
        reported.recordValue(r.lastByteNanos() - r.sendStartNanos());
      }
      List<String> rows = Files.readAllLines(dir.resolve(RunFiles.WIRE_EXCHANGES_CSV), StandardCharsets.UTF_8);
      for (String row : rows.subList(1, rows.size())) {
        String[] c = row.split(",", -1);
        wire.recordValue(Long.parseLong(c[9]) - Long.parseLong(c[6])); // last response byte - request start
      }
    }
    assertEquals(pairsSum, wire.getTotalCount());
    assertEquals(pairsSum, reported.getTotalCount());
    assertSameCounts(wire, logged.get(AuditedShardMerge.TAG_WIRE));
    assertSameCounts(reported, logged.get(AuditedShardMerge.TAG_REPORTED));
    assertEquals(ShardFindings.percentiles(wire), f.percentiles().wireMicros(), "merged percentiles = whole's");
    assertEquals(ShardFindings.percentiles(reported), f.percentiles().reportedMicros());
    assertEquals(wire.getMean() / 1e3, f.responseTime().wireMeanMicros(), wire.getMean() / 1e3 * 0.01,
        "the mean, recomputed over the pairs, within the histogram's 3 digits");

    // connections and the verdict over all shards
    assertEquals(connectionsSum, f.connections().connectionsOpened(), "connections = the shards' sum");
    assertEquals(sessionsSum, f.connections().sessions(), "sessions (global ids) = the shards' sum");
    assertTrue(f.connections().judged(), String.valueOf(f.connections().kind()));
    assertEquals(Findings.VerdictKind.NO_SHARING, f.connections().kind());
    assertEquals(3, f.connections().shards(), "the verdict rests on the records of the 3 shards");
    System.out.printf(Locale.ROOT, "[shard-merge] %d shards: %,d pairs (%s), wire p99 %.0f us, reported p99 %.0f us,"
        + " error %+.1f us, %,d connections; %s%n", SHARDS, pairsSum, shards.shards().stream()
            .map(s -> Long.toString(s.pairs())).reduce((a, b) -> a + "+" + b).orElse(""),
        f.percentiles().wireMicros().get(P99),
        f.percentiles().reportedMicros().get(P99),
        f.responseTime().absoluteErrorMicros(), f.connections().connectionsOpened(), f.connections().kind());
  }

  /** The merged histogram is the whole one: the same count at every value. */
  private static void assertSameCounts(Histogram whole, Histogram merged) {
    assertEquals(whole.getTotalCount(), merged.getTotalCount());
    for (var v : whole.recordedValues()) {
      assertEquals(v.getCountAtValueIteratedTo(), merged.getCountAtValue(v.getValueIteratedTo()),
          "count at " + v.getValueIteratedTo() + " ns");
    }
  }

  private static Map<String, Histogram> readLog(Path file) throws IOException {
    Map<String, Histogram> byTag = new HashMap<>();
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    try {
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
        byTag.put(h.getTag(), (Histogram) h);
      }
    } finally {
      reader.close();
    }
    return byTag;
  }
}
