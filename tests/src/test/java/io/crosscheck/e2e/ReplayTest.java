package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.Outcome;
import io.crosscheck.replay.RecordedSessions;
import io.crosscheck.rubis.server.RubisServer;
import io.crosscheck.rubis.server.RubisServerConfig;
import io.crosscheck.server.ServiceDemand;
import io.crosscheck.testgen.rubis.RubisLikeClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13's replay acceptance: {@code crosscheck replay RUN_DIR --engine E} re-runs the sessions a run
 * recorded (a Netty run, a legacy run, and an agent's audit of the RUBiS-like client, a third-party
 * generator) with another engine. Held to: the same sessions, each with the same request sequence
 * (methods and targets in seq order), and session start instants within 1 ms (p99) of the recorded ones,
 * both measured from the records (each side's session start = its first request's intended start, or
 * send start where none, relative to its first session's). The replay's think times (reply end to next
 * start) are printed beside, with the send-start lag of its session starts.
 */
@Tag("heavy") // behaviour, not JDK compatibility: once is enough (tests/pom.xml)
class ReplayTest {
  private static final long START_P99_BOUND_NANOS = 1_000_000L;

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @Test
  void aNettyRunReplayedByTheLegacyEngineHasItsSessionsStartsAndSequences(@TempDir Path out) throws Exception {
    Path recorded = run(out.resolve("recorded"), "run", "--engine", "netty", "--target", server.target(),
        "--arrival", "partly-open", "--rate", "12", "--urls", "/static/1k,/static/2k,/static/4k",
        "--session-length", "fixed:4", "--think", "exp:40ms", "--duration", "2s", "--seed", "13",
        "--jit-warm-up", "0");
    Path replay = run(out.resolve("replay"), "replay", recorded.toString(), "--engine", "legacy-urlconnection");
    assertReplayed("netty run, legacy-urlconnection replay", recorded, replay);
  }

  @Test
  void aLegacyRunReplayedByNettyHasItsSessionsStartsAndSequences(@TempDir Path out) throws Exception {
    Path recorded = run(out.resolve("recorded"), "run", "--engine", "legacy-urlconnection", "--target",
        server.target(), "--users", "4", "--urls", "/static/1k,/static/2k", "--session-length", "fixed:5",
        "--think", "exp:30ms", "--ramp-up", "300ms", "--duration", "2s", "--seed", "5");
    Path replay = run(out.resolve("replay"), "replay", recorded.toString(), "--engine", "netty", "--jit-warm-up",
        "0");
    assertReplayed("legacy-urlconnection run, netty replay", recorded, replay);
  }

  /**
   * A third-party generator's run: the RUBiS-like client (its own JVM, {@code URL.openStream}) audited by
   * the agent, as {@code AgentAuditTest} does; its threads' sequences become the replayed sessions.
   */
  @Test
  void anAgentRunOfTheRubisLikeClientReplayedByNettyHasItsSessionsStartsAndSequences(@TempDir Path out)
      throws Exception {
    try (RubisServer rubis = RubisServer.start(
        RubisServerConfig.defaults().withAllDemands(new ServiceDemand.Fixed(1_000_000L)))) {
      List<String> audit = new ArrayList<>(List.of("audit", "--out", out.resolve("recorded").toString(),
          "--progress", "off", "--server", "127.0.0.1:" + rubis.port(), "--",
          Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp", testClasses().toString(),
          RubisLikeClient.class.getName(), "http://127.0.0.1:" + rubis.port(), "5", "2", "20", "50"));
      Evidence.Compared audited = Evidence.execute(audit);
      assertEquals(0, audited.exitCode(), audited.toString());
      Path recorded = only(out.resolve("recorded"));
      assertEquals("agent", Evidence.json(recorded.resolve("run.json")).get("engine").get("name").asText());
      // the default target: the audited generator's server, from run.json
      Path replay = run(out.resolve("replay"), "replay", recorded.toString(), "--engine", "netty",
          "--jit-warm-up", "0");
      assertReplayed("agent run (RubisLikeClient), netty replay", recorded, replay);
    }
  }

  /**
   * Bad input fails before any load, exit 2, one line naming where: a malformed requests.csv row (its
   * file:line), a workload option beside --replay, a directory that is no run; export likewise.
   */
  @Test
  void aBadRecordingOrAnExtraWorkloadOptionIsRefusedBeforeAnyLoad(@TempDir Path out) throws Exception {
    Path dir = Files.createDirectories(out.resolve("recorded"));
    Files.writeString(dir.resolve("run.json"), "{\"formatVersion\":2,\"status\":\"completed\",\"workload\":"
        + "{\"target\":\"" + server.target() + "\",\"targetHost\":\"127.0.0.1\",\"targetPort\":" + server.port()
        + "}}");
    Files.writeString(dir.resolve("requests.csv"), io.crosscheck.record.RequestCsv.HEADER + "\n"
        + "1,1,0,GET,/static/1k,,-1,false,100,100,200,300,200,80,1100,ok,measure,\n"
        + "1,1,1,GET,/static/1k,,-1,false,oops,400,500,600,200,80,1100,ok,measure,\n");
    long servedBefore = server.requestsServed();
    Evidence.Compared bad = Evidence.execute(List.of("replay", dir.toString(), "--engine", "netty", "--out",
        out.resolve("runs").toString(), "--progress", "off"));
    assertEquals(2, bad.exitCode(), bad.toString());
    assertTrue(bad.err().contains("requests.csv:3: column 9 (intendedStartNanos): \"oops\" is not an integer"),
        bad.err());
    Evidence.Compared extra = Evidence.execute(List.of("run", "--replay", dir.toString(), "--users", "5",
        "--out", out.resolve("runs").toString(), "--progress", "off"));
    assertEquals(2, extra.exitCode(), extra.toString());
    assertTrue(extra.err().contains("--users: \"5\": expected no workload option but --target beside --replay"),
        extra.err());
    Evidence.Compared none = Evidence.execute(List.of("export", out.resolve("nothing").toString(), "--httperf",
        out.resolve("h").toString()));
    assertEquals(2, none.exitCode(), none.toString());
    assertTrue(none.err().contains("nothing: no such directory"), none.err());
    Evidence.Compared badExport = Evidence.execute(List.of("export", dir.toString(), "--httperf",
        out.resolve("h").toString()));
    assertEquals(2, badExport.exitCode(), badExport.toString());
    assertTrue(badExport.err().contains("requests.csv:3: column 9"), badExport.err());
    assertEquals(servedBefore, server.requestsServed(), "nothing was sent");
    assertTrue(Files.notExists(out.resolve("runs")) || Files.list(out.resolve("runs")).findAny().isEmpty(),
        "no run directory");
  }

  /** Runs a load command (--out DIR --progress off added), asserts it completed, returns its run directory. */
  private static Path run(Path dir, String... args) throws Exception {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--out", dir.toString(), "--progress", "off"));
    Evidence.Compared ran = Evidence.execute(all);
    assertEquals(0, ran.exitCode(), ran.toString());
    Path runDir = only(dir);
    assertEquals("completed", Evidence.json(runDir.resolve("run.json")).get("status").asText());
    return runDir;
  }

  private static Path only(Path dir) throws Exception {
    try (Stream<Path> dirs = Files.list(dir)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      assertEquals(1, all.size(), "run directories under " + dir + ": " + all);
      return all.get(0);
    }
  }

  static Path testClasses() throws Exception {
    return Paths.get(RubisLikeClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /**
   * The replay ran every recorded session once, with its recorded sequence, at its recorded start
   * instant (p99 within 1 ms); run.json names the recorded run.
   */
  private static void assertReplayed(String what, Path recordedDir, Path replayDir) throws Exception {
    RecordedSessions recorded = RecordedSessions.read(recordedDir);
    RecordedSessions replayed = RecordedSessions.read(replayDir);
    JsonNode replayOf = Evidence.json(replayDir.resolve("run.json")).get("workload").get("replayOf");
    assertEquals(recordedDir.toString(), replayOf.get("runDirectory").asText(), "run.json names the run: " + replayOf);
    assertEquals(recordedDir.getFileName().toString(), replayOf.get("runId").asText(), replayOf.toString());
    assertEquals(recorded.sessions().size(), replayOf.get("sessions").asInt(), replayOf.toString());

    // the replay's session ids are the arrival indices: the recorded sessions in start order
    Map<Long, RecordedSessions.Session> byId = new HashMap<>();
    replayed.sessions().forEach(s -> byId.put(s.sessionId(), s));
    int n = recorded.sessions().size();
    assertTrue(n >= 4, what + ": enough recorded sessions to judge: " + recorded.describe());
    assertEquals(n, replayed.sessions().size(), what + ": every recorded session replayed once: "
        + replayed.describe());
    long[] startErrorNanos = new long[n];
    List<Long> thinkErrorNanos = new ArrayList<>();
    int sameSequences = 0;
    long requests = 0;
    long notSentReplayed = 0;
    for (int i = 0; i < n; i++) {
      RecordedSessions.Session a = recorded.sessions().get(i);
      RecordedSessions.Session b = byId.get((long) i);
      assertTrue(b != null, what + ": replay session " + i + " is missing");
      startErrorNanos[i] = Math.abs(b.offsetNanos(replayed) - a.offsetNanos(recorded));
      List<String> seqA = a.requests().stream().map(r -> r.method() + " " + r.path()).toList();
      List<String> seqB = b.requests().stream().map(r -> r.method() + " " + r.path()).toList();
      assertEquals(seqA, seqB, what + ": the request sequence of recorded session " + a.sessionId()
          + " (replay session " + i + ")");
      sameSequences++;
      requests += seqA.size();
      for (int k = 1; k < a.requests().size(); k++) {
        RecordedSessions.Request ra = a.requests().get(k);
        RecordedSessions.Request rb = b.requests().get(k);
        if (rb.outcome() == Outcome.GENERATOR_ERROR) {
          notSentReplayed++;
        } else if (!ra.burstWithPrevious() && !rb.burstWithPrevious()) {
          thinkErrorNanos.add(Math.abs(rb.thinkBeforeNanos() - ra.thinkBeforeNanos()));
        }
      }
    }
    long[] sendLagNanos = sendStartLags(replayDir, replayed);
    long p99Start = p99(startErrorNanos);
    long maxStart = Arrays.stream(startErrorNanos).max().orElse(0);
    long p99Think = p99(thinkErrorNanos.stream().mapToLong(Long::longValue).toArray());
    long p99SendLag = p99(sendLagNanos);
    System.out.printf(Locale.ROOT, "[replay] %s: %d sessions, %d requests; session start error p99 %d us, max %d us"
        + " (intended starts, relative to the first); same sequence in %d of %d sessions; think error p99 %d us"
        + " over %d think times; replay's send-start lag p99 %d us; %d replayed requests not sent%n",
        what, n, requests, p99Start / 1000, maxStart / 1000, sameSequences, n, p99Think / 1000,
        thinkErrorNanos.size(), p99SendLag / 1000, notSentReplayed);
    assertTrue(p99Start <= START_P99_BOUND_NANOS, what + ": session starts within 1 ms (p99) of the recorded: p99 "
        + p99Start + " ns");
    assertTrue(thinkErrorNanos.size() >= n, what + ": think times compared: " + thinkErrorNanos.size());
    assertTrue(p99Think <= 5_000_000L, what + ": think times as recorded (p99 within 5 ms): " + p99Think + " ns");
  }

  /** Per session of the replay: its first request's send start minus its intended start (-1 = not sent: 0). */
  private static long[] sendStartLags(Path replayDir, RecordedSessions replayed) throws Exception {
    Map<Long, Long> lag = new HashMap<>();
    io.crosscheck.record.RequestCsv.forEach(replayDir.resolve("requests.csv"), r -> {
      if (r.seq() == 0 && r.sendStartNanos() >= 0 && r.intendedStartNanos() >= 0) {
        lag.put(r.sessionId(), r.sendStartNanos() - r.intendedStartNanos());
      }
    });
    return replayed.sessions().stream().mapToLong(s -> lag.getOrDefault(s.sessionId(), 0L)).toArray();
  }

  private static long p99(long[] values) {
    if (values.length == 0) {
      return 0;
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(0.99 * sorted.length) - 1)];
  }
}
