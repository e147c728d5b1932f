package io.crosscheck.e2e;

import static io.crosscheck.e2e.Evidence.assertSupportedByCoverage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;

/**
 * Evidence that does not support a verdict must not get one (issue 9): a run compared with a
 * capture that does not hold its traffic (another run's, a few curls', a cut one), a run whose
 * server died under it, and a comparison that fails half-way. Each case asserts that coverage is
 * stated, that no error figure and no "connection sharing" verdict appear that the matched records
 * do not support, and the exit code the contract gives. Small real audits on loopback (3 s each).
 */
// heavy: it proves the capture reconstruction and the findings, which run the same on every JDK
@Tag("heavy")
class MisleadingEvidenceTest {
  /** About 1,500 requests in 3 s from 10 users. */
  private static final String[] SMALL = {"--users", "10", "--think", "exp:20ms",
      "--urls", "/static/2k,/static/16k", "--duration", "3s", "--jit-warm-up", "0"};

  @TempDir static Path shared;
  private static EmbeddedServer server;
  private static Path runA;
  private static Path runB;

  @BeforeAll
  static void twoAuditsAtDifferentTimes() throws Exception {
    server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
    runA = audit(shared.resolve("a"));
    runB = audit(shared.resolve("b"));
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private static Path audit(Path out, String... more) throws IOException {
    List<String> args = new ArrayList<>(List.of("audit", "--target", "http://127.0.0.1:" + server.port()));
    args.addAll(List.of(SMALL));
    args.addAll(List.of(more));
    CliRun run = CliRun.run(out, args.toArray(String[]::new));
    assertEquals(0, run.exitCode, run.err);
    return run.runDirectory();
  }

  /** a. Run A compared with run B's capture: same server, another time. */
  @Test
  void anotherRunsCaptureMatchesNothingAndJudgesNothing(@TempDir Path tmp) throws Exception {
    Path dir = Evidence.copyRun(runA, tmp.resolve("run-a"));

    Evidence.Compared run = Evidence.compare(dir.toString(), "--pcap", runB.resolve("capture.pcap").toString());

    JsonNode f = Evidence.findings(dir);
    JsonNode c = assertSupportedByCoverage(f, run.exitCode(), run.toString());
    assertEquals(3, run.exitCode(), run.toString());
    assertEquals(0, c.get("matched").asLong(), "nothing of run A is in run B's capture: " + c);
    assertEquals("NONE_MATCHED", c.get("state").asText(), c.toString());
    assertEquals(0, f.get("matching").get("matched").asLong());
    assertTrue(f.get("responseTime") == null || f.get("responseTime").isNull(), "no response time");
    assertEquals("not-judged", f.get("connections").get("verdictKind").asText(), f.get("connections").toString());
    Evidence.assertStatement(c, "does not hold|outside|before|after", "the capture does not hold this run's traffic",
        run);
  }

  /** b. The run's own capture cut at 40 % of its bytes, mid-packet, as a full disk leaves it. */
  @Test
  void truncatedCaptureJudgesOnlyTheRecordsInsideIt(@TempDir Path tmp) throws Exception {
    Path dir = Evidence.copyRun(runA, tmp.resolve("run-a"));
    Path cut = Evidence.cut(runA.resolve("capture.pcap"), 0.4, tmp.resolve("cut.pcap"));

    Evidence.Compared run = Evidence.compare(dir.toString(), "--pcap", cut.toString());

    assertTrue(run.exitCode() == 0 || run.exitCode() == 3, run.toString());
    JsonNode f = Evidence.findings(dir);
    JsonNode c = assertSupportedByCoverage(f, run.exitCode(), run.toString());
    long outside = c.get("outsideCapture").asLong();
    long matched = c.get("matched").asLong();
    assertTrue(outside > 0, "records sent after the capture's end are counted outside it: " + c);
    assertEquals(outside, c.get("sentAfterCapture").asLong() + c.get("sentBeforeCapture").asLong(), c.toString());
    assertTrue(c.get("sentAfterCapture").asLong() > 0, "the cut capture ends before the run: " + c);
    assertTrue(outside <= c.get("recordsSent").asLong() - matched, c.toString());
    // every request the cut capture holds belongs to a record: at most one per user is cut off
    long exchanges = f.get("matching").get("wireExchanges").asLong();
    assertTrue(exchanges > 0, "the cut capture holds exchanges");
    assertTrue(matched >= exchanges - 10,
        matched + " records matched for " + exchanges + " exchanges in the cut capture: " + c);
    Evidence.assertStatement(c, "capture ends|outside|after it|not judged", "records lie after the capture's end",
        run);
  }

  /** c. A capture of a few curls to another server, taken while the run was loading its own. */
  @Test
  void curlCaptureOfAnotherServerDuringTheRunMatchesNothing(@TempDir Path tmp) throws Exception {
    Path pcap = tmp.resolve("curl.pcap");
    Path dir;
    try (EmbeddedServer other = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      CompletableFuture<Path> audit = CompletableFuture.supplyAsync(() -> {
        try {
          return audit(tmp.resolve("c"));
        } catch (IOException e) {
          throw new RuntimeException(e);
        }
      });
      Thread.sleep(800); // into the run's load
      Evidence.capture(other.port(), pcap, () -> {
        for (int i = 0; i < 5; i++) {
          get("http://127.0.0.1:" + other.port() + "/static/2k");
          Thread.sleep(150);
        }
      });
      dir = audit.get(60, TimeUnit.SECONDS);
    }

    Evidence.Compared run = Evidence.compare(dir.toString(), "--pcap", pcap.toString());

    JsonNode f = Evidence.findings(dir);
    JsonNode c = assertSupportedByCoverage(f, run.exitCode(), run.toString());
    assertEquals(3, run.exitCode(), run.toString());
    assertEquals(0, c.get("matched").asLong(), c.toString());
    assertTrue(c.get("recordsSent").asLong() - c.get("outsideCapture").asLong() > 0,
        "the curl capture lies inside the run: its records are in the window: " + c);
    assertEquals("not-judged", f.get("connections").get("verdictKind").asText(), f.get("connections").toString());
    Evidence.assertStatement(c, "does not hold", "the capture does not hold this run's traffic", run);
  }

  /** One GET with curl (the tool a user would use), or the JDK's client where curl is missing. */
  private static void get(String url) throws Exception {
    try {
      Process p = new ProcessBuilder("curl", "-s", "-o", "/dev/null", url).redirectErrorStream(true).start();
      assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "curl " + url);
    } catch (IOException noCurl) {
      HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
          HttpResponse.BodyHandlers.discarding());
    }
  }

  /** e. The server goes away mid-audit; the netty engine keeps a connection per session. */
  @Test
  void serverKilledMidRunCountsConnectErrorsAsNeverSentAndJudgesNoSharing(@TempDir Path out) throws Exception {
    EmbeddedServer dying = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
    CompletableFuture<CliRun> audit = CompletableFuture.supplyAsync(() -> CliRun.run(out, "audit",
        "--target", "http://127.0.0.1:" + dying.port(), "--engine", "netty", "--policy", "per-session",
        "--users", "20", "--session-length", "fixed:5", "--think", "exp:10ms", "--urls", "/static/2k",
        "--duration", "3s", "--jit-warm-up", "0", "--connect-timeout", "1s", "--request-timeout", "2s"));
    try {
      assertTrue(ChildCli.awaitRows(out, 300, Duration.ofSeconds(30), () -> !audit.isDone()) != null,
          "the audit wrote 300 rows before the server goes");
    } finally {
      dying.close();
    }
    CliRun run = audit.get(60, TimeUnit.SECONDS);
    List<RequestRecord> records = run.records();
    long connectErrors = records.stream().filter(r -> r.outcome() == Outcome.CONNECT_ERROR).count();
    assertTrue(connectErrors > 0, "sessions after the server's end failed to connect: "
        + records.size() + " records");

    JsonNode f = Evidence.findings(run.runDirectory());
    JsonNode c = assertSupportedByCoverage(Evidence.findingsFile(run.runDirectory()), run.exitCode, run.err);
    assertEquals(records.size(), c.get("records").asLong());
    assertEquals(Evidence.sent(records), c.get("recordsSent").asLong(),
        "connect-error records never reached a server: not counted as sent: " + c);
    String verdict = f.get("connections").get("verdictKind").asText();
    assertFalse(verdict.equals("sharing"),
        "netty per-session shares no connection, whatever failed: " + f.get("connections"));
    assertTrue(c.get("neverReachedServer").asLong() >= connectErrors,
        "the coverage counts the connect-errors among the records that never reached a server: " + c);
    assertEquals(c.get("neverReachedServer").asLong() - connectErrors, c.get("neverSent").asLong(),
        "the rest are generator-errors never sent: " + c);
  }

  /** g. A compare that fails on a corrupt capture leaves the previous outputs as they were. */
  @Test
  void failedCompareLeavesThePreviousOutputsByteIdentical(@TempDir Path tmp) throws Exception {
    Path dir = Evidence.copyRun(runA, tmp.resolve("run-a"));
    Evidence.Compared good = Evidence.compare(dir.toString());
    assertTrue(good.exitCode() == 0 || good.exitCode() == 3, good.toString());
    Map<String, byte[]> before = Evidence.outputs(dir);
    assertEquals(Evidence.OUTPUTS, List.copyOf(before.keySet()), "a compare writes all four outputs");

    Path notPcap = tmp.resolve("not-a-capture.pcap");
    Files.writeString(notPcap, "this is not a capture file\n".repeat(10), StandardCharsets.UTF_8);
    Path corrupt = corruptMidway(runA.resolve("capture.pcap"), tmp.resolve("corrupt.pcap"));
    for (Path bad : List.of(notPcap, corrupt)) {
      Evidence.Compared run = Evidence.compare(dir.toString(), "--pcap", bad.toString());

      assertTrue(run.exitCode() == 1 || run.exitCode() == 2, bad.getFileName() + ": " + run);
      Map<String, byte[]> after = Evidence.outputs(dir);
      assertEquals(before.keySet(), after.keySet(), bad.getFileName() + ": the same outputs exist");
      for (String name : before.keySet()) {
        assertArrayEquals(before.get(name), after.get(name), bad.getFileName() + ": " + name + " unchanged");
      }
      assertEquals(List.of(), Evidence.tmpFiles(dir), "no *.tmp left behind");
    }
  }

  /**
   * A copy of a pcap whose packet record in the middle claims an impossible captured length, so
   * that a reader fails half-way, after it has delivered the first half of the packets.
   */
  private static Path corruptMidway(Path pcap, Path to) throws IOException {
    byte[] b = Files.readAllBytes(pcap);
    ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    int magic = buf.getInt(0);
    if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) {
      buf.order(ByteOrder.BIG_ENDIAN);
    }
    int offset = 24;
    List<Integer> records = new ArrayList<>();
    while (offset + 16 <= b.length) {
      records.add(offset);
      offset += 16 + buf.getInt(offset + 8);
    }
    assertTrue(records.size() > 10, "the capture holds packets: " + records.size());
    buf.putInt(records.get(records.size() / 2) + 8, 0x7fff_fff0);
    Files.write(to, b);
    return to;
  }
}
