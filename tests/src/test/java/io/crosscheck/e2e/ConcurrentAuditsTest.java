package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Red team, issue 24 finding 15: two audits at once against one server port each capture the other's
 * traffic. Two short audits in child JVMs against one embedded server, at the same time: a per-session one
 * (4 connections) and a per-request one (a connection per request). Each one's findings count only the
 * connections its own records name, and name the other's traffic as foreign, no more of it than the other
 * recorded.
 */
@Tag("heavy") // two child JVMs under capture: behaviour, not JDK compatibility
// runs alone (serial-tests in pom.xml): its audits count every exchange on the capture that is not theirs, so
// a neighbour test's traffic on lo would be counted as the other audit's (CI saw 129 foreign exchanges for 117)
@org.junit.jupiter.api.Tag("serial")
class ConcurrentAuditsTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private record Audit(ChildCli child, List<RequestRecord> records, JsonNode connections, long unmatchedRecords,
      long capturedConnections) {
    long ownConnections() {
      return records.stream().map(r -> r.connectionId() + "@" + r.connectionOpenNanos()).distinct().count();
    }
  }

  private static ChildCli start(Path out, String policy, String sessionsPerUser, String sessionLength)
      throws Exception {
    return ChildCli.start(out, "audit", "--target", server.target(), "--jit-warm-up", "0", "--users", "4",
        "--sessions-per-user", sessionsPerUser, "--session-length", sessionLength, "--think", "exp:10ms",
        "--urls", "/static/2k", "--policy", policy, "--duration", "4s");
  }

  private static Audit ended(ChildCli child) throws Exception {
    // 3 (below the matching floor) is possible on a starved host; the connection counts stand either way
    int exit = child.waitForExit(Duration.ofSeconds(120));
    assertTrue(exit == 0 || exit == 3, "exit " + exit + ": " + child.output());
    Path dir = child.runDirectory();
    JsonNode file = Evidence.findingsFile(dir);
    long unmatched = 0;
    for (JsonNode n : file.get("findings").get("matching").get("unmatchedRecords")) {
      unmatched += n.asLong();
    }
    return new Audit(child, RequestCsv.read(dir.resolve("requests.csv")), file.get("findings").get("connections"),
        unmatched, file.get("wire").get("connections").asLong());
  }

  @Test
  void eachAuditCountsOnlyItsOwnConnectionsAndNamesTheOthersTraffic(@TempDir Path tmp) throws Exception {
    Audit a;
    Audit b;
    try (ChildCli sessions = start(tmp.resolve("a"), "per-session", "1", "fixed:1000");
        ChildCli requests = start(tmp.resolve("b"), "per-request", "1000", "fixed:1")) {
      a = ended(sessions);
      b = ended(requests);
    }
    for (Audit[] pair : new Audit[][] {{a, b}, {b, a}}) {
      Audit self = pair[0];
      Audit other = pair[1];
      String context = self.child.output();
      JsonNode c = self.connections;
      long opened = c.get("connectionsOpened").asLong();
      // its own connections: those its records name, less those of records sent outside the capture
      assertTrue(opened <= self.ownConnections() && opened >= self.ownConnections() - self.unmatchedRecords,
          opened + " opened, " + self.ownConnections() + " in requests.csv: " + context);
      assertTrue(c.get("peakConcurrentConnections").asInt() <= 4, "4 users: " + context);
      long foreignConnections = c.get("foreignConnections").asLong();
      long foreignExchanges = c.get("foreignExchanges").asLong();
      assertTrue(foreignExchanges > 0 && foreignConnections > 0, "the other audit's traffic is named: " + context);
      assertEquals(self.capturedConnections, opened + foreignConnections, "every captured connection is one or the"
          + " other: " + context);
      // the other's traffic, and at most all of it: its records, its connections and its probe connect
      assertTrue(foreignExchanges <= other.records.size(), foreignExchanges + " > " + other.records.size());
      assertTrue(foreignConnections <= other.ownConnections() + 1, foreignConnections + " > "
          + other.ownConnections());
      assertTrue(context.contains(String.format(Locale.ROOT, "foreign:       %,d exchanges on %,d connections that no"
          + " record of this generator names (evidence: its records' client ip:port and connect instants): another"
          // "..., most likely", or "... or this generator's own" when the capture began after the other's opens
          + " client's", foreignExchanges,
          foreignConnections)), context);
    }
    assertEquals(4, a.ownConnections(), "per-session: one connection per user");
  }
}
