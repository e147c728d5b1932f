package io.crosscheck.server;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Configuration of the {@link EmbeddedServer}: an immutable value, validated on construction (an
 * invalid field throws {@link IllegalArgumentException} naming the field, the value and what was
 * expected). Start from {@link #defaults()} and change fields with the {@code withX} methods.
 *
 * @param bindAddress the address to listen on, {@code 127.0.0.1} by default; the server never
 *     listens on a non-loopback address unless this is set to one
 * @param port the TCP port, 8080 by default; 0 picks an ephemeral port (see {@link
 *     EmbeddedServer#port()})
 * @param ioThreads event-loop threads; 0 means Netty's default (two per core)
 * @param demand the service demand applied before each reply, {@link ServiceDemand.None} by default
 * @param demandMode how the demand is spent: {@link DemandMode#DELAY} (default) or {@link
 *     DemandMode#CPU}
 * @param workers busy-spinning worker threads in {@link DemandMode#CPU} mode, default 2
 * @param queueCapacity requests that may wait for a worker in {@link DemandMode#CPU} mode before
 *     the server answers 503, default 128; 0 means no waiting room at all
 * @param logRequests one line per request on stderr when true, default false
 * @param seed seed of the random source the demand is sampled from (each connection gets its own
 *     split stream), default 1
 * @param reusePort listen with SO_REUSEPORT (epoll), so that several server processes share one
 *     port and the kernel spreads connections over them; default false
 */
public record ServerConfig(
    String bindAddress,
    int port,
    int ioThreads,
    ServiceDemand demand,
    DemandMode demandMode,
    int workers,
    int queueCapacity,
    boolean logRequests,
    long seed,
    boolean reusePort) {

  /** The default bind address: IPv4 loopback. */
  public static final String LOOPBACK = "127.0.0.1";

  /** Without SO_REUSEPORT. */
  public ServerConfig(String bindAddress, int port, int ioThreads, ServiceDemand demand, DemandMode demandMode,
      int workers, int queueCapacity, boolean logRequests, long seed) {
    this(bindAddress, port, ioThreads, demand, demandMode, workers, queueCapacity, logRequests, seed, false);
  }

  /** Validates every field. */
  public ServerConfig {
    checkListener(bindAddress, port, ioThreads);
    Objects.requireNonNull(demand, "demand");
    Objects.requireNonNull(demandMode, "demandMode");
    checkWorkers(workers, queueCapacity);
  }

  /**
   * The listener checks every embedded server's configuration makes: {@code bindAddress} not null
   * or blank, {@code port} in 0..65535 (0 = ephemeral), {@code ioThreads} >= 0 (0 = Netty's
   * default). Throws {@link IllegalArgumentException} naming the first bad field, its value and
   * what was expected.
   */
  public static void checkListener(String bindAddress, int port, int ioThreads) {
    if (bindAddress == null || bindAddress.isBlank()) {
      throw new IllegalArgumentException("bindAddress: \"" + bindAddress + "\": expected an IP address or host name");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port: " + port + ": expected 0..65535 (0 = ephemeral)");
    }
    if (ioThreads < 0) {
      throw new IllegalArgumentException("ioThreads: " + ioThreads + ": expected >= 0 (0 = Netty's default)");
    }
  }

  /**
   * The {@link DemandMode#CPU} checks every embedded server's configuration makes: {@code workers}
   * >= 1, {@code queueCapacity} >= 0. Throws {@link IllegalArgumentException} naming the first bad
   * field, its value and what was expected.
   */
  public static void checkWorkers(int workers, int queueCapacity) {
    if (workers < 1) {
      throw new IllegalArgumentException("workers: " + workers + ": expected >= 1");
    }
    if (queueCapacity < 0) {
      throw new IllegalArgumentException("queueCapacity: " + queueCapacity + ": expected >= 0");
    }
  }

  /** 127.0.0.1:8080, Netty's default I/O threads, no demand, delay mode, 2 workers, queue 128. */
  public static ServerConfig defaults() {
    return new ServerConfig(LOOPBACK, 8080, 0, ServiceDemand.none(), DemandMode.DELAY, 2, 128, false, 1L);
  }

  /** This configuration listening on {@code bindAddress}. */
  public ServerConfig withBindAddress(String bindAddress) {
    return with(d -> d.bindAddress = bindAddress);
  }

  /** This configuration listening on {@code port} (0 = ephemeral). */
  public ServerConfig withPort(int port) {
    return with(d -> d.port = port);
  }

  /** This configuration with {@code ioThreads} event-loop threads (0 = Netty's default). */
  public ServerConfig withIoThreads(int ioThreads) {
    return with(d -> d.ioThreads = ioThreads);
  }

  /** This configuration with another service demand, spent the same way. */
  public ServerConfig withDemand(ServiceDemand demand) {
    return with(d -> d.demand = demand);
  }

  /** This configuration with the demand spent in {@code demandMode}. */
  public ServerConfig withDemandMode(DemandMode demandMode) {
    return with(d -> d.demandMode = demandMode);
  }

  /** This configuration with {@code workers} CPU-mode workers. */
  public ServerConfig withWorkers(int workers) {
    return with(d -> d.workers = workers);
  }

  /** This configuration with a CPU-mode queue of {@code queueCapacity} waiting requests. */
  public ServerConfig withQueueCapacity(int queueCapacity) {
    return with(d -> d.queueCapacity = queueCapacity);
  }

  /** This configuration with per-request logging on stderr switched on or off. */
  public ServerConfig withLogRequests(boolean logRequests) {
    return with(d -> d.logRequests = logRequests);
  }

  /** This configuration with another demand seed. */
  public ServerConfig withSeed(long seed) {
    return with(d -> d.seed = seed);
  }

  /** A copy that listens with SO_REUSEPORT when {@code reusePort}. */
  public ServerConfig withReusePort(boolean reusePort) {
    return with(d -> d.reusePort = reusePort);
  }

  /** A copy of this configuration with {@code change} applied, validated on construction. */
  private ServerConfig with(Consumer<Draft> change) {
    Draft d = new Draft(this);
    change.accept(d);
    return new ServerConfig(d.bindAddress, d.port, d.ioThreads, d.demand, d.demandMode, d.workers, d.queueCapacity,
        d.logRequests, d.seed, d.reusePort);
  }

  /** The fields of a configuration being copied by a {@code withX} method. */
  private static final class Draft {
    String bindAddress;
    int port;
    int ioThreads;
    ServiceDemand demand;
    DemandMode demandMode;
    int workers;
    int queueCapacity;
    boolean logRequests;
    long seed;
    boolean reusePort;

    Draft(ServerConfig c) {
      bindAddress = c.bindAddress;
      port = c.port;
      ioThreads = c.ioThreads;
      demand = c.demand;
      demandMode = c.demandMode;
      workers = c.workers;
      queueCapacity = c.queueCapacity;
      logRequests = c.logRequests;
      seed = c.seed;
      reusePort = c.reusePort;
    }
  }
}
