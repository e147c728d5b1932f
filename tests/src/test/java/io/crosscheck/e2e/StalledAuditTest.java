package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red-team 7 and 19 (issue 24) against a real server that reads each request and never answers
 * ({@code /fault/stall}): every record matches its exchange on the wire, but none completed, so the
 * audit exits 3 (not "supported"), prints no response-time figure and no NaN, and judges the client
 * host on the run's telemetry, not on the one sample before the last send. Tagged heavy: behaviour,
 * not JDK compatibility, so it runs once.
 */
@Tag("heavy")
class StalledAuditTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @Test
  void anAuditOfAMuteServerIsNotSupported(@TempDir Path out) throws Exception {
    Evidence.Compared run = Evidence.execute(List.of("audit", "--target", server.target(), "--urls", "/fault/stall",
        "--users", "3", "--duration", "2s", "--jit-warm-up", "0", "--layout", "shared", "--out", out.toString(),
        "--progress", "off"));
    System.out.println("[stalled audit] " + run);
    Path dir;
    try (var dirs = Files.list(out)) {
      dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    JsonNode file = Evidence.findingsFile(dir);
    JsonNode support = file.get("support");

    assertEquals(3, run.exitCode(), run.toString());
    assertFalse(support.get("supported").asBoolean(), support.toString());
    assertEquals("[\"no-completed-exchange\",\"failures-dominate\"]", support.get("reasons").toString());
    assertEquals(support.get("records").asLong(), support.get("failed").asLong(), "every record failed: " + support);
    assertTrue(support.get("records").asLong() >= 3, "a record per user at least: " + support);
    assertEquals(0, file.get("findings").get("responseTime").get("pairs").asLong());
    assertFalse(run.out().contains("NaN"), run.out());
    assertFalse(Files.readString(dir.resolve("findings.json")).contains("NaN"));
    assertTrue(run.out().contains("response time: not judged: no exchange completed on both sides"), run.out());
    assertTrue(run.out().contains("not supported: no exchange completed on both sides"), run.out());
    // the requests were in flight to the run's end: the measured phase is the run's 2 s, not 0.1 s
    JsonNode host = file.get("findings").get("clientHost");
    assertTrue(host.get("judged").asBoolean(), host.toString());
    assertTrue(host.get("measuredSeconds").asDouble() >= 1.5, "the measured phase is the run's 2 s: " + host);
    assertTrue(host.get("samples").asInt() >= 2, host.toString());
  }
}
