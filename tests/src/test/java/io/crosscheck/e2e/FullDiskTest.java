package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.RequestCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk fills up during a run (a 256 KiB tmpfs mounted for the test, as root): one clear line,
 * run.json finished as "failed" with the reason (never left "running"), no NAME.tmp left behind, and
 * the records written before the disk filled kept and readable.
 */
class FullDiskTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static int sh(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
  }

  @Test
  void aFullDiskFailsTheRunWithOneLineAndAFinishedRunDirectory(@TempDir Path dir) throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")),
        "mounting the small tmpfs that fills up needs root; skipped as " + System.getProperty("user.name"));
    Path mount = Files.createDirectories(dir.resolve("small"));
    assumeTrue(sh("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mount.toString()) == 0,
        "mount -t tmpfs failed (no CAP_SYS_ADMIN in this container?)");
    try {
      long start = System.nanoTime();
      CliRun run = CliRun.run(mount, "run", "--target", server.target(), "--users", "20", "--think", "none",
          "--urls", "/static/100", "--duration", "3s", "--jit-warm-up", "0", "--telemetry-period", "0");
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals(1, run.exitCode, run.err);
      List<String> lines = run.err.lines().toList();
      assertEquals(1, lines.size(), run.err);
      assertTrue(lines.get(0).startsWith("crosscheck run: the run failed: recording failed ("), run.err);
      assertTrue(lines.get(0).endsWith("No space left on device; the records up to then are kept in "
          + run.runDirectory() + "; free some space or write to another --out"), run.err);
      assertFalse(run.err.contains("\tat "), run.err);
      assertTrue(millis < 30_000, "bounded: " + millis + " ms");
      Path rd = run.runDirectory();
      try (Stream<Path> files = Files.list(rd)) {
        List<String> names = files.map(f -> f.getFileName().toString()).toList();
        assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".reserve")),
            "no temporary file left: " + names);
      }
      JsonNode runJson = new ObjectMapper().readTree(rd.resolve("run.json").toFile());
      assertEquals("failed", runJson.get("status").asText(), runJson.toString());
      assertTrue(runJson.get("failure").asText().contains("No space left on device"), runJson.toString());
      long kept = RequestCsv.readAll(rd.resolve("requests.csv")).records().size();
      assertTrue(kept > 100, "what was measured before the disk filled is kept: " + kept + " records");
    } finally {
      sh("umount", mount.toString());
    }
  }

  @Test
  void aFullDiskDuringAnAuditKeepsTheRunAndWritesNoHalfComparison(@TempDir Path dir) throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")),
        "mounting the small tmpfs (and capturing) needs root; skipped as " + System.getProperty("user.name"));
    Path mount = Files.createDirectories(dir.resolve("small"));
    assumeTrue(sh("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mount.toString()) == 0,
        "mount -t tmpfs failed (no CAP_SYS_ADMIN in this container?)");
    try {
      CliRun run = CliRun.run(mount, "audit", "--target", server.target(), "--users", "20", "--think", "none",
          "--urls", "/static/100", "--duration", "3s", "--jit-warm-up", "0", "--telemetry-period", "0");
      assertEquals(1, run.exitCode, run.err);
      assertFalse(run.err.contains("\tat "), run.err);
      Path rd = run.runDirectory();
      try (Stream<Path> files = Files.list(rd)) {
        List<String> names = files.map(f -> f.getFileName().toString()).toList();
        assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".reserve")),
            "no temporary file left: " + names);
      }
      JsonNode runJson = new ObjectMapper().readTree(rd.resolve("run.json").toFile());
      assertEquals("failed", runJson.get("status").asText(), runJson.toString());
      assertTrue(RequestCsv.readAll(rd.resolve("requests.csv")).records().size() > 100, "records kept");
      assertTrue(run.err.lines().allMatch(l -> l.startsWith("crosscheck audit: ")), run.err);
    } finally {
      sh("umount", mount.toString());
    }
  }
}
