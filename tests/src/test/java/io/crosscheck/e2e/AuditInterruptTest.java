package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Red-team 8 (issue 24): Ctrl-C (SIGINT) to {@code audit} during its JIT warm-up or its load ends
 * with the documented interrupted message and exit 130, the run directory finished as interrupted,
 * and no comparison started in a JVM that is shutting down (it used to add a shutdown hook then and
 * print "internal error: IllegalStateException: Shutdown in progress"). Tagged heavy: behaviour, not
 * JDK compatibility, so it runs once.
 */
@org.junit.jupiter.api.Tag("heavy")
class AuditInterruptTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @ParameterizedTest(name = "SIGINT during the {0}")
  @ValueSource(strings = {"warm-up", "load"})
  void sigintEndsTheAuditAsInterrupted(String phase, @TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("out");
    List<String> args = new java.util.ArrayList<>(List.of("audit", "--target", server.target(), "--users", "4",
        "--think", "exp:5ms", "--urls", "/static/2k", "--duration", "60s", "--out", out.toString(),
        "--progress", "off", "--layout", "shared")); // no core claimed and spun: a shared CI host stays quick
    if (phase.equals("load")) {
      args.addAll(List.of("--jit-warm-up", "0"));
    }
    Files.createDirectories(out);
    try (ChildCli child = ChildCli.startAsGiven(tmp.resolve("child.out"), out, args)) {
      if (phase.equals("warm-up")) {
        child.waitForLine(Duration.ofSeconds(60), "crosscheck: run directory");
        Thread.sleep(300);
        assertFalse(child.output().contains("JIT warm-up:"), "the warm-up is still going: " + child.output());
      } else {
        child.waitForRows(100, Duration.ofSeconds(60));
      }
      child.signal("INT");
      int exit = child.waitForExit(Duration.ofSeconds(25));
      String output = child.output();
      System.out.println("[audit interrupt] SIGINT during the " + phase + ": exit " + exit + "\n" + output);

      assertEquals(130, exit, output);
      assertFalse(output.contains("internal error"), output);
      assertTrue(output.contains("crosscheck audit: interrupted; the run is kept: compare it with 'crosscheck compare "),
          output);
      assertEquals("interrupted", Evidence.json(child.runDirectory().resolve("run.json")).path("status").asText());
      assertFalse(Files.exists(child.runDirectory().resolve("findings.json")), "no comparison was made");
      assertEquals(List.of(), Evidence.tmpFiles(child.runDirectory()), "no *.tmp left");
      if (phase.equals("load")) {
        // red-team 23 and 9: 'compare' of the interrupted run states it first and exits 3, not 0
        Evidence.Compared compared = Evidence.compare(child.runDirectory().toString());
        System.out.println("[audit interrupt] compare of the interrupted run: " + compared);
        assertEquals(3, compared.exitCode(), compared.toString());
        assertTrue(compared.out().contains("\nrun:           interrupted: the run was stopped (Ctrl-C or SIGTERM)"),
            compared.out());
        // the reason this test is about; a loaded host may add another (below the floor) beside it
        String reasons = Evidence.findingsFile(child.runDirectory()).path("support").path("reasons").toString();
        assertTrue(reasons.contains("\"run-incomplete\""), reasons + "\n" + compared.out());
      }
    }
  }
}
