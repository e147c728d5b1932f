package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.RequestCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk fills up during a run (a 256 KiB tmpfs mounted for the test, as root): one clear line,
 * run.json finished as "failed" with the reason (never left "running"), no NAME.tmp left behind, and
 * the records written before the disk filled kept and readable. Each case prints one {@code [full
 * disk]} line (exit, wall time, rows kept of requests issued) for the closing note.
 */
class FullDiskTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  /** What a {@code COMMAND} into a full disk left: its CLI result, wall time and run directory. */
  private record Filled(CliRun run, long millis, Path dir, JsonNode runJson, long rowsKept) {}

  /**
   * {@code crosscheck COMMAND} (20 users, no think) into a fresh 256 KiB tmpfs: asserts the run
   * directory is finished (no {@code *.tmp} or reserve left, run.json "failed") and prints its
   * figures.
   */
  private static Filled fillDisk(Path tmp, String command) throws Exception {
    try (SmallTmpfs small = SmallTmpfs.mount(tmp.resolve("small"), "256k")) {
      long start = System.nanoTime();
      CliRun run = CliRun.run(small.path, command, "--target", server.target(), "--users", "20", "--think", "none",
          "--urls", "/static/100", "--duration", "3s", "--jit-warm-up", "0", "--telemetry-period", "0");
      long millis = (System.nanoTime() - start) / 1_000_000;
      Path rd = run.runDirectory();
      try (Stream<Path> files = Files.list(rd)) {
        List<String> names = files.map(f -> f.getFileName().toString()).toList();
        assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".reserve")),
            "no temporary file left: " + names);
      }
      JsonNode runJson = new ObjectMapper().readTree(rd.resolve("run.json").toFile());
      assertEquals("failed", runJson.get("status").asText(), runJson.toString());
      long kept = RequestCsv.readAll(rd.resolve("requests.csv")).records().size();
      JsonNode result = runJson.path("engineResult");
      System.out.println("[full disk] " + command + ": exit " + run.exitCode + ", " + millis + " ms wall, " + kept
          + " rows kept of " + (result.path("requestsIssued").isNumber() ? result.path("requestsIssued").asLong()
              + result.path("extra").path("requestsNotSent").asLong(0) : "?") + " requests issued (+ not sent)");
      return new Filled(run, millis, rd, runJson, kept);
    }
  }

  @Test
  void aFullDiskFailsTheRunWithOneLineAndAFinishedRunDirectory(@TempDir Path dir) throws Exception {
    Filled f = fillDisk(dir, "run");
    CliRun run = f.run();
    assertEquals(1, run.exitCode, run.err);
    List<String> lines = run.err.lines().toList();
    assertEquals(1, lines.size(), run.err);
    assertTrue(lines.get(0).startsWith("crosscheck run: the run failed: recording failed ("), run.err);
    assertTrue(lines.get(0).endsWith("No space left on device; the records up to then are kept in "
        + f.dir() + "; free some space or write to another --out"), run.err);
    assertFalse(run.err.contains("\tat "), run.err);
    assertTrue(f.millis() < 30_000, "bounded: " + f.millis() + " ms");
    assertTrue(f.runJson().get("failure").asText().contains("No space left on device"), f.runJson().toString());
    assertTrue(f.rowsKept() > 100, "what was measured before the disk filled is kept: " + f.rowsKept() + " records");
  }

  @Test
  void aFullDiskDuringAnAuditKeepsTheRunAndWritesNoHalfComparison(@TempDir Path dir) throws Exception {
    Filled f = fillDisk(dir, "audit");
    CliRun run = f.run();
    assertEquals(1, run.exitCode, run.err);
    assertFalse(run.err.contains("\tat "), run.err);
    assertTrue(f.rowsKept() > 100, "records kept");
    assertTrue(run.err.lines().allMatch(l -> l.startsWith("crosscheck audit: ")), run.err);
  }
}
