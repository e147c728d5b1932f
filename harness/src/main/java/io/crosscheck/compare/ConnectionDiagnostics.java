package io.crosscheck.compare;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.Connections;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How the generator used TCP connections, as the wire shows it — the audit's answer to "did the
 * emulated users share connections?" (DESIGN.md §1: the JDK's keep-alive cache made 2,000 users
 * produce 2,912 connections and up to ~1,000 requests on one).
 *
 * <p>The verdict rests on evidence only: sharing is judged from matched records (a connection that
 * carried matched requests of several sessions), never inferred from fewer connections than
 * sessions; sessions are counted among matched records. Without sufficient coverage it judges
 * nothing and says why. Without records (a foreign capture) it judges what the wire alone shows.
 */
final class ConnectionDiagnostics {
  /** The start-up span left out of the "open after" range. */
  static final int SETTLE_SECONDS = 5;

  private static final long[] BUCKET_UPPER = {1, 2, 5, 10, 50, 100, 500, 1000, Long.MAX_VALUE};
  private static final String[] BUCKET_LABEL = {"1", "2", "3-5", "6-10", "11-50", "51-100", "101-500",
      "501-1000", ">1000"};

  private ConnectionDiagnostics() {}

  /** A connection's identity: client {@code ip:port} and when it opened (ports are reused). */
  private record Key(String connectionId, long openEpochNanos) {}

  private static Key key(WireExchange e) {
    return new Key(e.connectionId(), e.connectionOpenEpochNanos());
  }

  /**
   * @param own the generator's connections, or null when they cannot be told from another client's (then
   *     every captured connection counts)
   */
  static Connections of(Reconstruction wire, MatchResult match, Coverage coverage, GeneratorConnections own) {
    // another client of the same server (a second audit, a health check) is left out of the generator's counts
    List<WireExchange> exchanges = own == null ? wire.exchanges() : own.exchanges(wire.exchanges());
    Map<Key, long[]> requestsOn = new HashMap<>();
    for (WireExchange e : exchanges) {
      requestsOn.computeIfAbsent(key(e), k -> new long[1])[0]++;
    }
    // per connection: the first session seen on it, and whether another one was
    Map<Key, long[]> sessionsOn = new HashMap<>();
    Set<Long> sessions = new HashSet<>();
    long shared = 0;
    for (Match m : match.matched()) {
      long session = m.record().sessionId();
      sessions.add(session);
      long[] seen = sessionsOn.computeIfAbsent(key(m.exchange()), k -> new long[] {session, 0});
      if (seen[1] == 0 && seen[0] != session) {
        seen[1] = 1;
        shared++;
      }
    }
    List<ConnectionEvent> events = own == null ? wire.events() : own.events(wire.events());
    long opened = 0;
    int peak = 0;
    for (ConnectionEvent e : events) {
      if (e.kind() == ConnectionEvent.Kind.OPEN) {
        opened++;
      }
      peak = Math.max(peak, e.openConnections());
    }
    long spanNanos = wire.hasPackets() ? wire.lastPacketEpochNanos() - wire.firstPacketEpochNanos() : 0;
    double openedPerSecond = spanNanos > 0 ? opened / (spanNanos / 1e9) : Double.NaN;
    int[] openAfter = openAfterSettling(events, wire.firstPacketEpochNanos(), spanNanos);
    Map<String, Long> histogram = new LinkedHashMap<>();
    for (String label : BUCKET_LABEL) {
      histogram.put(label, 0L);
    }
    long max = 0;
    for (long[] requests : requestsOn.values()) {
      long count = requests[0];
      max = Math.max(max, count);
      for (int b = 0; b < BUCKET_UPPER.length; b++) {
        if (count <= BUCKET_UPPER[b]) {
          histogram.merge(BUCKET_LABEL[b], 1L, Long::sum);
          break;
        }
      }
    }
    double busiestPercent = exchanges.isEmpty() ? Double.NaN : 100.0 * max / exchanges.size();
    boolean judged;
    String evidence;
    String verdict;
    if (coverage.wireOnly() && (coverage.sufficient() || exchanges.isEmpty())) {
      judged = !exchanges.isEmpty();
      evidence = String.format(Locale.ROOT, "the wire alone: %,d exchanges on %,d connections (no generator"
          + " records)", exchanges.size(), requestsOn.size());
      verdict = wireVerdict(requestsOn.size(), exchanges.size(), openAfter, busiestPercent);
    } else if (!coverage.sufficient()) {
      judged = false;
      evidence = coverage.statement();
      verdict = "not judged: " + coverage.statement();
    } else {
      judged = true;
      evidence = String.format(Locale.ROOT, "%,d matched records of %,d sessions on %,d connections (%.1f %% of"
          + " the records in the capture)", match.matched().size(), sessions.size(), sessionsOn.size(),
          coverage.recordsMatchedPercent());
      verdict = verdict(sessions.size(), sessionsOn.size(), match.matched().size(), max, shared);
    }
    return new Connections(sessions.size(), opened, requestsOn.size(), peak, histogram, max, shared, openedPerSecond,
        busiestPercent, openAfter[0], openAfter[1], SETTLE_SECONDS, judged, evidence, verdict,
        // the sentences above start with (wire: contain) the words each kind names
        Findings.VerdictKind.ofSentence(verdict), own == null ? null : own.foreignConnections(),
        own == null ? null : own.foreignExchanges());
  }

