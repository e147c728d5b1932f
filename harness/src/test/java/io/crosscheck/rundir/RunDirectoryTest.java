package io.crosscheck.rundir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.ClockCalibration;
import io.crosscheck.record.ClockOffset;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunDirectoryTest {
  private static final Clock FIXED =
      Clock.fixed(Instant.parse("2026-03-04T05:06:07Z"), ZoneOffset.UTC);
  // a key is a unit-free word only when it is not a time, size or rate
  private static final Pattern TIMEISH =
      Pattern.compile("(?i).*(time|duration|offset|uncertainty|drift|elapsed|timeout|gap|memory|heap|rate|start|end|at)$");
  private static final Pattern UNIT = Pattern.compile(".*(Nanos|Micros|Millis|Seconds|Bytes|PerSecond|Utc)$");

  static final RunJson.EngineSection ENGINE = new RunJson.EngineSection("netty", "per-session", 6, 0,
      5_000_000_000L, 30_000_000_000L, List.of(), false);

  @TempDir Path base;

  static Workload workload() {
    return new Workload(
        new Target("127.0.0.1", 8080),
        new Arrival.PartlyOpen(new ArrivalProcess.Poisson(25.0)),
        new SessionSource.UrlList(List.of("/static/2k", "/cgi?x=1"), true),
        new SessionLength.Geometric(0.8, 50),
        new ThinkTime.Exponential(7_000_000_000L),
        new Phases(2_000_000_000L, 30_000_000_000L, 1_000_000_000L),
        42L);
  }

  @Test
  void collidingNamesGetNumberedSuffixes() throws IOException {
    Path first = RunDirectory.create(base, "demo", FIXED).path();
    Path second = RunDirectory.create(base, "demo", FIXED).path();
    Path third = RunDirectory.create(base, "demo", FIXED).path();
    Path odd = RunDirectory.create(base, "a/b c", FIXED).path();

    assertEquals(base.resolve("20260304-050607-demo"), first);
    assertEquals(base.resolve("20260304-050607-demo-2"), second);
    assertEquals(base.resolve("20260304-050607-demo-3"), third);
    assertEquals(base.resolve("20260304-050607-a-b-c"), odd);
    assertTrue(Files.isDirectory(third));
  }

  @Test
  void runJsonGoesFromRunningToCompletedWithClockDriftAndEngineResult() throws IOException {
    RunDirectory dir = RunDirectory.create(base, "json");
    ClockOffset start = new ClockOffset(1_700_000_000_000_000_000L, 1_500, 10_000);
    dir.writeStart(List.of("crosscheck", "run", "--seed", "42"), workload(), 42L, "abc123",
        ENGINE, start);

    JsonNode running = new ObjectMapper().readTree(dir.runJson().toFile());
    assertEquals("running", running.get("status").asText());
    for (String key : List.of("crosscheckVersion", "startTimeUtc", "startEpochNanos", "command",
        "seed", "scheduleDigest", "workload", "engine", "jvm", "host", "clockStart")) {
      assertTrue(running.has(key), key);
    }
    assertEquals(42, running.get("seed").asLong());
    assertEquals("abc123", running.get("scheduleDigest").asText());
    assertEquals("--seed", running.get("command").get(2).asText());
    JsonNode w = running.get("workload");
    assertEquals("http://127.0.0.1:8080", w.get("target").asText());
    assertEquals("partly-open", w.get("arrival").get("model").asText());
    assertEquals(25.0, w.get("arrival").get("process").get("ratePerSecond").asDouble());
    assertEquals("/cgi?x=1", w.get("source").get("paths").get(1).asText());
    assertEquals(7_000_000_000L, w.get("thinkTime").get("meanNanos").asLong());
    assertEquals(30_000_000_000L, w.get("phases").get("measureNanos").asLong());
    assertEquals("per-session", running.get("engine").get("policy").asText());
    assertEquals(30_000_000_000L, running.get("engine").get("requestTimeoutNanos").asLong());
    assertTrue(running.get("jvm").get("inputArguments").isArray());
    assertFalse(running.get("jvm").get("javaHome").asText().isEmpty());
    assertTrue(running.get("host").get("cores").asInt() > 0);
    assertEquals(1_500, running.get("clockStart").get("uncertaintyNanos").asLong());
    assertFalse(running.has("clockEnd"));

    ClockOffset end = new ClockOffset(1_700_000_000_000_000_250L, 2_000, 9_000_010_000L);
    dir.writeEnd("completed", new RunJson.EngineResultSection(100, 5_100, 5_000, 12, 3L, 4, 4, 0L,
        Map.of("maxIdleConnections", 2L)), end);

    JsonNode done = new ObjectMapper().readTree(dir.runJson().toFile());
    assertEquals("completed", done.get("status").asText());
    assertEquals(250, done.get("clockDrift").get("driftNanos").asLong());
    assertEquals(3_500, done.get("clockDrift").get("uncertaintyNanos").asLong());
    assertEquals(9_000_000_000L, done.get("clockDrift").get("elapsedNanos").asLong());
    JsonNode result = done.get("engineResult");
    assertEquals(12, result.get("requestsIssued").asLong());
    assertEquals(3, result.get("connectionsOpened").asLong());
    assertEquals(5_000, result.get("durationNanos").asLong());
    assertEquals(2, result.get("extra").get("maxIdleConnections").asLong());
    assertEquals("abc123", done.get("scheduleDigest").asText(), "the start keys are kept");
    assertFalse(Files.exists(dir.path().resolve("run.json.tmp")));
    assertUnitsInKeys(done, "");
  }

  @Test
  void interruptedRunWithoutEngineResultAndUnknownStatusRejected() throws IOException {
    RunDirectory dir = RunDirectory.create(base, "int");
    dir.writeStart(List.of("x"), workload(), 1L, "d", ENGINE, ClockCalibration.calibrate());
    dir.writeEnd("interrupted", null);

    JsonNode json = new ObjectMapper().readTree(dir.runJson().toFile());
    assertEquals("interrupted", json.get("status").asText());
    assertFalse(json.has("engineResult"), "no engine result: the key is absent");
    assertEquals(ProcessHandle.current().pid(), json.get("pid").asLong());
    assertTrue(json.get("clockEnd").get("uncertaintyNanos").asLong() > 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> dir.writeEnd("done", null));
    assertEquals("status \"done\" is not one of completed, interrupted, failed, stalled", e.getMessage());
  }

  @Test
  void aStalledRunKeepsItsStallWithUnitsInEveryKey() throws IOException {
    RunDirectory dir = RunDirectory.create(base, "stall");
    dir.writeStart(List.of("x"), workload(), 1L, "d", ENGINE, ClockCalibration.calibrate());
    dir.stall(new RunJson.StallSection(1_000_000_000L, 3_000_000_000L, 1, true, 16_000_000_000L, 3_000_000_000L, 6,
        6, 3_000_000_000L, -1, 0));
    dir.writeEnd("stalled", null);

    JsonNode json = new ObjectMapper().readTree(dir.runJson().toFile());
    assertEquals("stalled", json.get("status").asText());
    assertEquals(6, json.get("stall").get("inFlight").asLong());
    assertTrue(json.get("stall").get("stoppedByTimeout").asBoolean());
    assertEquals(-1, RunFiles.readRun(dir.path()).stall().lastCompletionOffsetNanos(), "read back typed");
    assertUnitsInKeys(json, "");
  }

  /** Every key that names a time, size or rate carries its unit. */
  private static void assertUnitsInKeys(JsonNode node, String path) {
    if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> it = node.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        String key = e.getKey();
        if (path.endsWith("extra") || path.endsWith("nanosByState")) {
          continue; // engine-chosen names
        }
        if (e.getValue().isNumber() && TIMEISH.matcher(key).matches()) {
          assertTrue(UNIT.matcher(key).matches(), path + "." + key + " has no unit");
        }
        assertUnitsInKeys(e.getValue(), path + "." + key);
      }
    } else if (node.isArray()) {
      for (JsonNode n : node) {
        assertUnitsInKeys(n, path + "[]");
      }
    }
  }
}
