package io.crosscheck.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.tools.attach.VirtualMachine;
import io.crosscheck.agent.targets.Attach;
import io.crosscheck.audit.AgentJar;
import io.crosscheck.agent.targets.LoopTarget;
import io.crosscheck.e2e.EmbeddedServerExtension;
import io.crosscheck.telemetry.TelemetryCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dynamic attach: a running generator (one thread, {@code URL.openStream} every 20 ms) gets the
 * agent with {@code loadAgent(jar, "out=DIR,...")} and, a second later, {@code loadAgent(jar,
 * "stop")}: the stop flushes (rows, a detached agent.json), removes the advice (the JVM retransforms
 * each instrumented class once more) and the generator runs on with its later requests unrecorded.
 * On JDK 17 and Temurin 25, each attaching itself and the other. Targets run with {@code
 * -XX:+EnableDynamicAgentLoading} (JDK 21+ warns without it) and must print no warning.
 */
@Timeout(60)
@Tag("both-jdks") // starts child JVMs of JDK 17 and Temurin 25 itself: run once
// runs alone (serial-tests in pom.xml): the target fetches on within bounded times after attach and stop
@org.junit.jupiter.api.Tag("serial")
class AgentAttachTest {
  private static final String CDS_NOTICE =
      "warning: Sharing is only supported for boot loader classes because bootstrap classpath has been appended";
  private static final Pattern REDEFINED = Pattern.compile("redefined name=(\\S+), count=(\\d+)");

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @TempDir
  Path tmp;

  /** Each JDK the agent supports attaching a target of each. */
  static Stream<Arguments> attacherAndTarget() {
    List<Path> jdks = List.of(TargetJvm.JDK_17, TargetJvm.TEMURIN_25);
    return jdks.stream().flatMap(attacher -> jdks.stream().map(target -> Arguments.of(attacher, target)));
  }

