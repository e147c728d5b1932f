package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --wan} and {@code audit --wan} end to end: real namespaces, the emulated link, the
 * embedded server in the server namespace on 127.0.0.1, the generator (and the audit's live
 * capture) in the client namespace. Asserts what the link must do to every exchange (no reply
 * sooner than its RTT, on the generator's clock and on the wire), the audit's coverage through it,
 * the link's own counts in run.json and the findings, and that the network (namespaces, TAPs, the
 * server's JVM) is gone after the normal end and after SIGINT. A few seconds of load each.
 */
@Tag("heavy")
class WanRunTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void runBehindTheLinkTakesAtLeastItsRttPerRequestAndLeavesNoNetwork(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("runs");
    ChildCli run = ChildCli.start(out, "run", "--wan", "rtt=20ms", "--users", "2", "--ramp-up", "0s",
        "--duration", "2s", "--urls", "/static/2k");
    try (run) {
      assertEquals(0, run.waitForExit(Duration.ofMinutes(3)), run.output());
    }
    assertNoNetworkOf(run.process.pid());
    Path dir = run.runDirectory();
    List<RequestRecord> records = RequestCsv.read(dir.resolve("requests.csv"));
    long ok = records.stream().filter(r -> r.outcome() == Outcome.OK).count();
    long belowRtt = records.stream().filter(r -> r.outcome() == Outcome.OK)
        .filter(r -> r.firstByteNanos() - r.sendStartNanos() < 20_000_000L).count();
    System.out.printf("[wan run] %d records, %d ok, %d replied sooner than the 20 ms RTT%n", records.size(), ok,
        belowRtt);
    assertTrue(ok >= 20, run.output());
    assertEquals(records.size(), ok, "every request answered through the link");
    assertEquals(0, belowRtt, "no reply sooner than one round trip of the link");
    JsonNode wan = JSON.readTree(dir.resolve("run.json").toFile()).get("wan");
    assertEquals(20_000_000L, wan.get("rttNanos").asLong());
    assertEquals("rtt=20ms", wan.get("label").asText());
    assertTrue(wan.get("clientNamespace").asText().startsWith("ccwan-" + run.process.pid() + "-"), wan.toString());
    assertTrue(wan.get("up").get("frames").asLong() > 2 * ok, "a request and its ACKs cross the link: " + wan);
    assertEquals(wan.get("down").get("frames").asLong(), wan.get("down").get("delayedFrames").asLong(), "no loss");
    assertTrue(run.output().contains("crosscheck: WAN link rtt=20ms: client to server "), run.output());
  }

  @Test
  void auditOfRubisBehindALossyLinkMatchesEveryRecordOnTheLinkInterface(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("runs");
    ChildCli audit = ChildCli.start(out, "audit", "--rubis", "--think-scale", "0.02", "--users", "4",
        "--ramp-up", "1s", "--duration", "3s", "--ramp-down", "0s", "--wan", "rtt=30ms,rate=10mbit,loss=0.1%");
    try (audit) {
      assertEquals(0, audit.waitForExit(Duration.ofMinutes(3)), audit.output());
    }
    assertNoNetworkOf(audit.process.pid());
    Path dir = audit.runDirectory();
    JsonNode capture = JSON.readTree(dir.resolve("capture.json").toFile());
    String ns = "ccwan-" + audit.process.pid() + "-0-c";
    assertEquals(ns, capture.get("namespace").asText(), capture.toString());
    assertTrue(capture.get("interface").asText().startsWith("ccw" + audit.process.pid()), capture.toString());
    assertEquals(1, capture.get("linkType").asInt(), "Ethernet frames on the TAP, not lo's");
    assertEquals(0, capture.get("kernelDropped").asLong(), capture.toString());
    JsonNode file = JSON.readTree(dir.resolve("findings.json").toFile());
    JsonNode f = file.get("findings");
    double matched = f.get("coverage").get("recordsMatchedPercent").asDouble();
    JsonNode wan = f.get("wan");
    System.out.printf("[wan audit] %.2f %% of %d records matched; %s%n", matched,
        f.get("coverage").get("inCapture").asLong(), wan);
    assertEquals("HELD", wan.get("verdict").asText(), "the capture saw the link: " + wan);
    assertNull(wan.get("statement"), "findings.json holds the figures; the table says them: " + wan);
    assertTrue(wan.get("upDelayed").asLong() > 0 && wan.get("downDelayed").asLong() > 0, wan.toString());
    assertEquals(capture.get("interface").asText(), wan.get("clientInterface").asText(), wan.toString());
    assertEquals(ns, wan.get("clientNamespace").asText(), wan.toString());
    assertTrue(matched >= 99.9, f.get("coverage").toString());
    assertTrue(f.get("coverage").get("matched").asLong() >= 20, f.get("coverage").toString());
    assertTrue(wan.get("exchanges").asLong() >= 20, wan.toString());
    assertEquals(0, wan.get("belowRtt").asLong(), "no exchange replied sooner than the RTT on the wire: " + wan);
    assertTrue(wan.get("minReplyMicros").asDouble() >= 30_000, wan.toString());
    assertTrue(wan.get("handshakes").asLong() >= 4, wan.toString());
    assertTrue(wan.get("medianHandshakeMicros").asDouble() >= 30_000, wan.toString());
    assertTrue(wan.get("upFrames").asLong() > 0 && wan.get("downFrames").asLong() > 0, wan.toString());
    // every exchange in the wire file, not only the findings' summary
    List<String> lines = Files.readAllLines(dir.resolve("wire-exchanges.csv"), StandardCharsets.UTF_8);
    List<String> header = List.of(lines.get(0).split(","));
    int start = header.indexOf("requestStartEpochNanos");
    int first = header.indexOf("firstResponseByteEpochNanos");
    long seen = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] c = line.split(",", -1);
      long reply = Long.parseLong(c[first]) - Long.parseLong(c[start]);
      if (Long.parseLong(c[first]) >= 0) {
        seen++;
        assertTrue(reply >= 30_000_000L, "reply time " + reply + " ns below the link's RTT: " + line);
      }
    }
    assertTrue(seen >= 20, "exchanges with a reply: " + seen);
    assertEquals(wan.get("upFrames").asLong(),
        JSON.readTree(dir.resolve("run.json").toFile()).get("wan").get("up").get("frames").asLong());
  }

  @Test
  void sigintDuringTheLoadEndsTheRunAsInterruptedAndLeavesNoNetwork(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("runs");
    ChildCli audit = ChildCli.start(out, "audit", "--wan", "rtt=10ms", "--users", "2", "--ramp-up", "0s",
        "--duration", "60s", "--urls", "/static/2k");
    long serverPid;
    try (audit) {
      audit.waitForRows(20, Duration.ofMinutes(2));
      serverPid = serverPid(audit.runDirectory());
      assertTrue(serverPid > 0, "the embedded server's JVM runs: " + audit.output());
      audit.signal("INT");
      assertEquals(130, audit.waitForExit(Duration.ofMinutes(1)), audit.output());
    }
    assertNoNetworkOf(audit.process.pid());
    assertFalse(ProcessHandle.of(serverPid).map(ProcessHandle::isAlive).orElse(false), "the server's JVM is gone");
    JsonNode run = JSON.readTree(audit.runDirectory().resolve("run.json").toFile());
    assertEquals("interrupted", run.get("status").asText(), run.toString());
  }

  @Test
  void anUnknownProfileAndAnExternalTargetAreRefusedBeforeAnythingStarts(@TempDir Path tmp) throws Exception {
    CliRun unknown = CliRun.run(tmp.resolve("a"), "run", "--wan", "dls", "--duration", "1s");
    assertEquals(2, unknown.exitCode, unknown.err);
    assertTrue(unknown.err.contains("--wan: \"dls\": \"dls\" is not a profile name (dsl, cable, 3g, 4g, satellite) or"
        + " key=value"), unknown.err);
    CliRun external = CliRun.run(tmp.resolve("b"), "audit", "--wan", "dsl", "--target", "http://127.0.0.1:9",
        "--duration", "1s");
    assertEquals(2, external.exitCode, external.err);
    assertTrue(external.err.contains("--wan: the link is put in front of the server crosscheck starts (the embedded"
        + " one: generic, --rubis or --tpcw), not an external --target (http://127.0.0.1:9)"), external.err);
    assertFalse(Files.exists(tmp.resolve("a")) || Files.exists(tmp.resolve("b")), "no run directory was made");
  }

  /** The pid of the embedded server's JVM, found by its job file in the run directory. */
  private static long serverPid(Path runDir) throws Exception {
    String job = runDir.resolve("server-job.json").toString();
    try (var procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
          if (cmd.contains(job)) {
            return Long.parseLong(p.getFileName().toString());
          }
        } catch (java.io.IOException e) {
          // gone meanwhile
        }
      }
    }
    return -1;
  }

  /** No namespace and no TAP of the command with process id {@code pid} is left. */
  private static void assertNoNetworkOf(long pid) throws Exception {
    long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    List<String> left = namespacesOf(pid);
    while (!left.isEmpty() && System.nanoTime() < until) {
      Thread.sleep(200);
      left = namespacesOf(pid);
    }
    assertEquals(List.of(), left, "namespaces left");
    Process p = new ProcessBuilder("ip", "-o", "link").redirectErrorStream(true).start();
    String links = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    assertFalse(links.contains(" ccw" + pid + "-"), links);
  }

  private static List<String> namespacesOf(long pid) throws Exception {
    Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out.lines().filter(l -> l.startsWith("ccwan-" + pid + "-")).toList();
  }
}
