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
    Findings.VerdictKind kind;
    if (coverage.wireOnly() && (coverage.sufficient() || exchanges.isEmpty())) {
      judged = !exchanges.isEmpty();
      kind = wireKind(requestsOn.size(), exchanges.size());
    } else if (!coverage.sufficient()) {
      judged = false;
      kind = Findings.VerdictKind.NOT_JUDGED;
    } else {
      judged = true;
      kind = kind(sessions.size(), sessionsOn.size(), match.matched().size(), shared);
    }
    // the sentences are the renderer's (report.FindingsSentences), from the kind and these figures
    return new Connections(sessions.size(), opened, requestsOn.size(), peak, histogram, max, shared, openedPerSecond,
        busiestPercent, openAfter[0], openAfter[1], SETTLE_SECONDS, judged, null, null, kind,
        own == null ? null : own.foreignConnections(), own == null ? null : own.foreignExchanges(),
        (long) match.matched().size(), (long) sessionsOn.size(), (long) exchanges.size(), null);
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

  /** What the wire alone shows about connection use (the renderer says it with the figures). */
  static Findings.VerdictKind wireKind(long connections, long exchanges) {
    if (exchanges == 0) {
      return Findings.VerdictKind.WIRE_NO_EXCHANGE;
    }
    if (connections == exchanges) {
      return Findings.VerdictKind.WIRE_PER_EXCHANGE;
    }
    return connections * 10 <= exchanges ? Findings.VerdictKind.WIRE_FEW_CONNECTIONS
        : Findings.VerdictKind.WIRE_REUSED;
  }

  /** The verdict from matched records only: sharing is a connection that carried several sessions' requests. */
  static Findings.VerdictKind kind(long sessions, long connections, long requests, long shared) {
    if (connections == 0) {
      return Findings.VerdictKind.NO_MATCH;
    }
    if (shared > 0) {
      return Findings.VerdictKind.SHARING;
    }
    if (connections == requests && requests > sessions) {
      return Findings.VerdictKind.PER_REQUEST;
    }
    return Findings.VerdictKind.NO_SHARING;
  }
}
