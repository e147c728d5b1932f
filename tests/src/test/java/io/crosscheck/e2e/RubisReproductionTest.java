package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rubis.RubisState;
import io.crosscheck.rubis.RubisWorkload;
import io.crosscheck.rubis.TransitionTable;
import io.crosscheck.rubis.server.RubisInteraction;
import io.crosscheck.rubis.server.RubisServer;
import io.crosscheck.rubis.server.RubisServerConfig;
import io.crosscheck.server.ServiceDemand;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --rubis} starts and paces users as the RUBiS client does, in the legacy engine (through
 * {@code audit}, capture included) and in the Netty engine: every user's first request is intended
 * at the run's start (the client's ClientEmulator starts every user thread at once) and leaves
 * within milliseconds of the others, and a think time is the table's times the slowdown factor of
 * the phase it was drawn in (the shipped default properties: 2 during the up-ramp, 1 during the
 * run, 3 during the down-ramp). run.json says so in both.
 *
 * <p>20 users, 1 s per phase, think times scaled by 0.01 (the table's 2-10 s become 20-100 ms):
 * two runs of 3 s at the same time, each against its own embedded RUBiS server (the audit's capture
 * sees only its own).
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
class RubisReproductionTest {
  private static final int USERS = 20;
  private static final double THINK_SCALE = 0.01;
  /** Far below the 1 s (0.95 s between the first and the last of 20) a spread over ramp-up gives. */
  private static final long FIRST_SEND_SPREAD_LIMIT_NANOS = 200_000_000L;
  /** Home's service time: above the spread limit, so first requests sent within it overlap. */
  private static final long HOME_DEMAND_NANOS = 250_000_000L;

  private static RubisServer legacyServer;
  private static RubisServer nettyServer;

  @BeforeAll
  static void startServers() throws Exception {
    // every session starts at Home: served in 250 ms, longer than the first sends may spread, so
    // users that start together are all in flight at once however fast the host (not a race with
    // the server's ~0.1 ms)
    RubisServerConfig config = RubisServerConfig.defaults()
        .withDemand(RubisInteraction.HOME, new ServiceDemand.Fixed(HOME_DEMAND_NANOS));
    legacyServer = RubisServer.start(config);
    nettyServer = RubisServer.start(config);
  }

  @AfterAll
  static void stopServers() {
    for (RubisServer s : new RubisServer[] {legacyServer, nettyServer}) {
      if (s != null) {
        s.close();
      }
    }
  }

  private static Path defaultProperties(Path dir) throws Exception {
    Path file = dir.resolve("crosscheck-default.properties");
    try (InputStream in = RubisWorkload.class.getResourceAsStream("/io/crosscheck/rubis/crosscheck-default.properties")) {
      Files.copy(in, file);
    }
    return file;
  }

  private static List<String> args(String command, Path props, RubisServer server, String engine) {
    return new ArrayList<>(List.of(command, "--rubis", props.toString(), "--target",
        "http://127.0.0.1:" + server.port(), "--users", String.valueOf(USERS), "--think-scale",
        String.valueOf(THINK_SCALE), "--ramp-up", "1s", "--duration", "1s", "--ramp-down", "1s", "--engine", engine,
        "--seed", "5"));
  }

  @Test
  void usersStartTogetherAndThinkTimesFollowThePhaseInEveryEngine(@TempDir Path dir) throws Exception {
    Path props = defaultProperties(dir);
    RubisWorkload w = RubisWorkload.read(props, RubisWorkload.Overrides.none());

    List<String> audit = args("audit", props, legacyServer, "legacy-urlconnection");
    audit.addAll(List.of("--timing", "nanos"));
    List<String> run = args("run", props, nettyServer, "netty");
    run.addAll(List.of("--jit-warm-up", "0"));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    Future<CliRun> legacyRun = pool.submit(() -> CliRun.run(dir.resolve("legacy"), audit.toArray(String[]::new)));
    Future<CliRun> nettyRun = pool.submit(() -> CliRun.run(dir.resolve("netty"), run.toArray(String[]::new)));
    pool.shutdown();
    CliRun legacy = legacyRun.get(60, TimeUnit.SECONDS);
    CliRun netty = nettyRun.get(60, TimeUnit.SECONDS);
    assertEquals(0, legacy.exitCode, legacy.err);
    assertEquals(0, netty.exitCode, netty.err);
    JsonNode connections = new ObjectMapper().readTree(legacy.runDirectory().resolve("findings.json").toFile())
        .get("findings").get("connections");
    System.out.printf(Locale.ROOT, "legacy-urlconnection on the wire: %d connections opened, peak %d open, %d"
        + " sessions%n", connections.get("connectionsOpened").asLong(),
        connections.get("peakConcurrentConnections").asLong(), connections.get("sessions").asLong());
    check("legacy-urlconnection", legacy, w);
    // the client's profile: every user opens a connection at the start (crosscheck's users spread
    // over the ramp-up had 3 open at most for 50 users; the original client 50)
    assertTrue(connections.get("peakConcurrentConnections").asLong() >= USERS / 2, connections.toString());

    check("netty", netty, w);

    // the same workload in both engines, but for the server each was aimed at
    assertEquals(withoutTarget(legacy.runJson().get("workload")), withoutTarget(netty.runJson().get("workload")));
  }

  private static JsonNode withoutTarget(JsonNode workload) {
    com.fasterxml.jackson.databind.node.ObjectNode copy = workload.deepCopy();
    copy.remove(List.of("target", "targetHost", "targetPort", "targetAddress"));
    return copy;
  }

  /** First starts, think-time ratios by phase, and what run.json says of the workload. */
  private static void check(String engine, CliRun run, RubisWorkload w) throws Exception {
    JsonNode workload = run.runJson().get("workload");
    assertEquals("all-at-once", workload.get("arrival").get("userStarts").asText(), workload.toString());
    assertTrue(workload.get("source").get("source").asText().contains("slowdown=2/1/3 (up-ramp/run/down-ramp)"),
        workload.toString());

    List<RequestRecord> records = run.records();
    long errors = records.stream().filter(r -> r.outcome() != Outcome.OK).count();
    assertEquals(0, errors, engine + ": no client error among " + records.size() + " requests");

    // each user's first request: its first session's (session id = user id) request 0
    List<RequestRecord> firsts = records.stream().filter(r -> r.sessionId() < USERS && r.seq() == 0).toList();
    assertEquals(USERS, firsts.size(), engine + ": every user sent its first request");
    long intendedSpreadNanos = spread(firsts.stream().map(RequestRecord::intendedStartNanos).toList());
    long sendSpreadNanos = spread(firsts.stream().map(RequestRecord::sendStartNanos).toList());
    long lastSendNanos = firsts.stream().mapToLong(RequestRecord::sendStartNanos).max().orElseThrow();
    long stillOpen = firsts.stream().filter(r -> r.lastByteNanos() > lastSendNanos).count();
    System.out.printf(Locale.ROOT, "%s: the %d first requests: intended starts spread %.3f ms, send starts"
        + " spread %.3f ms; %d still in flight when the last was sent%n", engine, USERS, intendedSpreadNanos / 1e6,
        sendSpreadNanos / 1e6, stillOpen);
    assertEquals(0, intendedSpreadNanos, engine + ": every user is intended at the run's start");
    assertTrue(sendSpreadNanos < FIRST_SEND_SPREAD_LIMIT_NANOS, engine + ": first sends spread "
        + sendSpreadNanos / 1e6 + " ms");
    assertTrue(stillOpen >= USERS / 2, engine + ": the first requests overlap: " + stillOpen);

    Map<Phase, List<Double>> ratios = thinkRatios(records, w.factory().config().table(), w);
    Map<Phase, Double> expected = Map.of(Phase.RAMP_UP, 2.0, Phase.MEASURE, 1.0, Phase.RAMP_DOWN, 3.0);
    for (Phase phase : Phase.values()) {
      List<Double> r = ratios.get(phase);
      double median = r.get(r.size() / 2);
      double factor = expected.get(phase);
      long atFactor = r.stream().filter(x -> Math.abs(x - factor) < 0.01 * factor).count();
      System.out.printf(Locale.ROOT, "%s %-9s think/table: median %.4f over %d think times, %.0f%% within 1%% of"
          + " %.0f%n", engine, phase.label(), median, r.size(), 100.0 * atFactor / r.size(), factor);
      assertTrue(r.size() >= 30, engine + " " + phase + ": " + r.size() + " think times");
      assertEquals(factor, median, 0.01 * factor, engine + " " + phase + ": think times x " + factor);
      assertTrue(atFactor >= r.size() * 0.6, engine + " " + phase + ": " + atFactor + " of " + r.size()
          + " think times at x " + factor);
    }
  }

  /**
   * Per phase, sorted: each think time (the next request's intended start minus the previous
   * request's last byte, in one session) over the table's think time of the state requested, both
   * time-scaled. Pairs across a phase boundary are left out; so are zero think times (Back moves,
   * whose row is 0 in the shipped tables, and images).
   */
  private static Map<Phase, List<Double>> thinkRatios(List<RequestRecord> records, TransitionTable table,
      RubisWorkload w) {
    Map<Long, List<RequestRecord>> bySession = records.stream()
        .collect(Collectors.groupingBy(RequestRecord::sessionId, HashMap::new, Collectors.toList()));
    Map<Phase, List<Double>> ratios = new EnumMap<>(Phase.class);
    for (Phase p : Phase.values()) {
      ratios.put(p, new ArrayList<>());
    }
    for (List<RequestRecord> session : bySession.values()) {
      session.sort(Comparator.comparingInt(RequestRecord::seq));
      for (int i = 1; i < session.size(); i++) {
        RequestRecord prev = session.get(i - 1);
        RequestRecord next = session.get(i);
        RubisState state = w.factory().stateOf(next.url());
        if (state == null || prev.phase() != next.phase() || prev.lastByteNanos() < 0) {
          continue;
        }
        double baseNanos = table.thinkTimeMillis(state.ordinal()) * 1e6 * THINK_SCALE;
        double ratio = (next.intendedStartNanos() - prev.lastByteNanos()) / baseNanos;
        if (ratio > 0.5) {
          ratios.get(next.phase()).add(ratio);
        }
      }
    }
    ratios.values().forEach(l -> l.sort(null));
    return ratios;
  }

  private static long spread(List<Long> instants) {
    return instants.stream().mapToLong(Long::longValue).max().orElseThrow()
        - instants.stream().mapToLong(Long::longValue).min().orElseThrow();
  }
}
