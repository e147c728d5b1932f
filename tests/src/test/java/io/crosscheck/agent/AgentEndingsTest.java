package io.crosscheck.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.agent.targets.FetchTarget;
import io.crosscheck.e2e.EmbeddedServerExtension;
import io.crosscheck.telemetry.TelemetryCsv;
import io.crosscheck.telemetry.TelemetrySample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * However a target JVM ends — an uncaught exception from main, {@code Runtime.exit(3)}, SIGTERM
 * with requests in flight — the agent leaves whole, readable records (one row per exchange the
 * target made, the unfinished ones as {@code aborted}), telemetry and a finished agent.json, and
 * the target's exit code is its own. Bad agent arguments leave the target unharmed. The agent
 * opens no TCP port. Targets run on the JDK of the tests (the suite runs on JDK 17 and Temurin 25).
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
@Timeout(60)
class AgentEndingsTest {
  private static final int THREADS = 3;
  private static final int PER_THREAD = 8;
  private static final int STALLS = 2;

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @TempDir
  Path tmp;

  @Test
  void uncaughtExceptionFromMainKeepsExitCode1AndTheRecords() throws Exception {
    endsAndLeavesRecords("throw", 1);
  }

  @Test
  void runtimeExit3KeepsExitCode3AndTheRecords() throws Exception {
    endsAndLeavesRecords("exit3", 3);
  }

  @Test
  void sigtermWithRequestsInFlightKeepsExitCode143AndTheRecords() throws Exception {
    endsAndLeavesRecords("wait", 143);
  }

  private void endsAndLeavesRecords(String ending, int expectedExit) throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    int exit;
    long completed;
    try (StallServer stall = new StallServer();
        TargetJvm target = TargetJvm.start(TargetJvm.currentJdk(),
            List.of(TargetJvm.javaagent("out=" + out + ",telemetryMillis=50")), FetchTarget.class,
            tmp.resolve("target"), server.target(), "/static/2k,/chunked/20k,/static/64k",
            Integer.toString(THREADS), Integer.toString(PER_THREAD), stall.url(), Integer.toString(STALLS), ending)) {
      target.awaitLine("stalling", Duration.ofSeconds(30));
      completed = target.number("completed", "completed");
      assertEquals(THREADS * PER_THREAD, completed, "fetches the target completed");
      stall.awaitRequests(STALLS, 10_000);

      // while it runs, with requests in flight: no TCP port is listened on by the target
      assertEquals(Set.of(), ListeningSockets.tcpPorts(target.pid()), "TCP ports the target listens on");

      if (ending.equals("wait")) {
        target.process.destroy(); // SIGTERM
      } else {
        target.send("end");
      }
      exit = target.awaitExit(Duration.ofSeconds(30));
      assertEquals(expectedExit, exit, "the target's exit code; stderr: " + target.stderrLines());
      assertEquals(List.of(), target.stderrLines().stream().filter(l -> l.startsWith("crosscheck-agent:")).toList(),
          "the agent's stderr lines");
      assertEquals(STALLS, stall.requestsReceived(), "stalled requests that reached their server");
    }

    List<AgentFiles.Row> rows = AgentFiles.requests(out);
    assertEquals(completed + STALLS, rows.size(), "requests.csv rows: every exchange the target made");
    List<AgentFiles.Row> ok = rows.stream().filter(r -> r.get("outcome").equals("ok")).toList();
    assertEquals(completed, ok.size(), "ok rows");
    for (AgentFiles.Row r : ok) {
      assertEquals(200, r.num("status"));
      assertTrue(r.num("lastByteNanos") >= r.num("firstByteNanos") && r.num("firstByteNanos") >= r.num("sendStartNanos")
          && r.num("sendStartNanos") >= r.num("intendedStartNanos") && r.num("closeNanos") >= r.num("lastByteNanos"),
          "ordered instants: " + r);
      assertTrue(r.get("thread").startsWith("user-"), r.toString());
    }
    List<AgentFiles.Row> inFlight = rows.stream().filter(r -> r.get("url").startsWith("/stall/")).toList();
    assertEquals(STALLS, inFlight.size(), "rows of the requests in flight");
    for (AgentFiles.Row r : inFlight) {
      assertEquals("aborted", r.get("outcome"), r.toString());
      assertEquals("in flight when the recording stopped", r.get("detail"));
      assertTrue(r.num("sendStartNanos") >= r.num("intendedStartNanos") && r.num("sendStartNanos") > 0, r.toString());
      assertEquals(-1, r.num("firstByteNanos"), r.toString());
      assertTrue(r.num("requestBytes") > 0, r.toString());
    }
    assertEquals(List.of(), AgentFiles.rows(out.resolve("intervals.csv"),
        "intervalId,threadId,thread,source,startNanos,endNanos,reportedNanos,reportedValue,reportedUnit,exchanges"),
        "intervals.csv (nothing reported)");

