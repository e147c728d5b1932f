package io.crosscheck.engine;

import io.crosscheck.model.ConnectionPolicy;
import java.net.InetAddress;
import java.util.List;

/**
 * Engine settings that do not change the workload itself.
 *
 * @param policy connection policy
 * @param connectionsK K: idle connections kept by {@code shared-cache}; parallel connections per
 *     session for {@code browser}
 * @param eventLoops event-loop threads (Netty engine); 0 means one per core
 * @param connectTimeoutNanos connect timeout
 * @param requestTimeoutNanos from send start to the last byte of the reply
 * @param sourceAddresses local addresses to bind client sockets to, round-robin; empty: the kernel
 *     chooses
 */
public record EngineOptions(
    ConnectionPolicy policy,
    int connectionsK,
    int eventLoops,
    long connectTimeoutNanos,
    long requestTimeoutNanos,
    List<InetAddress> sourceAddresses) {
  public EngineOptions {
    sourceAddresses = List.copyOf(sourceAddresses);
  }

  public static EngineOptions defaults() {
    return new EngineOptions(
        ConnectionPolicy.PER_SESSION, 6, 0, 5_000_000_000L, 30_000_000_000L, List.of());
  }

  public EngineOptions withPolicy(ConnectionPolicy p, int k) {
    return new EngineOptions(p, k, eventLoops, connectTimeoutNanos, requestTimeoutNanos, sourceAddresses);
  }
}
