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
 * @param busyPoll event loops spin on the socket instead of sleeping in epoll_wait (Netty engine,
 *     epoll only): no wake-up latency in the timestamps, at the cost of one busy core per loop
 * @param pinning the event loop's own core and the other threads' (Netty engine, one loop); null:
 *     the threads stay where the scheduler puts them
 * @param realtimeLoop the loop runs at real-time priority and busy-polls only while it awaits a
 *     connect or a reply ({@link EngineLayout#ONE_CORE}; Netty engine, epoll only)
 * @param startAtNanos the schedule's offset 0 as a monotonic instant ({@link System#nanoTime()} of
 *     this JVM; {@code --start-at}), or {@link #START_NOW} for the engine's own short lead
 */
public record EngineOptions(
    ConnectionPolicy policy,
    int connectionsK,
    int eventLoops,
    long connectTimeoutNanos,
    long requestTimeoutNanos,
    List<InetAddress> sourceAddresses,
    boolean busyPoll,
    LoopPinning pinning,
    boolean realtimeLoop,
    long startAtNanos) {
  /** {@link #startAtNanos()} when the engine starts after its own lead. */
  public static final long START_NOW = Long.MIN_VALUE;

  public EngineOptions {
    sourceAddresses = List.copyOf(sourceAddresses);
  }

  /** Options that start the load after the engine's own lead. */
  public EngineOptions(ConnectionPolicy policy, int connectionsK, int eventLoops, long connectTimeoutNanos,
      long requestTimeoutNanos, List<InetAddress> sourceAddresses, boolean busyPoll) {
    this(policy, connectionsK, eventLoops, connectTimeoutNanos, requestTimeoutNanos, sourceAddresses, busyPoll, null,
        false, START_NOW);
  }

  /**
   * The monotonic instant of offset 0: {@link #startAtNanos()} when given, otherwise {@code
   * nowNanos + leadNanos}.
   */
  public long startNanos(long nowNanos, long leadNanos) {
    return startAtNanos == START_NOW ? nowNanos + leadNanos : startAtNanos;
  }

  /** A copy whose offset 0 is the monotonic instant {@code nanos} ({@link #START_NOW}: the engine's lead). */
  public EngineOptions withStartAt(long nanos) {
    return new EngineOptions(policy, connectionsK, eventLoops, connectTimeoutNanos, requestTimeoutNanos,
        sourceAddresses, busyPoll, pinning, realtimeLoop, nanos);
  }

  public static EngineOptions defaults() {
    return new EngineOptions(
        ConnectionPolicy.PER_SESSION, 6, 0, 5_000_000_000L, 30_000_000_000L, List.of(), false);
  }

  public EngineOptions withPolicy(ConnectionPolicy p, int k) {
    return new EngineOptions(p, k, eventLoops, connectTimeoutNanos, requestTimeoutNanos, sourceAddresses, busyPoll,
        pinning, realtimeLoop, startAtNanos);
  }

  /**
   * A copy laid out as {@code layout} says: its event loops, busy polling, pinning and loop priority (the policy,
   * timeouts, addresses and start instant stay).
   */
  public EngineOptions withLayout(EngineLayout layout) {
    return new EngineOptions(policy, connectionsK, layout.eventLoops(), connectTimeoutNanos, requestTimeoutNanos,
        sourceAddresses, layout.busyPoll(), layout.pinning(), layout.realtimeLoop(), startAtNanos);
  }
}