    List<TelemetrySample> telemetry = TelemetryCsv.read(out.resolve("telemetry.csv"));
    assertFalse(telemetry.isEmpty(), "telemetry rows");

    JsonNode json = AgentFiles.agentJson(out);
    assertEquals("completed", json.get("status").asText(), json.toString());
    assertEquals("shutdown", json.get("endReason").asText());
    assertEquals(rows.size(), json.get("exchangesRecorded").asLong());
    assertEquals(rows.size(), json.get("requestRows").asLong());
    assertEquals(0, json.get("recordsDropped").asLong());
    assertEquals(0, json.get("adviceErrors").asLong(), json.get("adviceErrorSamples").toString());
    assertEquals(telemetry.size(), json.get("telemetryRows").asLong());
    assertEquals(THREADS + STALLS, json.get("threadsSeen").asLong());
    assertTrue(json.get("endNanos").asLong() >= json.get("startNanos").asLong());
  }

  @Test
  void badArgumentsLeaveTheTargetUnharmedWithOneLineAndAFailedAgentJson() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    String line = theAgentsOneLine("out=" + out + ",telemetryMillis=often,bogus=1", 3);
    assertTrue(line.contains("telemetryMillis=often") && line.contains("\"bogus\""), line);
    JsonNode json = AgentFiles.agentJson(out);
    assertEquals("failed", json.get("status").asText(), json.toString());
    assertTrue(json.get("error").asText().contains("bogus"), json.toString());
    assertEquals(Set.of("agent.json"), Files.list(out).map(p -> p.getFileName().toString()).collect(Collectors.toSet()),
        "files in out: nothing recorded");
  }

  @Test
  void unusableOutLeavesTheTargetUnharmedWithOneLine() throws Exception {
    Path missing = tmp.resolve("no-such-dir");
    String line = theAgentsOneLine("out=" + missing, 2);
    assertTrue(line.contains("no such directory"), line);
    assertFalse(Files.exists(missing), "the agent created its out directory");
  }

  /** The check the ending tests rely on sees listening sockets: this JVM's servers. */
  @Test
  void listeningSocketsSeesThisJvmsServers() throws Exception {
    try (StallServer stall = new StallServer()) {
      Set<Integer> ports = ListeningSockets.tcpPorts(ProcessHandle.current().pid());
      assertTrue(ports.contains(stall.port()) && ports.contains(server.port()), ports.toString());
    }
  }

  /**
   * Runs the target under {@code -javaagent:JAR=AGENT_ARGS} for {@code fetches} fetches on one
   * thread; asserts that it made them all and exited 0, and that the agent printed one stderr line;
   * returns that line.
   */
  private String theAgentsOneLine(String agentArgs, int fetches) throws Exception {
    try (TargetJvm target = TargetJvm.start(TargetJvm.currentJdk(), List.of(TargetJvm.javaagent(agentArgs)),
        FetchTarget.class, tmp.resolve("target"), server.target(), "/static/2k", "1", Integer.toString(fetches), "-",
        "0", "return")) {
      target.awaitLine("stalling", Duration.ofSeconds(30));
      assertEquals(fetches, target.number("completed", "completed"));
      target.send("end");
      assertEquals(0, target.awaitExit(Duration.ofSeconds(30)));
      List<String> agentLines = target.stderrLines().stream().filter(l -> l.contains("crosscheck-agent")).toList();
      assertEquals(1, agentLines.size(), "the agent's stderr lines: " + target.stderrLines());
      return agentLines.get(0);
    }
  }
}
