package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.tools.attach.VirtualMachine;
import io.crosscheck.audit.AttachableJvm;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed run of wrk-style endless sessions ({@code --session-length fixed:100000000 --think
 * none}): the schedule streams each session's requests, so the run starts at once (the digest does
 * not walk a hundred million requests per session; it used to die of OutOfMemoryError in {@code
 * Schedule.digest} before any load) and the generator's heap stays flat however many requests a
 * session has sent. The generator runs in a child JVM with a 64 MB heap, sampled by telemetry.
 *
 * <p>The heap is judged by its live set: this test attaches to the child over JMX, has it collect
 * fully ({@code MemoryMXBean.gc()}) a first time once it has sent requests and a second time
 * seconds later, and compares the heap used after each. The minimum of telemetry's samples in a
 * third of the run was not that: under G1 it includes the garbage promoted to the old generation
 * and not yet marked, which grew 9 to 20 MiB in a CI run with nothing retained.
 */
class EndlessSessionTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static final long MIB = 1 << 20;

  @Test
  void endlessSessionsStartAtOnceAndKeepAFlatHeap(@TempDir Path out) throws Exception {
    long startNanos = System.nanoTime();
    AtomicBoolean running = new AtomicBoolean(true);
    CompletableFuture<LiveHeap> live = CompletableFuture.supplyAsync(() -> liveHeap(out, running));
    CliRun run;
    try {
      run = CliRun.run(out, "run", "--target", server.target(), "--users", "100",
          "--session-length", "fixed:100000000", "--think", "none", "--urls", "/static/2k",
          "--duration", "8s", "--jit-warm-up", "0", "--jvm-opt=-Xmx64m", "--telemetry-period", "50ms");
    } finally {
      running.set(false);
    }
    double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
    assertEquals(0, run.exitCode, run.err);
    assertTrue(wallSeconds < 8 + 20, "an 8 s run (child JVM start included) took " + wallSeconds + " s");

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

    List<long[]> samples = heapSamples(run.runDirectory().resolve("telemetry.csv"));
    assertTrue(samples.size() >= 60, "telemetry samples: " + samples.size());
    long maxUsed = samples.stream().mapToLong(s -> s[1]).max().orElseThrow();
    assertTrue(maxUsed <= 64 * MIB, "within -Xmx64m: " + maxUsed);

    // the live set (the heap used after a full collection) does not grow with the requests sent
    LiveHeap heap = live.get(30, TimeUnit.SECONDS);
    System.out.printf("[endless sessions] %d requests in %.1f s wall; live heap %.1f MiB after %d requests,"
        + " %.1f MiB after %d (%.1f s later); telemetry max %d MiB%n", records.size(), wallSeconds,
        heap.firstBytes / (double) MIB, heap.firstRows, heap.secondBytes / (double) MIB, heap.secondRows,
        heap.secondsBetween, maxUsed / MIB);
    assertTrue(heap.secondRows - heap.firstRows >= 5_000,
        "requests between the two full collections: " + (heap.secondRows - heap.firstRows));
    assertTrue(heap.secondBytes <= heap.firstBytes + 4 * MIB, "live heap " + heap.firstBytes / MIB + " MiB after "
        + heap.firstRows + " requests, " + heap.secondBytes / MIB + " MiB after " + heap.secondRows);
  }

  /** The child's heap used after a full collection, twice, and requests.csv's rows at each. */
  private record LiveHeap(long firstBytes, long firstRows, long secondBytes, long secondRows, double secondsBetween) {}

  /**
   * Attaches to the child generator JVM (the descendant of this one started with -Xmx64m) once its
   * requests.csv holds 2,000 rows, starts its JMX agent, and has it collect fully 0.5 s and 3.5 s
   * later, reading the heap used after each.
   */
  private static LiveHeap liveHeap(Path out, AtomicBoolean running) {
    try {
      Path csv = ChildCli.awaitRows(out, 2_000, Duration.ofSeconds(30), running::get);
      assertTrue(csv != null, "the run wrote no 2,000 requests");
      ProcessHandle child = ProcessHandle.current().descendants()
          .filter(p -> p.info().arguments().map(a -> Arrays.asList(a).contains("-Xmx64m")).orElse(false))
          .findFirst().orElseThrow(() -> new AssertionError("no child JVM with -Xmx64m"));
      String problem = AttachableJvm.problem(child.pid());
      assertTrue(problem == null, "expected " + problem);
      VirtualMachine vm = VirtualMachine.attach(Long.toString(child.pid()));
      try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent()))) {
        MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(jmx.getMBeanServerConnection(),
            ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
        Thread.sleep(500);
        long firstRows = ChildCli.lineEnds(csv) - 1;
        long firstNanos = System.nanoTime();
        memory.gc();
        long firstBytes = memory.getHeapMemoryUsage().getUsed();
        Thread.sleep(3_000);
        long secondRows = ChildCli.lineEnds(csv) - 1;
        long secondNanos = System.nanoTime();
        memory.gc();
        long secondBytes = memory.getHeapMemoryUsage().getUsed();
        return new LiveHeap(firstBytes, firstRows, secondBytes, secondRows, (secondNanos - firstNanos) / 1e9);
      } finally {
        vm.detach();
      }
    } catch (Exception e) {
      throw new IllegalStateException("measuring the child's live heap", e);
    }
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
