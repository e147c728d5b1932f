package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad specs fail before any load: exit code 2, every problem named by its option or file:line with
 * the expected form, and no run directory created. The target port is one nobody listens on, so a
 * run that started anyway would show up as connect errors and a run directory.
 */
class BadInputTest {
  private static void assertRejected(Path out, String expectedInMessage, String... args) throws Exception {
    CliRun run = CliRun.run(out, args);
    assertEquals(2, run.exitCode, "exit code; stderr: " + run.err);
    assertTrue(run.err.contains(expectedInMessage), "stderr names the problem: " + run.err);
    assertTrue(run.err.contains("expected"), "stderr says what was expected: " + run.err);
    assertEquals(0, run.runDirectories().size(), "nothing was started");
  }

  @Test
  void negativeRate(@TempDir Path out) throws Exception {
    assertRejected(out, "--rate: \"-5\"", "run", "--target", "http://127.0.0.1:9", "--arrival", "open",
        "--rate", "-5");
  }

  @Test
  void unknownPolicy(@TempDir Path out) throws Exception {
    assertRejected(out, "--policy: \"pooled\"", "run", "--target", "http://127.0.0.1:9", "--policy", "pooled");
  }

  @Test
  void wsesslogLineThatDoesNotParse(@TempDir Path out) throws Exception {
    Path log = Files.createDirectories(out.resolve("in")).resolve("sessions.log");
    Files.writeString(log, "/index.html think=1.0\n/a.gif think=abc\n");
    assertRejected(out.resolve("runs"), "sessions.log:2", "run", "--target", "http://127.0.0.1:9",
        "--wsesslog", log.toString());
  }

  @Test
  void everyProblemIsListedTogether(@TempDir Path out) throws Exception {
    CliRun run = CliRun.run(out, "run", "--target", "http://127.0.0.1:9", "--users", "0",
        "--policy", "pooled", "--duration", "soon");
    assertEquals(2, run.exitCode);
    for (String option : new String[] {"--users", "--policy", "--duration"}) {
      assertTrue(run.err.contains(option + ": "), option + " is reported: " + run.err);
    }
  }

  /** A malformed host is refused by its form, before any resolution or connect (nothing is sent). */
  @Test
  void malformedTargetHostIsRefused(@TempDir Path out) throws Exception {
    assertRejected(out, "--target: \"http://bad_host..example:80\"", "run", "--target", "http://bad_host..example:80");
  }
}
