package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.replay.HttperfExport;
import io.crosscheck.replay.RecordedSessions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13's httperf acceptance: a Netty run's sessions exported with {@code crosscheck export RUN_DIR
 * --httperf DIR} are run by Debian's stock httperf 0.9.0, with the command the export's README.txt
 * states, against the embedded server under a live capture on lo. httperf reports no error and as many
 * requests (and replies) as were exported; {@code crosscheck compare --pcap} of the capture finds one
 * wire exchange per exported request. Skipped only where httperf is not installed (run-tests installs
 * it: scripts/prereqs.sh).
 */
@Tag("heavy") // behaviour, not JDK compatibility: once is enough (tests/pom.xml)
class HttperfExportTest {
  private static final Pattern TOTAL = Pattern.compile(
      "^Total: connections (\\d+) requests (\\d+) replies (\\d+)", Pattern.MULTILINE);
  private static final Pattern ERRORS = Pattern.compile("^Errors: total (\\d+)", Pattern.MULTILINE);
  private static final Pattern STOCK_COMMAND = Pattern.compile("^  (httperf .* --rate [0-9.]+)$", Pattern.MULTILINE);

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension()
      .assuming(() -> ExternalTools.onPath("httperf"), "httperf is not installed (apt-get install -y httperf; run-tests"
          + " installs it through scripts/prereqs.sh)");

  @Test
  void stockHttperfRunsTheExportedSessionsWithoutErrorsAndTheCaptureShowsEveryRequest(@TempDir Path out)
      throws Exception {
    Evidence.Compared ran = Evidence.execute(List.of("run", "--engine", "netty", "--target", server.target(),
        "--arrival", "partly-open", "--rate", "10", "--urls", "/static/1k,/static/2k,/static/4k",
        "--session-length", "fixed:3", "--think", "exp:30ms", "--duration", "2s", "--seed", "3",
        "--jit-warm-up", "0", "--out", out.resolve("runs").toString(), "--progress", "off"));
    assertEquals(0, ran.exitCode(), ran.toString());
    Path runDir = only(out.resolve("runs"));
    RecordedSessions recorded = RecordedSessions.read(runDir);

    Path dir = out.resolve("httperf");
    Evidence.Compared exported = Evidence.execute(List.of("export", runDir.toString(), "--httperf", dir.toString()));
    assertEquals(0, exported.exitCode(), exported.toString());
    long requests = recorded.requestCount();
    int sessions = recorded.sessions().size();
    assertTrue(sessions >= 10 && requests >= 2L * sessions, "a few seconds of sessions: " + recorded.describe());
    assertTrue(exported.out().contains(String.format(Locale.ROOT, "%,d sessions, %,d requests", sessions, requests)),
        exported.out());
    assertEquals(sessions, Files.readAllLines(dir.resolve(HttperfExport.INTERARRIVAL)).size(),
        "one start gap per session");

    // the stock command as README.txt states it, run in the export's directory
    String readme = Files.readString(dir.resolve(HttperfExport.README));
    Matcher command = STOCK_COMMAND.matcher(readme);
    assertTrue(command.find(), "README.txt states the stock httperf command: " + readme);
    assertTrue(command.group(1).contains("--port " + server.port() + " --wsesslog=" + sessions + ",0,"
        + HttperfExport.SESSIONS), command.group(1));
    List<String> argv = new ArrayList<>(Arrays.asList(command.group(1).split(" ")));
    argv.addAll(List.of("--timeout", "10"));
    Path pcap = out.resolve("httperf.pcap");
    String[] output = new String[1];
    Evidence.capture(server.port(), pcap, () -> output[0] = run(argv, dir));
    Matcher total = TOTAL.matcher(output[0]);
    Matcher errors = ERRORS.matcher(output[0]);
    assertTrue(total.find() && errors.find(), "httperf's totals and errors: " + output[0]);
    long connections = Long.parseLong(total.group(1));
    assertEquals(0, Long.parseLong(errors.group(1)), "httperf reports no error: " + output[0]);
    assertEquals(requests, Long.parseLong(total.group(2)), "httperf sent every exported request: " + output[0]);
    assertEquals(requests, Long.parseLong(total.group(3)), "and got every reply: " + output[0]);

    Path compared = out.resolve("compared");
    Evidence.Compared wire = Evidence.compare("--pcap", pcap.toString(), "--out", compared.toString());
    assertEquals(0, wire.exitCode(), wire.toString());
    Path wireDir = only(compared);
    JsonNode findings = Evidence.findings(wireDir);
    long exchanges = Evidence.dataRows(wireDir.resolve("wire-exchanges.csv"));
    JsonNode all = findings.get("latency").get("wireAllExchanges");
    assertEquals(requests, exchanges, "one wire exchange per exported request");
    assertEquals(requests, all.get("count").asLong(), "wire percentiles over every exchange: " + all);
    System.out.printf(Locale.ROOT, "[httperf export] %d sessions, %d requests exported from a netty run; httperf"
        + " 0.9.0 (%s): %d requests, %d replies, %d connections, 0 errors; compare --pcap: %d exchanges, wire p50"
        + " %.0f us, p99 %.0f us%n", sessions, requests, command.group(1).replaceAll(".* (--rate [0-9.]+)", "$1"),
        requests, requests, connections, exchanges, all.get("p50Micros").asDouble(), all.get("p99Micros").asDouble());
  }

  private static Path only(Path dir) throws Exception {
    try (Stream<Path> dirs = Files.list(dir)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      assertEquals(1, all.size(), "directories under " + dir + ": " + all);
      return all.get(0);
    }
  }

  private static String run(List<String> command, Path workDir) throws Exception {
    Path log = Files.createTempFile(workDir, "httperf", ".out");
    Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    boolean ended = p.waitFor(60, TimeUnit.SECONDS);
    if (!ended) {
      p.destroyForcibly();
      p.waitFor();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(ended, "httperf ended within 60 s: " + output);
    assertEquals(0, p.exitValue(), command + ": " + output);
    return output;
  }
}
