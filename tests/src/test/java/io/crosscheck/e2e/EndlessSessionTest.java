package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed run of wrk-style endless sessions ({@code --session-length fixed:100000000 --think
 * none}): the schedule streams each session's requests, so the run starts at once (the digest does
 * not walk a hundred million requests per session; it used to die of OutOfMemoryError in {@code
 * Schedule.digest} before any load) and the generator's heap stays flat however many requests a
 * session has sent. The generator runs in a child JVM with a 64 MB heap, sampled by telemetry.
 */
class EndlessSessionTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static final long MIB = 1 << 20;

  @Test
  void endlessSessionsStartAtOnceAndKeepAFlatHeap(@TempDir Path out) throws Exception {
    long startNanos = System.nanoTime();
    CliRun run = CliRun.run(out, "run", "--target", server.target(), "--users", "100",
        "--session-length", "fixed:100000000", "--think", "none", "--urls", "/static/2k",
        "--duration", "6s", "--jit-warm-up", "0", "--jvm-opt=-Xmx64m", "--telemetry-period", "50ms");
    double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
    assertEquals(0, run.exitCode, run.err);
    assertTrue(wallSeconds < 6 + 20, "a 6 s run (child JVM start included) took " + wallSeconds + " s");

    List<RequestRecord> records = run.records();
    Map<Outcome, Long> outcomes =
        records.stream().collect(Collectors.groupingBy(RequestRecord::outcome, Collectors.counting()));
    long ok = outcomes.getOrDefault(Outcome.OK, 0L);
    long aborted = outcomes.getOrDefault(Outcome.ABORTED, 0L);
    assertEquals(records.size(), ok + aborted, "answered, or in flight at the deadline: " + outcomes);
    assertTrue(aborted <= 100, "at most one request per user is in flight at the deadline: " + outcomes);
    assertTrue(records.size() > 5_000, "endless sessions keep sending: " + records.size());
    assertEquals(100, records.stream().map(RequestRecord::sessionId).distinct().count(),
        "each user stays in its first session (it never ends within the run)");
    // every session's requests are its plan's, in order, with no gap: seq 0..n-1
    Map<Long, List<Integer>> seqs = records.stream().collect(Collectors.groupingBy(
        RequestRecord::sessionId, Collectors.mapping(RequestRecord::seq, Collectors.toList())));
    seqs.forEach((session, s) -> {
      int[] sorted = s.stream().mapToInt(Integer::intValue).sorted().toArray();
      assertEquals(sorted.length - 1, sorted[sorted.length - 1], "session " + session + " seqs " + sorted.length);
    });

    // the heap's floor (its used bytes after collections) in the last third of the run is no higher
    // than in the first third: nothing grows with the number of requests a session has sent
    List<long[]> samples = heapSamples(run.runDirectory().resolve("telemetry.csv"));
    assertTrue(samples.size() >= 60, "telemetry samples: " + samples.size());
    int third = samples.size() / 3;
    long firstFloor = samples.subList(0, third).stream().mapToLong(s -> s[1]).min().orElseThrow();
    long lastFloor = samples.subList(2 * third, samples.size()).stream().mapToLong(s -> s[1]).min().orElseThrow();
    long maxUsed = samples.stream().mapToLong(s -> s[1]).max().orElseThrow();
    System.out.printf("[endless sessions] %d requests in %.1f s wall; heap floor %d -> %d MiB, max %d MiB%n",
        records.size(), wallSeconds, firstFloor / MIB, lastFloor / MIB, maxUsed / MIB);
    assertTrue(maxUsed <= 64 * MIB, "within -Xmx64m: " + maxUsed);
    assertTrue(lastFloor <= firstFloor + 8 * MIB, "heap floor first third " + firstFloor / MIB
        + " MiB, last third " + lastFloor / MIB + " MiB (" + records.size() + " requests)");
  }

  /** (sampleNanos, heapUsedBytes) per telemetry row. */
  private static List<long[]> heapSamples(Path csv) throws Exception {
    List<String> lines = Files.readAllLines(csv);
    List<String> header = Arrays.asList(lines.get(0).split(","));
    int at = header.indexOf("sampleNanos");
    int used = header.indexOf("heapUsedBytes");
    return lines.stream().skip(1).map(l -> l.split(","))
        .map(f -> new long[] {Long.parseLong(f[at]), Long.parseLong(f[used])}).toList();
  }
}
