package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code crosscheck report}: where it writes for one run, several and a matrix, and its usage errors
 * (one line each, exit 2), on copies of the report's fixtures.
 */
class ReportCommandTest {
  @TempDir Path tmp;

  private record Ran(int exitCode, String err) {}

  private static Ran report(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    String[] all = Stream.concat(Stream.of("report"), Stream.of(args)).toArray(String[]::new);
    return new Ran(cl.execute(all), err.toString());
  }

  private Path copy(String fixture, String as) throws Exception {
    Path from = Path.of(getClass().getResource("/io/crosscheck/report/html/" + fixture).toURI());
    Path to = tmp.resolve(as);
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }

  @Test
  void oneRunSeveralRunsAndAMatrixEachGetTheirPage() throws Exception {
    Path a = copy("run-fixture", "a");
    Path b = copy("run-fixture", "b");
    assertEquals(0, report(a.toString()).exitCode());
    assertTrue(Files.size(a.resolve("report.html")) > 200_000, "one run: RUN_DIR/report.html, Chart.js inlined");
    Path side = tmp.resolve("ab.html");
    Ran r = report(a.toString(), b.toString(), "--out", side.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(Files.readString(side).contains("\"label\" : \"b\""), "both runs on one page");
    Path m = copy("matrix-fixture", "m");
    assertEquals(0, report(m.toString()).exitCode());
    assertTrue(Files.readString(m.resolve("report.html")).contains("\"kind\" : \"matrix\""));
  }

  @Test
  void aRunNotComparedOrNotARunIsOneLineAndExit2() throws Exception {
    Path run = copy("run-fixture", "run");
    Files.delete(run.resolve("findings.json"));
    Ran r = report(run.toString());
    assertEquals(2, r.exitCode());
    assertEquals("crosscheck report: " + run.resolve("findings.json") + ": missing: the run was not compared; run"
        + " 'crosscheck compare " + run + "' first", r.err().strip());
    Ran none = report(tmp.resolve("nothing").toString());
    assertEquals(2, none.exitCode());
    assertEquals(1, none.err().strip().lines().count(), none.err());
    assertTrue(none.err().contains("no such directory"), none.err());
    assertFalse(Files.exists(run.resolve("report.html")));
  }
}
