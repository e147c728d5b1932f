package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The study's connection-sharing finding, reproduced for real and read from the capture: the same
 * seeded closed workload of 2,000 users with 50 requests per session, audited once with the Netty
 * engine (per-session) and once with the legacy {@code URL.openStream} engine (the JDK's keep-alive
 * cache). Tagged heavy: it runs on the main JDK only (about two and a half minutes).
 */
@Tag("heavy")
class ConnectionSharingAuditTest {
  private static final String[] WORKLOAD = {"--users", "2000", "--sessions-per-user", "1",
      "--session-length", "fixed:50", "--think", "exp:1s", "--ramp-up", "2s", "--urls", "/static/2k",
      "--duration", "150s", "--seed", "2012", "--request-timeout", "20s"};
  private static EmbeddedServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  private static JsonNode audit(Path out, String engine) throws Exception {
    String[] args = new String[WORKLOAD.length + 2];
    args[0] = "--engine";
    args[1] = engine;
    System.arraycopy(WORKLOAD, 0, args, 2, WORKLOAD.length);
    JsonNode f = CliRun.audit(out, server.port(), args);
    JsonNode c = f.get("connections");
    System.out.printf(Locale.ROOT, "%-22s sessions %,d, connections %,d, peak concurrent %,d, max requests on one"
            + " %,d, shared by several sessions %,d, absolute error %+.1f us%n  verdict: %s%n", engine,
        c.get("sessions").asLong(), c.get("connectionsWithRequests").asLong(),
        c.get("peakConcurrentConnections").asLong(), c.get("maxRequestsOnOneConnection").asLong(),
        c.get("connectionsUsedBySeveralSessions").asLong(), f.get("responseTime").get("absoluteErrorMicros").asDouble(),
        c.get("verdict").asText());
    assertEquals(100_000, f.get("matching").get("records").asLong());
    assertEquals(100_000, f.get("matching").get("wireExchanges").asLong(), "every request is on the wire");
    return c;
  }

  @Test
  void twoThousandUsersShareAFewConnectionsThroughTheJdkCacheButNotWithNetty(@TempDir Path out) throws Exception {
    JsonNode legacy = audit(out.resolve("legacy"), "legacy-urlconnection");
    long sessions = legacy.get("sessions").asLong();
    assertEquals(2000, sessions);
    assertTrue(legacy.get("connectionsWithRequests").asLong() != sessions, "distinct connections != sessions");
    assertTrue(legacy.get("peakConcurrentConnections").asLong() < 2000 / 4,
        "peak concurrent connections far below the users: " + legacy);
    assertTrue(legacy.get("connectionsUsedBySeveralSessions").asLong() > 0, "connections shared by sessions");
    assertTrue(legacy.get("maxRequestsOnOneConnection").asLong() > 50,
        "a connection carried more requests than a session has: " + legacy);

    JsonNode netty = audit(out.resolve("netty"), "netty");
    assertEquals(2000, netty.get("sessions").asLong());
    assertEquals(2000, netty.get("connectionsWithRequests").asLong(), "connections = sessions");
    assertEquals(0, netty.get("connectionsUsedBySeveralSessions").asLong());
    assertEquals(2000, netty.get("requestsPerConnection").get("11-50").asLong(), "50 requests on each");
    assertEquals(50, netty.get("maxRequestsOnOneConnection").asLong());
  }

  @Test
  void legacyHttpClientIsThreadPerUserWithDedicatedConnections(@TempDir Path out) throws Exception {
    JsonNode f = CliRun.audit(out, server.port(), "--engine", "legacy-httpclient", "--users", "200",
        "--sessions-per-user", "1", "--session-length", "fixed:10", "--think", "exp:50ms", "--urls", "/static/2k",
        "--duration", "60s");
    JsonNode c = f.get("connections");
    assertEquals(200, c.get("connectionsWithRequests").asLong(), "connections = users: " + c);
    assertEquals(0, c.get("connectionsUsedBySeveralSessions").asLong());
    assertEquals(2000, f.get("matching").get("matchedByConnection").asLong(), "it reports its connections");
    assertTrue(f.get("pressure").get("threadsPeak").asLong() >= 200, "a thread per user: " + f.get("pressure"));
  }
}
