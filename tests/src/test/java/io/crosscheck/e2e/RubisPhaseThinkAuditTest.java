package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.rubis.server.RubisServer;
import io.crosscheck.rubis.server.RubisServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: {@code audit --rubis} with the legacy engine (a thread per user, URL.openStream), its
 * up-ramp and down-ramp think times (x2 and x3 of the table's, the shipped properties' slowdown
 * factors) recognised phase by phase from the wire. The same run compared against a table that
 * declares no slowdown (expected.json's factors all 1) is rejected in both ramps and still faithful in
 * the run: the check tells the factors apart, it does not merely accept any think time. Serial: the
 * think times are tens of ms, and another test's load would make the user threads late.
 */
@org.junit.jupiter.api.Tag("serial")
class RubisPhaseThinkAuditTest {
  private static RubisServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = RubisServer.start(RubisServerConfig.defaults());
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private static Map<String, JsonNode> phases(JsonNode workload) {
    Map<String, JsonNode> byPhase = new HashMap<>();
    for (JsonNode p : workload.get("thinkTable").get("phases")) {
      byPhase.put(p.get("phase").asText(), p);
    }
    return byPhase;
  }

  @Test
  void upRampAndDownRampThinkTimesAreRecognisedPerPhase(@TempDir Path out) throws Exception {
    CliRun run = CliRun.run(out, "audit", "--target", "http://127.0.0.1:" + server.port(), "--rubis", "--engine",
        "legacy-urlconnection", "--users", "20", "--think-scale", "0.01", "--ramp-up", "3s", "--duration", "3s",
        "--ramp-down", "3s");
    assertEquals(0, run.exitCode, run.err);
    Path dir = run.runDirectory();
    JsonNode w = Evidence.findings(dir).get("workload");
    Map<String, JsonNode> phases = phases(w);
    Map<String, Integer> factors = Map.of("RAMP_UP", 2, "MEASURE", 1, "RAMP_DOWN", 3);
    for (Map.Entry<String, Integer> f : factors.entrySet()) {
      JsonNode p = phases.get(f.getKey());
      assertEquals(f.getValue().intValue(), p.get("factor").asInt(), p.toString());
      assertEquals("FAITHFUL", p.get("verdict").asText(), p.toString());
      assertTrue(p.get("pairs").asLong() >= 200, "a few seconds of 20 users: " + p);
      // most think times are the page's state's own think times the phase's factor
      assertTrue(p.get("asDeclared").asLong() >= 0.7 * p.get("pairs").asLong(), p.toString());
      System.out.printf(Locale.ROOT, "[rubis think x%d] %s: %d pairs, %d as declared, %d another state's, %d about 0,"
          + " %d none (wire later by %.3f ms)%n", f.getValue(), f.getKey(), p.get("pairs").asLong(),
          p.get("asDeclared").asLong(), p.get("otherState").asLong(), p.get("zero").asLong(),
          p.get("otherwise").asLong(), p.path("lateMillis").path("estimate").asDouble(Double.NaN));
    }
    assertEquals("CLOSED", w.get("loop").get("verdict").asText(), "a RUBiS user waits for its pages: " + w.get("loop"));

    // the same run against a table that declares no slowdown: both ramps rejected, the run still faithful
    Path expectedJson = dir.resolve("expected.json");
    ObjectNode expected = (ObjectNode) new ObjectMapper().readTree(expectedJson.toFile());
    ObjectNode noSlowdown = (ObjectNode) expected.get("thinkTable").get("factorByPhase");
    noSlowdown.put("RAMP_UP", 1).put("RAMP_DOWN", 1);
    Files.writeString(expectedJson, expected.toString());
    Evidence.Compared again = Evidence.compare(dir.toString());
    assertTrue(again.exitCode() == 0, again.toString());
    Map<String, JsonNode> wrong = phases(Evidence.findings(dir).get("workload"));
    assertEquals("REJECTED", wrong.get("RAMP_UP").get("verdict").asText(), wrong.get("RAMP_UP").toString());
    assertEquals("REJECTED", wrong.get("RAMP_DOWN").get("verdict").asText(), wrong.get("RAMP_DOWN").toString());
    assertEquals("FAITHFUL", wrong.get("MEASURE").get("verdict").asText(), wrong.get("MEASURE").toString());
    System.out.printf(Locale.ROOT, "[rubis think x1 declared] up-ramp %d of %d none of the table's, down-ramp %d of %d%n",
        wrong.get("RAMP_UP").get("otherwise").asLong(), wrong.get("RAMP_UP").get("pairs").asLong(),
        wrong.get("RAMP_DOWN").get("otherwise").asLong(), wrong.get("RAMP_DOWN").get("pairs").asLong());
  }
}
