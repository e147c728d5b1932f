package io.crosscheck.e2e;

import static io.crosscheck.e2e.Evidence.assertSupportedByCoverage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.RequestCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generator that does not end by itself (issue 9): a {@code crosscheck run} or {@code audit} in a
 * child JVM killed with SIGKILL mid-load (no shutdown hook runs: run.json stays "running",
 * requests.csv may end in a torn row), and an audit sent SIGTERM (Ctrl-C for the JVM) during its
 * comparison. What was measured before the end must still be analysed, and a comparison cut short
 * must leave all of its outputs or none.
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
@ChildJvmsProveBehaviour
class KilledRunTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static String[] load(String command, String... workload) {
    String[] head = {command, "--target", server.target(), "--jit-warm-up", "0",
        "--urls", "/static/2k,/static/16k"};
    String[] all = Arrays.copyOf(head, head.length + workload.length);
    System.arraycopy(workload, 0, all, head.length, workload.length);
    return all;
  }

  /** The run section of findings.json: status as the reader saw it, the torn last line. */
  private static JsonNode runSection(Path dir) throws Exception {
    JsonNode run = Evidence.section(Evidence.findingsFile(dir), "run");
    assertNotNull(run, "findings.json has a run section: " + Evidence.findingsFile(dir));
    return run;
  }

  /**
   * The killed run's records as the torn-line-aware reader gives them; checks what findings.json
   * says of the same file.
   */
  private static RequestCsv.ReadResult assertRecordsBeforeTheTornLineAnalysed(Path dir) throws Exception {
    RequestCsv.ReadResult read = RequestCsv.readAll(dir.resolve("requests.csv"));
    JsonNode f = Evidence.findings(dir);
    assertEquals(read.records().size(), f.get("matching").get("records").asLong(),
        "every record before the torn line is analysed");
    JsonNode run = runSection(dir);
    assertEquals("unfinished", run.path("status").asText(),
        "a run.json still 'running' whose process is gone reads as unfinished: " + run);
    JsonNode torn = run.get("tornLastLine");
    if (read.tornLastLine().isPresent()) {
      assertNotNull(torn, "the torn last line is reported: " + run);
      assertEquals(read.tornLastLine().get().line(), torn.path("line").asInt(), run.toString());
      assertEquals(read.tornLastLine().get().bytes(), torn.path("bytes").asLong(), run.toString());
    } else {
      assertTrue(torn == null || torn.isNull(), "no torn line to report: " + run);
    }
    return read;
  }

  /** d. `run` killed at ~200 rows, compared with a capture taken beside it. */
  @Test
  void sigkillOfRunLeavesEveryCompleteRecordAnalysable(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("out");
    Path pcap = tmp.resolve("beside.pcap");
    ChildCli[] child = new ChildCli[1];
    try {
      Evidence.capture(server.port(), pcap, () -> {
        child[0] = ChildCli.start(out, load("run", "--users", "20", "--think", "exp:10ms",
            "--duration", "60s"));
        child[0].waitForRows(200, Duration.ofSeconds(30));
        child[0].kill();
      });
    } finally {
      if (child[0] != null) {
        child[0].close();
      }
    }
    Path dir = child[0].runDirectory();
    JsonNode runJson = Evidence.json(dir.resolve("run.json"));
    assertEquals("running", runJson.path("status").asText(), "no hook ran: " + runJson);
    assertTrue(runJson.path("pid").asLong() > 0, "run.json names the generator's pid: " + runJson);
    assertFalse(Files.exists(dir.resolve("summary.json")), "the killed run wrote no summary");

    Evidence.Compared compared = Evidence.compare(dir.toString(), "--pcap", pcap.toString());

    // every record matched, but the run was killed: its figures cover the part that ran (issue 24, 9)
    assertEquals(3, compared.exitCode(), compared.toString());
    assertSupportedByCoverage(Evidence.findingsFile(dir), compared.exitCode(), compared.toString());
    assertEquals("[\"run-incomplete\"]", Evidence.findingsFile(dir).path("support").path("reasons").toString());
    assertTrue(compared.toString().contains("not supported: the run is unfinished, not completed"),
        compared.toString());
    assertRecordsBeforeTheTornLineAnalysed(dir);

    // the same run as a kill between two writes of the recorder leaves it: its last row cut in half
    Path cutDir = Evidence.copyRun(dir, tmp.resolve("cut-row"));
    byte[] csv = Files.readAllBytes(cutDir.resolve("requests.csv"));
    int lastRowStart = lastIndexOf(csv, csv.length - 2) + 1;
    int cutAt = lastRowStart + (csv.length - lastRowStart) / 2;
    Files.write(cutDir.resolve("requests.csv"), Arrays.copyOf(csv, cutAt));
    long completeRows = ChildCli.lineEnds(cutDir.resolve("requests.csv")) - 1;

    Evidence.Compared again = Evidence.compare(cutDir.toString(), "--pcap", pcap.toString());

    assertEquals(3, again.exitCode(), again.toString());
    RequestCsv.ReadResult read = assertRecordsBeforeTheTornLineAnalysed(cutDir);
    assertEquals(completeRows, read.records().size());
    assertEquals(completeRows + 2, read.tornLastLine().orElseThrow().line(), "header, rows, torn row");
    assertEquals(cutAt - lastRowStart, read.tornLastLine().get().bytes());
  }

  private static int lastIndexOf(byte[] b, int from) {
    for (int i = from; i >= 0; i--) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** d. `audit` killed at ~2,000 rows: its own capture.pcap is as far as its last flush. */
  @Test
  void sigkillOfAuditLeavesItsRecordsAndCaptureComparable(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("out");
    Path dir;
    try (ChildCli child = ChildCli.start(out, load("audit", "--users", "10", "--think", "exp:10ms",
        "--duration", "60s"))) {
      child.waitForRows(2_000, Duration.ofSeconds(40));
      child.kill();
      dir = child.runDirectory();
    }
    assertEquals("running", Evidence.json(dir.resolve("run.json")).path("status").asText());
    assertTrue(Files.size(dir.resolve("capture.pcap")) > 0, "the capture was flushed as it ran");

    Evidence.Compared compared = Evidence.compare(dir.toString());

    // exit 3: the run was killed (run-incomplete), whatever the coverage says; the records of the
    // last capture flush interval (<= 250 ms) are in the window but not in the file, about 10 % of
    // 2,000 rows at this rate
    JsonNode c = assertSupportedByCoverage(Evidence.findingsFile(dir), compared.exitCode(), compared.toString());
    assertEquals(3, compared.exitCode(), "a killed audit is not a completed run: " + compared);
    long inWindow = c.get("recordsSent").asLong() - c.get("outsideCapture").asLong();
    assertTrue(c.get("matched").asLong() >= 0.75 * inWindow,
        "the records up to the last capture flush match: " + c);
    assertRecordsBeforeTheTornLineAnalysed(dir);
  }

  /** f. SIGTERM (Ctrl-C for the JVM) while an audit compares: all four outputs or none. */
  @Test
  void sigtermDuringTheComparisonLeavesAllOutputsOrNone(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("out");
    Path dir;
    int exit;
    try (ChildCli child = ChildCli.start(out, load("audit", "--users", "50", "--think", "exp:1ms",
        "--duration", "4s"))) {
      // "comparing" is the contract's line; "completed;" ends the load today, the comparison follows
      String line = child.waitForLine(Duration.ofSeconds(60), "crosscheck: comparing",
          "crosscheck: completed;");
      if (!line.startsWith("crosscheck: comparing")) {
        Thread.sleep(300);
      }
      exit = child.terminate();
      dir = child.runDirectory();
      System.out.println("[killed run] SIGTERM after \"" + line + "\": exit " + exit + "\n" + child.output());
    }
    assertEquals(List.of(), Evidence.tmpFiles(dir), "no *.tmp left behind");
    Map<String, byte[]> outputs = Evidence.outputs(dir);
    assertTrue(outputs.isEmpty() || outputs.size() == Evidence.OUTPUTS.size(),
        "all four outputs or none: " + outputs.keySet());
    if (!outputs.isEmpty()) {
      assertEquals(Evidence.dataRows(dir.resolve("wire-exchanges.csv")),
          Evidence.findings(dir).get("matching").get("wireExchanges").asLong(),
          "wire-exchanges.csv is the one findings.json counts");
    } else {
      assertNotEquals(0, exit, "an interrupted comparison does not exit 0 (the contract: 130)");
    }
    String status = Evidence.json(dir.resolve("run.json")).path("status").asText();
    assertNotEquals("running", status, "the run's end is recorded");
  }
}
