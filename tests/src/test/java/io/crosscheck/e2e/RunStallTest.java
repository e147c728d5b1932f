package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code run} against the embedded server's {@code /fault/stall} (reads the request, never answers)
 * with a request timeout longer than the run: the stall watch says what is stuck within the warning
 * period and {@code --stall-timeout} ends the run with exit 5, every record kept (aborted), in each
 * engine family (event loops, a thread per user).
 */
@Tag("heavy") // behaviour, not JDK compatibility: once, on the build's JDK
class RunStallTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static final int USERS = 4;
  private static final Pattern LINE = Pattern.compile(
      "crosscheck: stall: no exchange completed for ([0-9.]+) s; ([0-9,]+) in flight on ([0-9,]+) connections?");

  @ParameterizedTest
  @ValueSource(strings = {"netty", "legacy-urlconnection"})
  void aRunWhoseRequestsAllHangSaysSoAndEndsAtTheStallTimeoutWithExit5(String engine, @TempDir Path out)
      throws Exception {
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CliRun run;
    long startNanos = System.nanoTime();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      run = CliRun.run(out, "run", "--target", server.target(), "--engine", engine, "--users", String.valueOf(USERS),
          "--urls", "/fault/stall", "--duration", "60s", "--request-timeout", "60s", "--stall-warning", "500ms",
          "--stall-timeout", "1500ms", "--telemetry-period", "0", "--jit-warm-up", "0");
    } finally {
      System.setErr(saved);
    }
    long tookMillis = (System.nanoTime() - startNanos) / 1_000_000;
    String stderr = err.toString(StandardCharsets.UTF_8);
    saved.print(stderr);
    assertEquals(5, run.exitCode, "stopped by --stall-timeout: " + run.err + stderr);
    assertTrue(tookMillis < 20_000, "ended at the 1.5 s stall timeout, not the 60 s run: " + tookMillis + " ms");
    Matcher first = LINE.matcher(stderr);
    assertTrue(first.find(), "a stall line: " + stderr);
    double seconds = Double.parseDouble(first.group(1));
    assertTrue(seconds >= 0.5 && seconds < 1.0, "the first line at the 0.5 s warning: " + first.group());
    assertEquals(USERS, Integer.parseInt(first.group(2)), first.group());
    assertEquals(USERS, Integer.parseInt(first.group(3)), first.group());
    assertTrue(stderr.contains("crosscheck: stopped by --stall-timeout after 1.5 s"), stderr);

    Path dir = run.runDirectory();
    JsonNode json = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
    assertEquals("stalled", json.path("status").asText());
    JsonNode stall = json.path("stall");
    assertTrue(stall.path("stoppedByTimeout").asBoolean(), stall.toString());
    assertEquals(USERS, stall.path("inFlight").asLong(), stall.toString());
    assertEquals(1_500_000_000L, stall.path("timeoutNanos").asLong());
    assertTrue(stall.path("durationNanos").asLong() >= 1_500_000_000L, stall.toString());
    List<RequestRecord> records = run.records();
    assertEquals(USERS, records.size(), "one record per stuck request: " + records);
    for (RequestRecord r : records) {
      assertEquals(Outcome.ABORTED, r.outcome(), r.toString());
      assertTrue(r.sendStartNanos() > 0, "sent: " + r);
    }
  }
}
