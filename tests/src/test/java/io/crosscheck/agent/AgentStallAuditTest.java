package io.crosscheck.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.agent.targets.FetchTarget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24's acceptance for "no silent hang": a server that accepts and never replies, and {@code
 * crosscheck audit --stall-warning 1s --stall-timeout 3s -- java ... FetchTarget} (6 threads, one
 * {@code URL.openStream()} each, no read timeout: every user hangs), as a user types it. The stall line comes on stderr within the warning period, names the 6 exchanges in flight on
 * 6 connections, repeats, and the audit ends at the timeout with exit 5 and a finished run
 * directory (status stalled, the stall's figures, requests.csv with the 6 exchanges, capture.pcap,
 * findings.json's stall).
 */
@Tag("heavy") // behaviour, not JDK compatibility: once, on the build's JDK
class AgentStallAuditTest {
  private static final int USERS = 6;
  /** {@code crosscheck: stall: no exchange completed for 1.0 s; 6 in flight on 6 connections, ...}. */
  private static final Pattern LINE = Pattern.compile(
      "crosscheck: stall: no exchange completed for ([0-9.]+) s; ([0-9,]+) in flight on ([0-9,]+) connections?");

  /** Collects what is written as lines, each with the instant its end came. Thread-safe. */
  private static final class LineStamps extends java.io.OutputStream {
    private final List<String> lines;
    private final List<Long> nanos;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LineStamps(List<String> lines, List<Long> nanos) {
      this.lines = lines;
      this.nanos = nanos;
    }

    @Override
    public void write(int b) {
      synchronized (lines) {
        if (b == '\n') {
          lines.add(line.toString(StandardCharsets.UTF_8));
          nanos.add(System.nanoTime());
          line.reset();
        } else {
          line.write(b);
        }
      }
    }
  }

  @Test
  void anAuditOfAGeneratorWhoseUsersAllHangSaysSoWithinTheWarningAndEndsAtTheTimeoutWithExit5(@TempDir Path tmp)
      throws Exception {
    try (StallServer server = new StallServer()) {
      Path out = tmp.resolve("runs");
      String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
      String[] args = {"audit", "--out", out.toString(), "--progress", "off", "--server", "127.0.0.1:" + server.port(),
          "--stall-warning", "1s", "--stall-timeout", "3s", "--", java, "-cp", TargetJvm.testClasses().toString(),
          FetchTarget.class.getName(), "http://127.0.0.1:" + server.port(), "/stall", String.valueOf(USERS), "1", "-",
          "0", "return"};
      // in this JVM, as AgentAuditTest does (one JVM start less); stderr lines time-stamped as they come
      List<String> errLines = new ArrayList<>();
      List<Long> errNanos = new ArrayList<>();
      PrintStream savedErr = System.err;
      PrintStream savedOut = System.out;
      ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
      int[] exit = {-1};
      Thread audit = new Thread(() -> exit[0] = io.crosscheck.cli.Main.commandLine().execute(args), "audit");
      long stuckNanos;
      System.setErr(new PrintStream(new LineStamps(errLines, errNanos), true, StandardCharsets.UTF_8));
      System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
      try {
        audit.start();
        server.awaitRequests(USERS, 60_000);
        stuckNanos = System.nanoTime(); // every user's request has reached the server: the stall begins
        audit.join(90_000);
      } finally {
        System.setErr(savedErr);
        System.setOut(savedOut);
      }
      boolean ended = !audit.isAlive();
      String stdout = outBytes.toString(StandardCharsets.UTF_8);
      String all;
      synchronized (errLines) {
        all = "--- stdout\n" + stdout + "\n--- stderr\n" + String.join("\n", errLines);
      }
      savedOut.print(all);
      assertTrue(ended, "the audit ended by itself: " + all);
      assertEquals(5, exit[0], "exit 5: stopped by --stall-timeout\n" + all);

      List<Integer> stallLines = new ArrayList<>();
      for (int i = 0; i < errLines.size(); i++) {
        if (LINE.matcher(errLines.get(i)).find()) {
          stallLines.add(i);
        }
      }
      assertTrue(stallLines.size() >= 2, "a line per 1 s of a 3 s stall: " + all);
      Matcher first = LINE.matcher(errLines.get(stallLines.get(0)));
      assertTrue(first.find());
      double stalledSeconds = Double.parseDouble(first.group(1));
      assertTrue(stalledSeconds >= 1.0 && stalledSeconds < 1.5, "the first line at the 1 s warning (look every"
          + " 100 ms, live.json every 200 ms): " + first.group());
      assertEquals(USERS, Integer.parseInt(first.group(2)), "every user in flight: " + first.group());
      assertEquals(USERS, Integer.parseInt(first.group(3)), "each on its own connection: " + first.group());
      long afterStuckMillis = (errNanos.get(stallLines.get(0)) - stuckNanos) / 1_000_000;
      assertTrue(afterStuckMillis < 2_000, "the first line " + afterStuckMillis + " ms after the requests reached the"
          + " server (warning 1 s): " + all);
      assertTrue(errLines.stream().anyMatch(l -> l.contains("stopped by --stall-timeout after 3.0 s")), all);

      Path runDir;
      try (Stream<Path> dirs = Files.list(out)) {
        runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
      }
      ObjectMapper json = new ObjectMapper();
      JsonNode run = json.readTree(runDir.resolve("run.json").toFile());
      assertEquals("stalled", run.path("status").asText(), run.toString());
      JsonNode stall = run.path("stall");
      assertTrue(stall.path("stoppedByTimeout").asBoolean(), run.toString());
      assertEquals(USERS, stall.path("inFlight").asLong(), stall.toString());
      assertEquals(USERS, stall.path("connections").asLong(), stall.toString());
      assertEquals(-1, stall.path("lastCompletionOffsetNanos").asLong(), "nothing ever completed: " + stall);
      assertTrue(stall.path("durationNanos").asLong() >= 3_000_000_000L, stall.toString());
      assertTrue(run.hasNonNull("endTimeUtc"), "run.json finished: " + run);
      assertTrue(run.path("target").hasNonNull("exitCode"), "the generator's end is recorded: " + run);

      // every user's exchange is in requests.csv (written as it stood when the agent stopped), the
      // packets of the 6 connections are in capture.pcap
      List<String> rows = Files.readAllLines(runDir.resolve("requests.csv"));
      assertEquals(USERS + 1, rows.size(), "a header and one row per stuck user: " + rows);
      assertTrue(rows.stream().skip(1).allMatch(r -> r.contains("/stall")), rows.toString());
      assertTrue(Files.size(runDir.resolve("capture.pcap")) > 24 + USERS * 3 * 16, "handshakes and requests captured");
      JsonNode findings = json.readTree(runDir.resolve("findings.json").toFile());
      JsonNode f = findings.has("findings") ? findings.get("findings") : findings;
      assertEquals(USERS, f.path("stall").path("inFlight").asLong(), "the findings record the stall: " + f);
      assertTrue(stdout.contains("no exchange completed for"), "the findings table says it: " + stdout);
    }
  }
}
