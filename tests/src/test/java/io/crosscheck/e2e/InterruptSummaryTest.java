package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT) during {@code run}: the summary is printed every time, not only when the main
 * thread wins the race against the JVM's exit (it used to print sometimes and sometimes not).
 */
@ChildJvmsProveBehaviour
class InterruptSummaryTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @RepeatedTest(3)
  void sigintMidRunAlwaysPrintsTheSummary(@TempDir Path out) throws Exception {
    try (ChildCli child = ChildCli.start(out.resolve("runs"), "run", "--target", server.target(), "--users", "20",
        "--think", "exp:5ms", "--urls", "/static/2k", "--duration", "60s", "--jit-warm-up", "0")) {
      child.waitForRows(500, Duration.ofSeconds(30));
      long sentNanos = System.nanoTime();
      child.signal("INT");
      assertTrue(child.process.waitFor(30, TimeUnit.SECONDS), "the child exits after SIGINT");
      long exitMillis = (System.nanoTime() - sentNanos) / 1_000_000;
      String printed = child.output();
      assertEquals(130, child.process.exitValue(), printed);
      assertTrue(printed.contains("outcomes (all phases): "), "the summary table was printed: " + printed);
      assertTrue(printed.contains("crosscheck: interrupted; "), "the closing line was printed: " + printed);
      assertEquals("interrupted", new ObjectMapper().readTree(child.runDirectory().resolve("run.json").toFile())
          .get("status").asText());
      assertTrue(exitMillis < 20_000, "bounded: exited " + exitMillis + " ms after SIGINT");
      System.out.println("[interrupt summary] exit " + child.process.exitValue() + " " + exitMillis
          + " ms after SIGINT, summary printed");
    }
  }
}
