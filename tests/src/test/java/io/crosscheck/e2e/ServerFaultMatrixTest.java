package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.crosscheck.record.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The fault matrix's server and disk cases (its signal cases are {@link FaultMatrixTest}, whose
 * consistency checks these share; two classes so that two test JVMs can take them at once): a real
 * {@code crosscheck run} in a child JVM whose server stalls (no reply before the deadline), resets
 * every connection, is killed mid-load or SIGSTOPped past the deadline (4 cases), or whose run
 * directory's disk fills (a small tmpfs, root only; 1 case). Each asserts bounded wall time, complete
 * records up to the fault and a consistent run directory, and prints one {@code [fault matrix]} line.
 * Tagged heavy: it runs once, not again under the second JDK.
 */
@Tag("heavy")
@ChildJvmsProveBehaviour
class ServerFaultMatrixTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  /** A server fault during a run. */
  enum ServerFault { STALLED, RESET, KILLED, STOPPED_PAST_DEADLINE }

  @ParameterizedTest(name = "server {0}")
  @EnumSource(ServerFault.class)
  void serverFault(ServerFault fault, @TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("out");
    Files.createDirectories(out);
    long durationMillis = 3_000;
    // killed and stopped need a server in its own process; stalled and reset are the embedded one's paths
    ChildCli serverProcess = fault == ServerFault.KILLED || fault == ServerFault.STOPPED_PAST_DEADLINE
        ? ChildCli.startAsGiven(tmp.resolve("server.out"), null, List.of("serve", "--port", "0")) : null;
    try {
      String target = serverProcess == null ? server.target()
          : "http://127.0.0.1:" + serverProcess.listeningPort(Duration.ofSeconds(30));
      String urls = switch (fault) {
        case STALLED -> "/fault/stall";
        case RESET -> "/fault/reset";
        default -> "/static/2k";
      };
      // request timeout longer than the run: only the deadline can end a stalled request
      long startNanos = System.nanoTime();
      ChildCli child = ChildCli.startAsGiven(tmp.resolve("child.out"), out, FaultMatrixTest.load("run", target, out, "--jit-warm-up", "0",
          "--urls", urls, "--duration", durationMillis + "ms", "--request-timeout", "60s"));
      try {
        if (serverProcess != null) {
          child.waitForRows(100, Duration.ofSeconds(30));
          if (fault == ServerFault.KILLED) {
            serverProcess.signal("KILL");
          } else {
            serverProcess.signal("STOP");
          }
        }
        int exit = child.waitForExit(Duration.ofMillis(durationMillis).plusSeconds(30));
        long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        // the child JVM's start and engine set-up (a few seconds on a loaded 2-core machine), the
        // load's deadline, then a bounded grace: whatever the server does
        long boundMillis = durationMillis + 12_000;
        Path dir = FaultMatrixTest.single(out);
        FaultMatrixTest.Consistent c = FaultMatrixTest.assertConsistent(dir, Set.of("completed"), false, child);
        assertEquals(0, exit, "a run whose server fails still completes: " + child.output());
        assertFalse(child.output().contains("\tat "), "no stack trace: " + child.output());
        assertTrue(wallMillis <= boundMillis, fault + ": the run took " + wallMillis + " ms (bound " + boundMillis
            + " ms: start, " + durationMillis + " ms of load, grace)");
        switch (fault) {
          case STALLED -> c.records().forEach(r -> assertTrue(
              r.outcome() == Outcome.ABORTED || r.outcome() == Outcome.TIMEOUT, "a stalled request at the deadline: " + r));
          case RESET -> c.records().forEach(r -> assertEquals(Outcome.RESET, r.outcome(), r.toString()));
          case KILLED -> assertTrue(c.records().stream().anyMatch(r -> r.outcome() != Outcome.OK),
              "the requests after the kill failed");
          case STOPPED_PAST_DEADLINE -> c.records().stream().filter(r -> r.outcome() == Outcome.OK)
              .forEach(r -> assertTrue(r.lastByteNanos() - r.sendStartNanos() < TimeUnit.MILLISECONDS.toNanos(durationMillis),
                  "no reply of the stopped server counts as ok after the deadline: " + r));
          default -> fail(fault.toString());
        }
        FaultMatrixTest.report("server " + fault.name().toLowerCase().replace('_', ' '), exit, wallMillis, c);
      } finally {
        child.close();
      }
    } finally {
      if (serverProcess != null) {
        if (fault == ServerFault.STOPPED_PAST_DEADLINE) {
          serverProcess.signal("CONT");
        }
        serverProcess.close();
      }
    }
  }

  /** A full disk under the run directory: the run fails with one clear line, its records up to then kept. */
  @Test
  void fullDisk(@TempDir Path tmp) throws Exception {
    // 1 MiB fills after ~6,600 rows (7 s from the child's start here, against 12 s for 2 MiB), well inside the 20 s bound
    try (SmallTmpfs small = SmallTmpfs.mount(tmp.resolve("disk"), "1m")) {
      Path disk = small.path;
      long startNanos = System.nanoTime();
      ChildCli child = ChildCli.startAsGiven(tmp.resolve("child.out"), disk, FaultMatrixTest.load("run", server.target(), disk,
          "--jit-warm-up", "0", "--duration", "30s"));
      try {
        int exit = child.waitForExit(Duration.ofSeconds(45));
        long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        Path dir = FaultMatrixTest.single(disk);
        // a torn last row is what a full disk leaves mid-row
        FaultMatrixTest.Consistent c = FaultMatrixTest.assertConsistent(dir, Set.of("failed"), true, child, true, true);
        assertEquals(1, exit, "a run that cannot write its records fails: " + child.output());
        assertFalse(child.output().contains("\tat "), "one clear line, no stack trace: " + child.output());
        assertTrue(child.output().toLowerCase().contains("space"), "says the disk is full: " + child.output());
        assertTrue(wallMillis < 20_000, "the run stops soon after the disk fills, not at its 30 s deadline: "
            + wallMillis + " ms");
        FaultMatrixTest.report("full disk (issued - rows: could not be written)", exit, wallMillis, c);
      } finally {
        child.close();
      }
    }
  }
}
