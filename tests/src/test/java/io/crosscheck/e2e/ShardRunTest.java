package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.LatencyHistograms;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Local shards end to end (issue 15, deliverable 3): {@code audit --shards 3} against the embedded
 * server runs three child JVMs on 127.0.0.2-4 from one start instant under one capture, and merges
 * them; a shard killed with SIGKILL is reported by name while the other two are merged and kept.
 * Each test takes ~25-35 s (three JVM start-ups on a shared machine), hence heavy.
 */
@Tag("heavy")
class ShardRunTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @Test
  void auditWithThreeShardsMergesEveryRecordAndTheCaptureMatchesThem(@TempDir Path out) throws Exception {
    long servedBefore = server.requestsServed();
    CliRun run = CliRun.run(out, "audit", "--target", server.target(), "--shards", "3", "--arrival", "open",
        "--rate", "60", "--duration", "5s", "--urls", "/static/2k", "--jit-warm-up", "0");
    assertEquals(0, run.exitCode, run.err);
    Path dir = run.runDirectory();

    List<RequestRecord> merged = RequestCsv.read(dir.resolve("requests.csv"));
    long sum = 0;
    for (int i = 0; i < 3; i++) {
      sum += RequestCsv.read(dir.resolve("shards/" + i + "/requests.csv")).size();
    }
    long ok = merged.stream().filter(r -> r.outcome() == Outcome.OK).count();
    JsonNode findings = new ObjectMapper().readTree(dir.resolve("findings.json").toFile()).get("findings");
    JsonNode matching = findings.get("matching");
    System.out.println("ShardRunTest: merged " + merged.size() + " records = sum of shards " + sum + "; ok " + ok
        + "; capture matched " + matching.get("matched") + " of " + matching.get("wireExchanges")
        + " wire exchanges; server served " + (server.requestsServed() - servedBefore));
    assertEquals(sum, merged.size(), "merged = sum of the shards");
    assertTrue(merged.size() >= 290, "5 s at 60/s: ~300 arrivals, got " + merged.size());
    assertEquals(ok, matching.get("wireExchanges").asLong(), "the capture saw exactly the answered requests: " + matching);
    // one run here matched 236 of 239 (3 records 'connection-not-captured', 3 exchanges 'not-in-records'),
    // the others all: the kernel may give a source port again at once with IP_BIND_ADDRESS_NO_PORT
    assertTrue(matching.get("matched").asLong() >= ok - Math.max(3, ok / 50),
        "the capture matched the answered requests (at most 2 % not by their connection): " + matching);
    assertEquals(ok, server.requestsServed() - servedBefore, "the server served exactly those");

    Set<String> sources = merged.stream().filter(r -> !r.connectionId().isEmpty())
        .map(r -> r.connectionId().substring(0, r.connectionId().lastIndexOf(':'))).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(Set.of("127.0.0.2", "127.0.0.3", "127.0.0.4"), sources, "one source address per shard");
    Set<String> wireSources = Files.readAllLines(dir.resolve("wire-exchanges.csv")).stream().skip(1)
        .map(l -> l.substring(0, l.indexOf(':'))).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(sources, wireSources, "the capture saw the three source addresses");

    Histogram one = new Histogram(3);
    merged.stream().filter(LatencyHistograms::inServiceHistogram).forEach(r -> one.recordValue(LatencyHistograms.serviceMicros(r)));
    Histogram hlog = new Histogram(3);
    try (HistogramLogReader reader = new HistogramLogReader(dir.resolve("latency.hlog").toFile())) {
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        if (LatencyHistograms.TAG_SERVICE.equals(h.getTag())) {
          hlog.add((Histogram) h);
        }
      }
    }
    assertEquals(one.getTotalCount(), hlog.getTotalCount());
    for (double p : new double[] {50, 90, 99, 99.9, 100}) {
      assertEquals(one.getValueAtPercentile(p), hlog.getValueAtPercentile(p), "p" + p);
    }
    System.out.printf(java.util.Locale.ROOT, "ShardRunTest: merged latency.hlog %d values, p50 %d p90 %d p99 %d"
        + " p99.9 %d max %d us = one histogram of all records%n", hlog.getTotalCount(), hlog.getValueAtPercentile(50),
        hlog.getValueAtPercentile(90), hlog.getValueAtPercentile(99), hlog.getValueAtPercentile(99.9),
        hlog.getMaxValue());

    JsonNode runJson = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
    assertEquals("completed", runJson.get("status").asText());
    JsonNode shards = runJson.get("shard").get("merged");
    assertEquals(3, shards.size());
    for (JsonNode s : shards) {
      assertEquals("merged", s.get("status").asText(), s.toString());
    }
    // one start instant for all, and the same unsharded schedule
    Set<String> starts = new TreeSet<>();
    Set<String> digests = new TreeSet<>();
    for (int i = 0; i < 3; i++) {
      JsonNode shard = new ObjectMapper().readTree(dir.resolve("shards/" + i + "/run.json").toFile());
      starts.add(shard.get("startAt").get("instantUtc").asText());
      digests.add(shard.get("shard").get("unshardedDigest").asText());
      assertEquals(i, shard.get("shard").get("index").asInt());
    }
    assertEquals(1, starts.size(), "one start instant: " + starts);
    assertEquals(Set.of(runJson.get("scheduleDigest").asText()), digests);
  }

  @Test
  void aKilledShardIsReportedAndTheOthersAreMergedAndKept(@TempDir Path out) throws Exception {
    AtomicReference<String> killed = new AtomicReference<>();
    Thread killer = new Thread(() -> killShardOne(out, killed), "shard-killer");
    killer.setDaemon(true);
    killer.start();
    CliRun run = CliRun.run(out, "run", "--target", server.target(), "--shards", "3", "--arrival", "open",
        "--rate", "60", "--duration", "6s", "--urls", "/static/2k", "--jit-warm-up", "0");
    killer.join(10_000);
    assertNotNull(killed.get(), "the test found and killed shard 1's JVM");
    System.out.println("ShardRunTest: killed " + killed.get() + "; exit " + run.exitCode + "; " + run.err.trim());
    assertEquals(1, run.exitCode, run.err);
    assertTrue(run.err.contains("merged 2 of 3 shards; shard 1 failed: exit 137 after"), run.err);
    Path dir = run.runDirectory();
    JsonNode runJson = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
    assertEquals("failed", runJson.get("status").asText());
    JsonNode shards = runJson.get("shard").get("merged");
    assertEquals("merged", shards.get(0).get("status").asText());
    assertEquals("failed", shards.get(1).get("status").asText());
    assertTrue(shards.get(1).get("reason").asText().startsWith("exit 137 after"), shards.get(1).toString());
    assertEquals("merged", shards.get(2).get("status").asText());
    long sum = 0;
    for (int i = 0; i < 3; i++) {
      sum += shards.get(i).get("records").asLong();
    }
    List<RequestRecord> merged = RequestCsv.read(dir.resolve("requests.csv"));
    assertEquals(sum, merged.size(), "the shards' records, all of them");
    assertTrue(shards.get(0).get("records").asLong() >= 100 && shards.get(2).get("records").asLong() >= 100,
        "the two others ran their whole part (6 s at 20/s each): " + shards);
    assertTrue(Files.exists(dir.resolve("shards/0/requests.csv")) && Files.exists(dir.resolve("shards/2/run.json")),
        "their directories are kept");
  }

  /** Waits for shard 1's JVM to record a few requests, then kills it with SIGKILL. */
  private static void killShardOne(Path out, AtomicReference<String> killed) {
    long untilNanos = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    try {
      while (System.nanoTime() < untilNanos) {
        ProcessHandle shard = ProcessHandle.allProcesses()
            .filter(p -> p.info().commandLine().map(c -> c.contains(out.toString())
                && c.contains("/shards/1/child-job.json")).orElse(false))
            .findFirst().orElse(null);
        if (shard != null) {
          Path csv = Path.of(shard.info().commandLine().get().replaceAll(".* (\\S*/shards/1/)child-job.json.*", "$1"))
              .resolve("requests.csv");
          if (Files.exists(csv) && Files.readAllLines(csv).size() > 10) {
            shard.destroyForcibly();
            killed.set("shard 1 (pid " + shard.pid() + ") after " + (Files.readAllLines(csv).size() - 1) + " records");
            return;
          }
        }
        Thread.sleep(50);
      }
    } catch (Exception e) {
      killed.set(null);
    }
  }
}
