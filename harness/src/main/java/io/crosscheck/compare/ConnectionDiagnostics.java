package io.crosscheck.compare;

import io.crosscheck.compare.Findings.Connections;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the generator used TCP connections, as the wire shows it — the audit's answer to "did the
 * emulated users share connections?" (DESIGN.md §1: the JDK's keep-alive cache made 2,000 users
 * produce 2,912 connections and up to ~1,000 requests on one).
 */
final class ConnectionDiagnostics {
  private static final long[] BUCKET_UPPER = {1, 2, 5, 10, 50, 100, 500, 1000, Long.MAX_VALUE};
  private static final String[] BUCKET_LABEL = {"1", "2", "3-5", "6-10", "11-50", "51-100", "101-500",
      "501-1000", ">1000"};

  private ConnectionDiagnostics() {}

  static Connections of(List<RequestRecord> records, List<WireExchange> exchanges, List<ConnectionEvent> events,
      MatchResult match) {
    long sessions = distinctSessions(records);
    Map<Key, long[]> requestsOn = new HashMap<>();
    for (WireExchange e : exchanges) {
      requestsOn.computeIfAbsent(key(e), k -> new long[1])[0]++;
    }
    // per connection: the first session seen on it, and whether another one was
    Map<Key, long[]> sessionsOn = new HashMap<>();
    long shared = 0;
    for (Match m : match.matched()) {
      long session = m.record().sessionId();
      long[] seen = sessionsOn.computeIfAbsent(key(m.exchange()), k -> new long[] {session, 0});
      if (seen[1] == 0 && seen[0] != session) {
        seen[1] = 1;
        shared++;
      }
    }
    long opened = 0;
    int peak = 0;
    long firstNanos = Long.MAX_VALUE;
    long lastNanos = Long.MIN_VALUE;
    for (ConnectionEvent e : events) {
      if (e.kind() == ConnectionEvent.Kind.OPEN) {
        opened++;
      }
      peak = Math.max(peak, e.openConnections());
      firstNanos = Math.min(firstNanos, e.epochNanos());
      lastNanos = Math.max(lastNanos, e.epochNanos());
    }
    double spanSeconds = lastNanos > firstNanos ? (lastNanos - firstNanos) / 1e9 : Double.NaN;
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
    String verdict = verdict(sessions, requestsOn.size(), exchanges.size(), max, shared);
    return new Connections(sessions, opened, requestsOn.size(), peak, histogram, max, shared,
        opened / spanSeconds, verdict);
  }

  private static long distinctSessions(List<RequestRecord> records) {
    long[] ids = new long[records.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = records.get(i).sessionId();
    }
    Arrays.sort(ids);
    long distinct = 0;
    for (int i = 0; i < ids.length; i++) {
      if (i == 0 || ids[i] != ids[i - 1]) {
        distinct++;
      }
    }
    return distinct;
  }

  /** A connection's identity: client {@code ip:port} and when it opened (ports are reused). */
  private record Key(String connectionId, long openEpochNanos) {}

  private static Key key(WireExchange e) {
    return new Key(e.connectionId(), e.connectionOpenEpochNanos());
  }

  /** One sentence a performance engineer can act on. */
  static String verdict(long sessions, long connections, long requests, long maxOnOne, long shared) {
    if (connections == 0) {
      return "no HTTP exchange was seen on the wire";
    }
    if (sessions == 0) {
      return String.format(Locale.ROOT, "no generator records: %,d connections and %,d exchanges on the wire,"
          + " up to %,d requests on one", connections, requests, maxOnOne);
    }
    if (shared > 0) {
      return String.format(Locale.ROOT,
          "connection sharing: %,d connections for %,d sessions; up to %,d requests on one connection;"
              + " %,d connections carried requests of several sessions", connections, sessions, maxOnOne, shared);
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
    if (connections < sessions) {
      return String.format(Locale.ROOT,
          "connection sharing: %,d connections for %,d sessions; up to %,d requests on one connection",
          connections, sessions, maxOnOne);
    }
    return String.format(Locale.ROOT,
        "no sharing: %,d connections for %,d sessions (some sessions reconnected), each used by one session",
        connections, sessions);
  }
}
