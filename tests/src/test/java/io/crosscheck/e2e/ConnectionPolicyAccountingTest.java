package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request accounting and connection behaviour of the Netty engine's policies, asserted from the
 * run directory's {@code requests.csv} and from the embedded server's own connection counter.
 */
@org.junit.jupiter.api.Tag("every-jdk") // its subject depends on the JDK: runs on Temurin 25 too (tests/pom.xml)
class ConnectionPolicyAccountingTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  /** A connection's identity: client ip:port plus its open instant (ports are reused). */
  private static String connection(RequestRecord r) {
    return r.connectionId() + "@" + r.connectionOpenNanos();
  }

  /** Runs the workload and checks that every scheduled request has exactly one record. */
  private record Accounted(CliRun run, List<RequestRecord> records) {}

  private static Accounted runAndAccount(Path out, String... args) throws Exception {
    long acceptedBefore = server.connectionsAccepted();
    CliRun run = CliRun.run(out, args);
    assertEquals(0, run.exitCode, run.err);
    Map<String, String> scheduled = Workloads.scheduledRequests(Workloads.schedule(args));
    List<RequestRecord> records = run.records();
    Map<String, RequestRecord> byKey = new HashMap<>();
    for (RequestRecord r : records) {
      RequestRecord twice = byKey.put(r.sessionId() + "/" + r.seq(), r);
      assertEquals(null, twice, "request recorded twice: " + r);
    }
    assertEquals(scheduled.keySet(), byKey.keySet(), "every scheduled request exactly once");
    byKey.forEach((k, r) -> assertEquals(scheduled.get(k), r.url(), "url of " + k));
    Map<Outcome, Long> outcomes =
        records.stream().collect(Collectors.groupingBy(RequestRecord::outcome, Collectors.counting()));
    assertEquals(Map.of(Outcome.OK, (long) records.size()), outcomes);
    long connections = records.stream().map(ConnectionPolicyAccountingTest::connection).distinct().count();
    // the server also accepted the probe connect that checks something listens before the load
    assertEquals(connections + 1, server.connectionsAccepted() - acceptedBefore,
        "connections in the records (+ the probe) = connections the server accepted");
    return new Accounted(run, records);
  }

  @Test
  void perSessionGivesOneConnectionPerSessionCarryingExactlyItsRequests(@TempDir Path out) throws Exception {
    List<RequestRecord> records = runAndAccount(out, "run", "--target", server.target(), "--users", "1000",
        "--sessions-per-user", "1", "--session-length", "fixed:10", "--think", "exp:20ms",
        "--urls", "/static/2k,/static/16k", "--duration", "120s", "--policy", "per-session").records();
    assertEquals(10_000, records.size());
    Map<String, List<RequestRecord>> byConnection =
        records.stream().collect(Collectors.groupingBy(ConnectionPolicyAccountingTest::connection));
    long sessions = records.stream().map(RequestRecord::sessionId).distinct().count();
    assertEquals(1000, sessions);
    assertEquals(sessions, byConnection.size(), "distinct connections = sessions");
    for (List<RequestRecord> onOne : byConnection.values()) {
      Set<Long> owners = onOne.stream().map(RequestRecord::sessionId).collect(Collectors.toSet());
      assertEquals(1, owners.size(), "one session per connection");
      assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
          onOne.stream().map(RequestRecord::seq).collect(Collectors.toSet()),
          "the connection carries exactly its session's 10 requests");
      assertEquals(9, onOne.stream().filter(RequestRecord::connectionReused).count());
    }
  }

  @Test
  void perRequestOpensOneConnectionPerRequest(@TempDir Path out) throws Exception {
    List<RequestRecord> records = runAndAccount(out, "run", "--target", server.target(), "--users", "100",
        "--sessions-per-user", "2", "--session-length", "fixed:5", "--think", "fixed:2ms",
        "--duration", "60s", "--policy", "per-request").records();
    assertEquals(1000, records.size());
    assertEquals(1000, records.stream().map(ConnectionPolicyAccountingTest::connection).distinct().count());
    assertTrue(records.stream().noneMatch(RequestRecord::connectionReused));
  }

  @Test
  void sourceAddressesAreUsedRoundRobin(@TempDir Path out) throws Exception {
    List<RequestRecord> records = runAndAccount(out, "run", "--target", server.target(), "--users", "30",
        "--sessions-per-user", "1", "--session-length", "fixed:3", "--duration", "60s",
        "--policy", "per-request", "--source-addresses", "127.0.0.2-127.0.0.4").records();
    Map<String, Long> perAddress = records.stream().collect(Collectors.groupingBy(
        r -> r.connectionId().substring(0, r.connectionId().lastIndexOf(':')), Collectors.counting()));
    assertEquals(Set.of("127.0.0.2", "127.0.0.3", "127.0.0.4"), perAddress.keySet());
    perAddress.values().forEach(n -> assertEquals(30, n, "round-robin over 3 addresses: " + perAddress));
  }

  @Test
  void sharedCacheNeverHoldsMoreThanKIdleAndSharesConnectionsAcrossSessions(@TempDir Path out)
      throws Exception {
    String[] args = {"run", "--target", server.target(), "--users", "200", "--sessions-per-user", "1",
        "--session-length", "fixed:10", "--think", "exp:5ms", "--duration", "60s",
        "--policy", "shared-cache", "--connections", "5"};
    Accounted accounted = runAndAccount(out, args);
    List<RequestRecord> records = accounted.records();
    JsonNode extra = accounted.run().runJson().findValue("maxIdleConnections");
    assertTrue(extra != null, "run.json reports the engine's maxIdleConnections");
    assertTrue(extra.asLong() <= 5 && extra.asLong() >= 1, "idle connections peaked at " + extra);
    Map<String, Set<Long>> sessionsPerConnection = new HashMap<>();
    for (RequestRecord r : records) {
      sessionsPerConnection.computeIfAbsent(connection(r), k -> new HashSet<>()).add(r.sessionId());
    }
    long shared = sessionsPerConnection.values().stream().filter(s -> s.size() > 1).count();
    assertTrue(shared > 0, "some connections carried several sessions' requests");
    assertTrue(sessionsPerConnection.size() < records.size(), "connections were reused");
  }

  @Test
  void browserUsesUpToKParallelConnectionsPerSessionForBursts(@TempDir Path out) throws Exception {
    Path log = out.resolve("bursts.wsesslog");
    java.nio.file.Files.createDirectories(out);
    java.nio.file.Files.writeString(log, String.join("\n",
        "/static/16k think=0.01", "  /static/2k", "  /static/2k", "  /static/2k", "  /static/2k",
        "/static/2k think=0.01", "  /static/2k", "", "/static/64k", "  /static/2k", "  /static/2k", ""));
    List<RequestRecord> records = runAndAccount(out.resolve("runs"), "run", "--target", server.target(),
        "--users", "20", "--sessions-per-user", "2", "--wsesslog", log.toString(), "--duration", "60s",
        "--policy", "browser", "--connections", "3").records();
    Map<Long, Set<String>> connectionsPerSession = new HashMap<>();
    for (RequestRecord r : records) {
      connectionsPerSession.computeIfAbsent(r.sessionId(), k -> new HashSet<>()).add(connection(r));
    }
    connectionsPerSession.forEach((s, c) -> assertTrue(c.size() <= 3, "session " + s + " used " + c));
    assertTrue(connectionsPerSession.values().stream().anyMatch(c -> c.size() == 3),
        "a 5-request burst spreads over all 3 lanes");
    // burst members are in flight together: some pair of one session's requests overlaps in time
    List<RequestRecord> first = new ArrayList<>(records.stream().filter(r -> r.sessionId() == 0).toList());
    boolean overlap = false;
    for (RequestRecord a : first) {
      for (RequestRecord b : first) {
        overlap |= a != b && a.sendStartNanos() < b.lastByteNanos() && b.sendStartNanos() < a.lastByteNanos();
      }
    }
    assertTrue(overlap, "burst requests overlap in time");
  }
}
