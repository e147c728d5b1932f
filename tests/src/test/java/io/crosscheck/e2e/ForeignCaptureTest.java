package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.cli.Main;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A capture of traffic crosscheck did not generate (issue 9, deliverable 2): tcpdump on lo records
 * curl fetching pages from the embedded server (keep-alive: several URLs in one invocation; and a
 * few invocations of one URL each) and, where httperf is installed, an httperf {@code --wsesslog}
 * run. {@code crosscheck compare --pcap X.pcap --out DIR}, with no run directory, must then judge
 * the capture from the wire alone: every request is an exchange, wire percentiles, a connection
 * verdict counting connections and exchanges, intervals from the first packet.
 */
class ForeignCaptureTest {
  private static final Pattern TOTAL = Pattern.compile(
      "^Total: connections (\\d+) requests (\\d+) replies (\\d+)", Pattern.MULTILINE);

  /** Requests and connections a foreign client reported making. */
  private record Made(long requests, long connections) {
    Made plus(Made o) {
      return new Made(requests + o.requests, connections + o.connections);
    }
  }

  @Test
  void compareWithoutARunDirectoryJudgesAForeignCaptureFromTheWire(@TempDir Path dir) throws Exception {
    Path pcap = dir.resolve("foreign.pcap");
    Made made = new Made(0, 0);
    long captureStartNanos;
    long captureNanos;
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      String base = "http://127.0.0.1:" + server.port();
      Process tcpdump = new ProcessBuilder("tcpdump", "-i", "lo", "-nn", "-U", "--time-stamp-precision=nano",
          "-s", "0", "-w", pcap.toString(), "tcp port " + server.port())
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      captureStartNanos = System.nanoTime();
      try {
        awaitListening(tcpdump);
        List<String> keepAlive = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
          keepAlive.add(base + (i % 3 == 0 ? "/static/16k" : "/static/2k") + "?page=" + i);
        }
        made = made.plus(curl(keepAlive));
        for (int i = 0; i < 3; i++) {
          made = made.plus(curl(List.of(base + "/static/1k?single=" + i)));
        }
        made = made.plus(curl(List.of(base + "/static/100", base + "/chunked/5000", base + "/static/300")));
        if (ExternalTools.onPath("httperf")) {
          made = made.plus(httperf(dir, server.port()));
        } else {
          System.out.println("[foreign capture] httperf not installed: curl traffic only");
        }
        Thread.sleep(1_500); // tcpdump loses its last buffered block when stopped at once (peers README)
      } finally {
        tcpdump.destroy();
        if (!tcpdump.waitFor(10, TimeUnit.SECONDS)) {
          tcpdump.destroyForcibly();
        }
      }
      captureNanos = System.nanoTime() - captureStartNanos;
    }
    assertTrue(made.requests() >= 18, "requests made: " + made);

    Path out = dir.resolve("out");
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute("compare", "--pcap", pcap.toString(), "--out", out.toString());
    assertEquals(0, exit, "compare --pcap without a run directory: " + err);

    Path runDir;
    try (Stream<Path> dirs = Files.list(out)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      assertEquals(1, all.size(), "one directory under " + out + ": " + all);
      runDir = all.get(0);
    }
    assertTrue(runDir.getFileName().toString().endsWith("-compare"), runDir.toString());
    ObjectMapper json = new ObjectMapper();
    assertEquals("wire-only", json.readTree(runDir.resolve("run.json").toFile()).path("status").asText());
    assertFalse(Files.exists(runDir.resolve("requests.csv")), "no records: no requests.csv");
    List<String> rows = Files.readAllLines(runDir.resolve("wire-exchanges.csv"), StandardCharsets.UTF_8);
    assertEquals(made.requests(), rows.size() - 1, "one wire exchange per request the clients made");

    JsonNode root = json.readTree(runDir.resolve("findings.json").toFile());
    JsonNode f = root.path("findings");
    JsonNode wire = f.path("latency").path("wireAllExchanges");
    assertEquals(made.requests(), wire.path("count").asLong(), "wire percentiles over every exchange: " + wire);
    assertTrue(wire.path("p50Micros").asDouble() > 0, "a wire median: " + wire);

    JsonNode conns = f.path("connections");
    String verdict = conns.path("verdictKind").asText();
    System.out.printf(Locale.ROOT, "[foreign capture] %d requests on %d connections; verdict: %s%n",
        made.requests(), made.connections(), verdict);
    assertFalse(verdict.isEmpty(), "a connection verdict: " + conns);
    assertTrue(verdict.startsWith("wire-"), "the wire alone is judged: " + conns);
    assertFalse(verdict.equals("not-judged"), verdict);
    assertEquals(made.connections(), conns.path("connectionsWithRequests").asLong(),
        "the verdict counts the connections: " + conns);
    assertEquals(made.requests(), conns.path("exchanges").asLong(), "the verdict counts the exchanges: " + conns);

    // the workload, from the wire alone: a user is a connection, and the section says what it cannot judge
    JsonNode w = f.path("workload");
    assertEquals("CONNECTION", w.path("userKind").asText(), w.toString());
    assertEquals(made.requests(), w.path("requests").asLong(), "every complete exchange: " + w);
    assertEquals(made.connections(), w.path("sessions").asLong(), "one user per connection: " + w);
    assertEquals(made.requests() - made.connections(), w.path("consecutivePairs").asLong(),
        "each connection's exchanges in order: " + w);
    assertEquals(made.requests() - 1, w.path("arrivalGapMillis").path("sampleSize").asLong(),
        "the gaps between consecutive request starts: " + w);
    assertEquals(List.of("NO_SESSIONS", "NO_INTENDED_INSTANTS", "NOTHING_DECLARED"),
        json.convertValue(w.path("limits"), List.class), w.toString());

    JsonNode intervals = f.path("intervals");
    assertTrue(intervals.size() > 0, "intervals: " + intervals);
    assertEquals(0.0, intervals.get(0).path("startSeconds").asDouble(), "intervals start at the first packet");
    long spanSeconds = (captureNanos + 999_999_999L) / 1_000_000_000L;
    assertTrue(intervals.size() <= spanSeconds + 2,
        intervals.size() + " intervals for a capture of at most " + spanSeconds + " s");
  }

  /**
   * One curl invocation fetching {@code urls} in turn (over one keep-alive connection when they
   * share a host); counts the transfers that got a status and the connections curl opened, from
   * curl's own {@code --write-out}.
   */
  private static Made curl(List<String> urls) throws Exception {
    List<String> command = new ArrayList<>(List.of("curl", "-s", "--max-time", "20",
        "-w", "%{http_code} %{num_connects}\\n"));
    for (String url : urls) {
      command.addAll(List.of("-o", "/dev/null", url));
    }
    String output = run(command, 30);
    long requests = 0;
    long connections = 0;
    for (String line : output.split("\n")) {
      String[] f = line.trim().split(" ");
      if (f.length == 2 && !f[0].equals("000")) {
        requests++;
        connections += Long.parseLong(f[1]);
      }
    }
    assertEquals(urls.size(), requests, "curl answered every URL: " + output);
    return new Made(requests, connections);
  }

  /** httperf replaying a small session log: 6 sessions of 4 requests, one burst each. */
  private static Made httperf(Path dir, int port) throws Exception {
    Path sessions = dir.resolve("sessions.log");
    Files.writeString(sessions, "/static/2k?s=a think=0.01\n/static/4k think=0.01\n/static/2k?s=b think=0.01\n"
        + "/static/16k\n");
    String output = run(List.of("httperf", "--server", "127.0.0.1", "--port", String.valueOf(port),
        "--wsesslog", "6,0.01," + sessions, "--rate", "20", "--timeout", "10"), 60);
    Matcher m = TOTAL.matcher(output);
    assertTrue(m.find(), "httperf's totals: " + output);
    long connections = Long.parseLong(m.group(1));
    long requests = Long.parseLong(m.group(2));
    assertEquals(requests, Long.parseLong(m.group(3)), "httperf got a reply to every request: " + output);
    System.out.printf(Locale.ROOT, "[foreign capture] httperf: %d requests on %d connections%n", requests, connections);
    return new Made(requests, connections);
  }

  private static String run(List<String> command, int timeoutSeconds) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(timeoutSeconds, TimeUnit.SECONDS), command.get(0) + " ended");
    assertEquals(0, p.exitValue(), command + ": " + output);
    return output;
  }

  private static void awaitListening(Process tcpdump) throws InterruptedException {
    CountDownLatch listening = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      try (BufferedReader err = new BufferedReader(new InputStreamReader(tcpdump.getErrorStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = err.readLine()) != null) {
          if (line.contains("listening on")) {
            listening.countDown();
          }
        }
      } catch (IOException ignored) {
        // tcpdump ended
      }
    }, "tcpdump-stderr");
    reader.setDaemon(true);
    reader.start();
    assertTrue(listening.await(10, TimeUnit.SECONDS), "tcpdump did not start listening");
  }
}