  /** Fewest and most connections open at once after the first {@link #SETTLE_SECONDS}; -1 when shorter. */
  private static int[] openAfterSettling(List<ConnectionEvent> events, long firstEpochNanos, long spanNanos) {
    long settleNanos = SETTLE_SECONDS * 1_000_000_000L;
    if (spanNanos <= settleNanos) {
      return new int[] {-1, -1};
    }
    long settledAt = firstEpochNanos + settleNanos;
    int open = 0;
    int min = Integer.MAX_VALUE;
    int max = -1;
    boolean settled = false;
    for (ConnectionEvent e : events) {
      if (!settled && e.epochNanos() >= settledAt) {
        settled = true;
        min = Math.min(min, open); // the state at the settling instant
        max = Math.max(max, open);
      }
      open = e.openConnections();
      if (settled) {
        min = Math.min(min, open);
        max = Math.max(max, open);
      }
    }
    if (!settled) {
      min = open;
      max = open;
    }
    return new int[] {min, max};
  }

  /** What the wire alone shows about connection use. */
  static String wireVerdict(long connections, long exchanges, int[] openAfter, double busiestPercent) {
    if (exchanges == 0) {
      return "no HTTP exchange was seen on the wire";
    }
    if (connections == exchanges) {
      return String.format(Locale.ROOT, "a connection per exchange: %,d connections for %,d exchanges", connections,
          exchanges);
    }
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d connections for %,d exchanges", connections,
        exchanges));
    if (openAfter[0] >= 0) {
      s.append(String.format(Locale.ROOT, "; after the first %d s %s open", SETTLE_SECONDS,
          openAfter[0] == openAfter[1] ? String.valueOf(openAfter[0]) : openAfter[0] + "-" + openAfter[1]));
    }
    s.append(String.format(Locale.ROOT, "; one connection carried %.0f %% of all exchanges", busiestPercent));
    if (connections * 10 <= exchanges) {
      s.append(": few persistent connections carry the traffic, as a shared keep-alive cache (the JDK's) does");
    } else {
      s.append(": connections are reused for a few exchanges each");
    }
    return s.toString();
  }

  /** One sentence a performance engineer can act on, from matched records only. */
  static String verdict(long sessions, long connections, long requests, long maxOnOne, long shared) {
    if (connections == 0) {
      return "no matched request: nothing to judge";
    }
    if (shared > 0) {
      return String.format(Locale.ROOT,
          "connection sharing: %,d connections carried requests of several sessions; %,d connections for %,d"
              + " sessions; up to %,d requests on one connection", shared, connections, sessions, maxOnOne);
    }
    if (connections == requests && requests > sessions) {
      return String.format(Locale.ROOT, "a connection per request: %,d connections for %,d requests", connections,
          requests);
    }
    if (connections == sessions) {
      return String.format(Locale.ROOT,
          "no sharing: %,d connections for %,d sessions, each used by one session; up to %,d requests on one",
          connections, sessions, maxOnOne);
    }
    return String.format(Locale.ROOT,
        "no sharing: %,d connections for %,d sessions (some sessions reconnected), each used by one session",
        connections, sessions);
  }
}