  @ParameterizedTest(name = "{0} attaches {1}")
  @MethodSource("attacherAndTarget")
  void attachRecordStop(Path attacherJdk, Path targetJdk) throws Exception {
    assumeTrue(Files.isExecutable(attacherJdk.resolve("bin/java")) && Files.isExecutable(targetJdk.resolve("bin/java")),
        "needs " + attacherJdk + " and " + targetJdk);
    Path out = Files.createDirectories(tmp.resolve("out"));
    Path redefineLog = tmp.resolve("redefine.log");
    try (TargetJvm target = startLoop(targetJdk, redefineLog)) {
      target.awaitLine("ready", Duration.ofSeconds(20));
      attach(attacherJdk, target.pid(), "out=" + out + ",telemetryMillis=50");
      assertEquals("running", AgentFiles.agentJson(out).get("status").asText());
      Thread.sleep(1000);
      attach(attacherJdk, target.pid(), "stop");

      JsonNode json = AgentFiles.agentJson(out);
      assertEquals("detached", json.get("status").asText(), json.toString());
      assertEquals("stop", json.get("endReason").asText());
      List<AgentFiles.Row> rows = AgentFiles.requests(out);
      assertTrue(rows.size() >= 10, rows.size() + " rows recorded in a second of fetches every 20 ms");
      assertEquals(rows.size(), json.get("requestRows").asLong());
      assertEquals(rows.size(), json.get("exchangesRecorded").asLong());
      assertEquals(0, json.get("adviceErrors").asLong(), json.get("adviceErrorSamples").toString());
      assertFalse(TelemetryCsv.read(out.resolve("telemetry.csv")).isEmpty(), "telemetry rows");
      long start = json.get("startNanos").asLong();
      long end = json.get("endNanos").asLong();
      // the stop may come while the one fetch is in flight: that one is written as it stands
      List<AgentFiles.Row> inFlight = rows.stream().filter(r -> !r.get("outcome").equals("ok")).toList();
      assertTrue(inFlight.size() <= 1, "one thread has at most one exchange in flight: " + inFlight);
      for (AgentFiles.Row r : inFlight) {
        assertEquals("aborted", r.get("outcome"), r.toString());
        assertEquals("in flight when the recording stopped", r.get("detail"));
        assertEquals(rows.get(rows.size() - 1), r, "the in-flight exchange is the last");
      }
      for (AgentFiles.Row r : rows) {
        assertEquals("/static/2k", r.get("url"));
        assertTrue(r.num("intendedStartNanos") >= start && r.num("closeNanos") <= end, "within the recording: " + r);
        // a keep-alive connection opened before the attach is known as such
        assertTrue(r.num("connectionOpenNanos") == -1 ? r.get("connectionReused").equals("true")
            : r.num("connectionOpenNanos") >= start, r.toString());
      }
      long requestsBytes = Files.size(out.resolve("requests.csv"));

      // the generator runs on; its later requests are not recorded
      long served = server.requestsServed();
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (server.requestsServed() < served + 20 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(server.requestsServed() >= served + 20, "the target fetched on after the stop");
      target.send("end");
      assertEquals(0, target.awaitExit(Duration.ofSeconds(20)), "the target's exit code");
      long done = target.number("done", "done");
      assertTrue(done >= rows.size() + 20, done + " fetches, " + rows.size() + " recorded");
      assertEquals(requestsBytes, Files.size(out.resolve("requests.csv")), "requests.csv after the stop");
      assertEquals("detached", AgentFiles.agentJson(out).get("status").asText(), "agent.json after the target ended");

      List<String> stderr = target.stderrLines().stream().filter(l -> !l.isEmpty() && !l.endsWith(CDS_NOTICE)).toList();
      assertEquals(List.of(), stderr, "the target's stderr (no WARNING, nothing from the agent or Byte Buddy)");
    }
    // every class instrumented at the attach was retransformed again at the stop: the advice is gone
    Map<String, Integer> redefinitions = redefinitions(redefineLog);
    assertTrue(redefinitions.containsKey("sun.net.www.protocol.http.HttpURLConnection")
        && redefinitions.containsKey("java.net.Socket$SocketInputStream"), redefinitions.toString());
    for (Map.Entry<String, Integer> e : redefinitions.entrySet()) {
      assertEquals(2, e.getValue(), "redefinitions of " + e.getKey() + ": " + redefinitions);
    }
  }

  /** A stop, then another attach into another directory: that recording starts afresh. */
  @Test
  void secondAttachAfterStopRecordsAfresh() throws Exception {
    Path first = Files.createDirectories(tmp.resolve("first"));
    Path second = Files.createDirectories(tmp.resolve("second"));
    Path jdk = TargetJvm.currentJdk();
    try (TargetJvm target = startLoop(jdk, tmp.resolve("redefine.log"))) {
      target.awaitLine("ready", Duration.ofSeconds(20));
      attach(jdk, target.pid(), "out=" + first);
      Thread.sleep(500);
      attach(jdk, target.pid(), "stop");
      attach(jdk, target.pid(), "out=" + second);
      Thread.sleep(500);
      attach(jdk, target.pid(), "stop");
      target.send("end");
      assertEquals(0, target.awaitExit(Duration.ofSeconds(20)));
    }
    JsonNode firstJson = AgentFiles.agentJson(first);
    JsonNode json = AgentFiles.agentJson(second);
    List<AgentFiles.Row> rows = AgentFiles.requests(second);
    assertEquals("detached", json.get("status").asText(), json.toString());
    assertTrue(rows.size() >= 5, rows.size() + " rows in half a second");
    assertEquals(rows.size(), json.get("exchangesRecorded").asLong(), "counted in this recording only");
    assertEquals(1, json.get("threadsSeen").asLong());
    assertEquals(0, rows.get(0).num("seq"), "seq restarts: " + rows.get(0));
    assertEquals(0, rows.get(0).num("userId"));
    for (AgentFiles.Row r : rows) {
      assertTrue(r.num("intendedStartNanos") > firstJson.get("endNanos").asLong(), "after the first stop: " + r);
    }
  }

  private TargetJvm startLoop(Path jdk, Path redefineLog) throws IOException {
    return TargetJvm.start(jdk, List.of("-XX:+EnableDynamicAgentLoading",
            "-Xlog:redefine+class+load=info:file=" + redefineLog),
        LoopTarget.class, tmp.resolve("target"), server.target() + "/static/2k", "20", "30000");
  }

  /** Loads the agent into {@code pid} from {@code jdk}: in this JVM when it is that JDK, else a child {@link Attach}. */
  private void attach(Path jdk, long pid, String args) throws Exception {
    String jar = AgentJar.locate().toString();
    if (jdk.toRealPath().equals(TargetJvm.currentJdk().toRealPath())) {
      VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
      try {
        vm.loadAgent(jar, args);
      } finally {
        vm.detach();
      }
      return;
    }
    try (TargetJvm attacher = TargetJvm.start(jdk, List.of(), Attach.class, tmp.resolve("attach-" + System.nanoTime()),
        Long.toString(pid), jar, args)) {
      assertEquals(0, attacher.awaitExit(Duration.ofSeconds(30)), "attacher exit; stderr: " + attacher.stderrLines());
      attacher.awaitLine("loaded", Duration.ofSeconds(1));
    }
  }

  private static Map<String, Integer> redefinitions(Path log) throws IOException {
    Map<String, Integer> counts = new TreeMap<>();
    for (String line : Files.readAllLines(log)) {
      Matcher m = REDEFINED.matcher(line);
      if (m.find()) {
        counts.merge(m.group(1), Integer.parseInt(m.group(2)), Math::max);
      }
    }
    return counts;
  }
}
