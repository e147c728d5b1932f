package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generator at its own limits (issue 11): an open rate far above what this host can send ends
 * near its deadline, prints no stack trace, records its own exhaustion as {@code generator-error}
 * (never as the server's {@code connect-error}) and says from which second it fell behind; a
 * stalled server cannot stretch a run past its deadline plus a bounded grace; rates and durations
 * beyond crosscheck's limits are refused before any load.
 */
// runs alone (serial-tests in pom.xml): it loads both cores on purpose and bounds how late a run may end
@org.junit.jupiter.api.Tag("serial")
class OverloadTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private static Map<Outcome, Long> outcomes(List<RequestRecord> records) {
    return records.stream().collect(Collectors.groupingBy(RequestRecord::outcome, Collectors.counting()));
  }

  @Test
  @Timeout(60)
  void fiftyThousandPerSecondEndsNearItsDeadlineAndSaysHowFarItFellBehind(@TempDir Path out) throws Exception {
    long startNanos = System.nanoTime();
    try (ChildCli child = ChildCli.start(out, "run", "--target", server.target(), "--arrival", "open",
        "--rate", "50000", "--duration", "3s", "--jit-warm-up", "0")) {
      int exit = child.waitForExit(Duration.ofSeconds(45));
      double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
      String output = child.output();
      assertEquals(0, exit, output);
      // a 3 s run: JVM start, 3 s, 1 s deadline grace, the abort sweep and the loops' shutdown
      assertTrue(wallSeconds < 13, "took " + wallSeconds + " s (before the fix: 40-60 s)");
      assertFalse(output.contains("\tat "), "no stack trace: " + output.lines().limit(40).toList());
      assertTrue(output.lines().count() < 40, "a few lines, not one per request: " + output.lines().count());
      Path dir = child.runDirectory();
      List<RequestRecord> records = RequestCsv.read(dir.resolve("requests.csv"));
      Map<Outcome, Long> byOutcome = outcomes(records);
      for (RequestRecord r : records) {
        if (r.outcome() == Outcome.CONNECT_ERROR) {
          assertFalse(r.detail().contains("Too many open files") || r.detail().contains("Unable to create Channel")
              || r.detail().contains("Cannot assign requested address"), "the generator's own failure: " + r);
        }
      }
      JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
      JsonNode pace = summary.get("pace");
      long late = pace.get("late").asLong();
      long notSent = pace.get("notSent").asLong();
      assertEquals(records.size(), pace.get("scheduled").asLong(), "every scheduled request has a record");
      // an open arrival is one session of one request, its id the arrival's index: ids 0..n-1, each
      // once, mean no arrival before the last recorded one went without its record (or got two)
      // past the engine's cap of not-sent rows, arrivals are counted in run.json instead (none here
      // unless the host is far behind): then the ids are distinct and the missing ones all counted
      JsonNode extra = new ObjectMapper().readTree(dir.resolve("run.json").toFile()).path("engineResult").path("extra");
      long counted = extra.path("arrivalsNotSentUnrecorded").asLong(0) + extra.path("requestsNotSentUnrecorded").asLong(0);
      long[] ids = records.stream().mapToLong(RequestRecord::sessionId).sorted().toArray();
      for (int i = 0; i < ids.length; i++) {
        if (counted == 0) {
          assertEquals(i, ids[i], "arrival " + i + ": one record each, none missing");
        } else {
          assertTrue(i == 0 || ids[i] > ids[i - 1], "arrival " + ids[i] + " recorded once");
        }
      }
      assertTrue(ids.length == 0 || ids[ids.length - 1] + 1 - ids.length <= counted,
          "every arrival without a row is counted: " + counted);
      assertEquals(byOutcome.getOrDefault(Outcome.GENERATOR_ERROR, 0L), notSent);
      if (late + notSent > records.size() / 100) {
        assertTrue(pace.get("behindFromSecond").asLong() >= 0, pace.toString());
        assertTrue(output.contains("pace: the generator could not keep up from second "), output);
      }
      // the rate printed is the one that was attempted, not the nominal 50,000/s
      double attemptedPerSecond = (records.size() - notSent) / 3.0;
      System.out.printf(Locale.ROOT, "[figure] overload: --rate 50000 --duration 3s took %.1f s wall; %,d records,"
          + " one per scheduled arrival; outcomes %s; pace: %,d late, %,d not sent, behind from second %d;"
          + " %.2f attempted/s%n", wallSeconds, records.size(), byOutcome, late, notSent,
          pace.get("behindFromSecond").asLong(), attemptedPerSecond);
      assertEquals(attemptedPerSecond, summary.get("overall").get("throughputPerSecond").asDouble(),
          attemptedPerSecond * 0.01 + 1);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"netty", "legacy-urlconnection", "legacy-httpclient"})
  @Timeout(40)
  void aStalledServerCannotStretchTheRunPastItsDeadline(String engine, @TempDir Path out) throws Exception {
    long startNanos = System.nanoTime();
    CliRun run = CliRun.run(out, "run", "--engine", engine, "--target", server.target(), "--users", "4",
        "--urls", "/fault/stall", "--duration", "2s", "--request-timeout", "30s", "--jit-warm-up", "0");
    double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
    assertEquals(0, run.exitCode, run.err);
    List<RequestRecord> records = run.records();
    System.out.printf(Locale.ROOT, "[figure] stalled server, %s: a 2 s run took %.1f s wall; outcomes %s%n", engine,
        wallSeconds, outcomes(records));
    // 2 s, 1 s of grace, then every request in flight is aborted (the request timeout is 30 s)
    assertTrue(wallSeconds < 7, engine + ": took " + wallSeconds + " s");
    assertEquals(4, records.size(), records.toString());
    assertEquals(Map.of(Outcome.ABORTED, 4L), outcomes(records), records.toString());
  }

  @Test
  @Timeout(30)
  void ratesAndDurationsBeyondTheLimitsAreRefusedBeforeAnyLoad(@TempDir Path out) throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    String target = "http://127.0.0.1:" + closedPort;
    // red team #2: a gaps file of 1ns was accepted (500 ms: 5e8 arrivals, under the arrivals cap)
    Path gaps = java.nio.file.Files.writeString(out.resolve("gaps-1ns.txt"), "1ns\n");
    Map<List<String>, String> cases = Map.of(
        List.of("--arrival", "partly-open", "--interarrival", "file:" + gaps, "--duration", "500ms"),
        gaps + ":1: \"1ns\": expected a gap of at least 1us",
        List.of("--arrival", "open", "--rate", "1e12", "--duration", "1s"), "at most 1000000 per second",
        List.of("--duration", "99999999999999999h"), "at most 8760h (365 days)",
        List.of("--duration", "9000h"), "at most 8760h (365 days)",
        List.of("--arrival", "open", "--interarrival", "fixed:10ns"), "a period of at least 1us",
        List.of("--arrival", "open", "--rate", "900000", "--duration", "2000s"), "at most 1000000000 arrivals",
        List.of("--users", "2000000"), "from 1 to 1000000");
    for (Map.Entry<List<String>, String> c : cases.entrySet()) {
      Path dir = out.resolve("case" + Math.abs(c.getKey().hashCode()));
      String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("run", "--target", target),
          c.getKey().stream()).toArray(String[]::new);
      long startNanos = System.nanoTime();
      CliRun run = CliRun.run(dir, args);
      assertEquals(2, run.exitCode, c.getKey() + ": " + run.err);
      assertTrue(run.err.contains(c.getValue()), c.getKey() + ": " + run.err);
      assertTrue(System.nanoTime() - startNanos < 5_000_000_000L, c.getKey() + " took too long");
      assertTrue(run.runDirectories().isEmpty(), c.getKey() + ": nothing started");
    }
  }
}
