package io.crosscheck.tpcw.server;

import io.crosscheck.server.DemandMode;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.server.ServiceDemand;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Configuration of the {@link TpcwServer}: an immutable value, validated on construction (an
 * invalid field throws {@link IllegalArgumentException} naming the field, the value and what was
 * expected). Start from {@link #defaults()} and change fields with the {@code withX} methods.
 *
 * @param bindAddress the address to listen on, {@code 127.0.0.1} by default
 * @param port the TCP port, 0 (ephemeral) by default; see {@link TpcwServer#port()}
 * @param ioThreads event-loop threads; 0 means Netty's default
 * @param customers customers populated at start, the RBE's {@code -CUST} (default 1000), >= 1
 * @param items items in the catalog, the RBE's {@code -ITEM} (default 10000), >= 1000
 * @param demands the service demand of every {@link TpcwInteraction} (missing entries are filled
 *     from {@link TpcwInteraction#defaultDemand()})
 * @param demandMode how demand is spent: {@link DemandMode#DELAY} (timer, default) or {@link
 *     DemandMode#CPU} (busy-spinning workers)
 * @param workers CPU-mode worker threads, default 4
 * @param queueCapacity CPU-mode requests that may wait for a worker before a 503, default 256
 * @param maxSessions sessions held, least recently used dropped first (default 20000)
 * @param maxCarts carts held, least recently used dropped first (default 20000)
 * @param maxOrders orders held, oldest dropped first (default 200000)
 * @param maxRegisteredCustomers customers registered since start held (default 100000)
 * @param logRequests one line per request on stderr when true, default false
 * @param seed seed of the generated database and of the demand samples
 */
public record TpcwServerConfig(
    String bindAddress,
    int port,
    int ioThreads,
    int customers,
    int items,
    Map<TpcwInteraction, ServiceDemand> demands,
    DemandMode demandMode,
    int workers,
    int queueCapacity,
    int maxSessions,
    int maxCarts,
    int maxOrders,
    int maxRegisteredCustomers,
    boolean logRequests,
    long seed) {

  /** Validates every field and freezes the demand map. */
  public TpcwServerConfig {
    ServerConfig.checkListener(bindAddress, port, ioThreads);
    if (customers < 1) {
      throw new IllegalArgumentException("customers (-CUST): " + customers + ": expected >= 1");
    }
    if (items < 1000) {
      throw new IllegalArgumentException("items (-ITEM): " + items + ": expected >= 1000 (the RBE accepts 1000,"
          + " 10000, 100000, 1000000, 10000000)");
    }
    ServerConfig.checkWorkers(workers, queueCapacity);
    requireAtLeast("maxSessions", maxSessions, 1);
    requireAtLeast("maxCarts", maxCarts, 1);
    requireAtLeast("maxOrders", maxOrders, 1);
    requireAtLeast("maxRegisteredCustomers", maxRegisteredCustomers, 1);
    Objects.requireNonNull(demandMode, "demandMode");
    EnumMap<TpcwInteraction, ServiceDemand> full = new EnumMap<>(TpcwInteraction.class);
    for (TpcwInteraction i : TpcwInteraction.values()) {
      full.put(i, i.defaultDemand());
    }
    if (demands != null) {
      demands.forEach((k, v) -> full.put(Objects.requireNonNull(k, "demands key"), Objects.requireNonNull(v, "demand of " + k)));
    }
    demands = Collections.unmodifiableMap(full);
  }

  /** Loopback, ephemeral port, 1000 customers, 10000 items, default demands in DELAY mode. */
  public static TpcwServerConfig defaults() {
    return new TpcwServerConfig("127.0.0.1", 0, 0, 1000, 10_000, null, DemandMode.DELAY, 4, 256, 20_000, 20_000,
        200_000, 100_000, false, 1L);
  }

  /** The demand of {@code interaction}. */
  public ServiceDemand demand(TpcwInteraction interaction) {
    return demands.get(interaction);
  }

  public TpcwServerConfig withPort(int port) {
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, demands, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  public TpcwServerConfig withBindAddress(String bindAddress) {
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, demands, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  /** This configuration with the RBE's {@code -CUST} and {@code -ITEM}. */
  public TpcwServerConfig withDatabase(int customers, int items) {
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, demands, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  /** This configuration with {@code demand} for {@code interaction}, other demands unchanged. */
  public TpcwServerConfig withDemand(TpcwInteraction interaction, ServiceDemand demand) {
    EnumMap<TpcwInteraction, ServiceDemand> changed = new EnumMap<>(demands);
    changed.put(interaction, demand);
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, changed, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  /** This configuration with the same {@code demand} for every interaction (and images). */
  public TpcwServerConfig withAllDemands(ServiceDemand demand) {
    EnumMap<TpcwInteraction, ServiceDemand> all = new EnumMap<>(TpcwInteraction.class);
    for (TpcwInteraction i : TpcwInteraction.values()) {
      all.put(i, demand);
    }
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, all, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  /** This configuration spending demand in {@code mode} with {@code workers} and {@code queueCapacity}. */
  public TpcwServerConfig withDemandMode(DemandMode mode, int workers, int queueCapacity) {
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, demands, mode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  /** This configuration with other memory bounds. */
  public TpcwServerConfig withLimits(int maxSessions, int maxCarts, int maxOrders, int maxRegisteredCustomers) {
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, demands, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  /** This configuration with per-request logging on stderr switched on or off. */
  public TpcwServerConfig withLogRequests(boolean logRequests) {
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, demands, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  /** This configuration with another database and demand seed. */
  public TpcwServerConfig withSeed(long seed) {
    return new TpcwServerConfig(bindAddress, port, ioThreads, customers, items, demands, demandMode, workers,
        queueCapacity, maxSessions, maxCarts, maxOrders, maxRegisteredCustomers, logRequests, seed);
  }

  private static void requireAtLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + ": " + value + ": expected >= " + min);
    }
  }
}
