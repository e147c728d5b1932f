package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.report.FindingsSentences;
import io.crosscheck.rundir.RunFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deliverable 4 of issue 12: every audit says whether the client host was the bottleneck, with its
 * evidence, before it states an error figure. Two real audits on loopback: a light in-process run
 * (the host has CPU to spare) and the legacy engine interpreted ({@code -Xint}) in a child JVM with
 * 60 users and no think time on this 2-core machine (the generator's threads queue for a core).
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
class ClientHostAuditTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static Evidence.Compared audit(Path out, String... more) {
    List<String> args = new ArrayList<>(List.of("audit", "--target", "http://127.0.0.1:" + server.port(), "--out",
        out.toString(), "--progress", "off", "--telemetry-period", "100ms", "--urls",
        "/static/2k"));
    args.addAll(Arrays.asList(more));
    return Evidence.execute(args);
  }

  /** The client-host line comes before the first error figure, and findings.json holds the same verdict. */
  private static JsonNode verdict(Path out, Evidence.Compared c) throws Exception {
    assertEquals(0, c.exitCode(), c.toString());
    int host = c.out().indexOf("client host:");
    int error = c.out().indexOf("response time:");
    assertTrue(host >= 0 && error > host, "the client host is stated before the error figure:\n" + c.out());
    try (var dirs = java.nio.file.Files.list(out)) {
      Path dir = dirs.filter(java.nio.file.Files::isDirectory).findFirst().orElseThrow();
      JsonNode h = Evidence.findings(dir).get("clientHost");
      assertTrue(h.get("judged").asBoolean(), h.toString());
      // findings.json holds the verdict and its figures, no sentence: the table says them
      assertFalse(h.has("statement") || h.has("evidence"), h.toString());
      String said = FindingsSentences.clientHost(RunFiles.readFindings(dir.resolve(RunFiles.FINDINGS_JSON)).findings());
      assertTrue(c.out().contains("client host:   " + said), "stdout states findings.json's verdict: " + h);
      // what it rests on: at least 2 samples of the 100 ms telemetry in a measured phase of about 3 s
      assertTrue(h.get("samples").asInt() >= 2, h.toString());
      assertEquals(100.0, h.get("telemetryPeriodMillis").asDouble(), 20.0, h.toString());
      assertTrue(h.get("measuredSeconds").asDouble() > 1.0 && h.get("measuredSeconds").asDouble() < 10.0,
          h.toString());
      assertTrue(h.get("sampledSeconds").asDouble() > 0, h.toString());
      assertEquals(0.9, h.get("thresholds").get("saturatedFraction").asDouble(), 0, h.toString());
      assertEquals(h.get("sendLagPairs").asLong(), Evidence.findings(dir).get("lags").get("sendLag").get("count")
          .asLong(), "the send lag p99 rests on the matched pairs' lags: " + h);
      return h;
    }
  }

  @Test
  void aLightRunIsNotTheBottleneckAndAnInterpretedLegacyGeneratorWithSixtyUsersIs(@TempDir Path out)
      throws Exception {
    Path heavy = out.resolve("heavy");
    JsonNode busy = verdict(heavy, audit(heavy, "--engine", "legacy-urlconnection", "--timing", "nanos",
        "--jvm-opt=-Xint", "--jit-warm-up", "0", "--users", "60", "--think", "none", "--duration", "3s"));
    Path light = out.resolve("light");
    // after a JIT warm-up, in this JVM (beside the server and the capture)
    // the shared layout: audit's default loop-alone would spin a core, leaving the host no CPU to spare
    JsonNode calm = verdict(light, audit(light, "--jit-warm-up", "3000", "--users", "4", "--think", "exp:50ms",
        "--duration", "3s", "--layout", "shared"));
    System.out.printf(Locale.ROOT, "[client host] -Xint legacy 60 users in a child JVM: %s | light netty 4 users: %s%n",
        busy, calm);

    assertEquals(true, busy.get("bottleneck").asBoolean(), busy.toString());
    assertTrue(busy.get("verdict").asText().startsWith("BOTTLENECK_"), "the bottleneck, and why: " + busy);
    assertTrue(busy.get("runQueueWaitMicrosPerSecondMax").isNumber(), "run-queue wait measured: " + busy);
    assertEquals(false, calm.get("bottleneck").asBoolean(), calm.toString());
    assertEquals(0.0, calm.get("saturatedSeconds").asDouble(), 0.2, calm.toString());
    assertTrue(calm.get("runQueueWaitMicrosPerSecondMax").isNumber(), "run-queue wait measured: " + calm);
    assertTrue(calm.get("verdict").asText().startsWith("NOT_BOTTLENECK"), calm.toString());
    assertTrue(busy.get("sendLagP99Micros").asDouble() > calm.get("sendLagP99Micros").asDouble(),
        "the saturated generator's requests leave later after their send start: " + busy + " vs " + calm);
  }
}
