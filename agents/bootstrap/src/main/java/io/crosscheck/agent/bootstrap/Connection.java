package io.crosscheck.agent.bootstrap;

/**
 * What the agent knows of one TCP connection (one {@code sun.net.www.http.HttpClient}), kept in a
 * weak identity map keyed by that object: no field can be added to a JDK class already loaded.
 */
final class Connection {
  final String id;
  /** Connect start, or -1 when the connection was opened before the agent saw it. */
  final long openNanos;
  /** Exchanges begun on it so far; guarded by the map's lock. */
  int exchanges;

  Connection(String id, long openNanos) {
    this.id = id;
    this.openNanos = openNanos;
  }
}
