package io.crosscheck.rubis.server;

import io.crosscheck.server.DemandMode;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.server.ServiceDemand;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Configuration of the {@link RubisServer}: an immutable value, validated on construction (an
 * invalid field throws {@link IllegalArgumentException} naming the field, the value and what was
 * expected). Start from {@link #defaults()} and change fields with the {@code withX} methods.
 *
 * @param bindAddress the address to listen on, {@code 127.0.0.1} by default
 * @param port the TCP port, 0 (ephemeral) by default; see {@link RubisServer#port()}
 * @param ioThreads event-loop threads; 0 means Netty's default
 * @param demands the service demand of every {@link RubisInteraction} (a complete map; missing
 *     entries are filled from {@link RubisInteraction#defaultDemand()})
 * @param demandMode how demand is spent: {@link DemandMode#DELAY} (timer, default) or {@link
 *     DemandMode#CPU} (busy-spinning workers)
 * @param workers CPU-mode worker threads, default 4
 * @param queueCapacity CPU-mode requests that may wait for a worker before the server answers 503,
 *     default 256
 * @param dataset the generated database's shape and seed
 * @param php the PHP URL space
 * @param servlets the Servlets URL space
 * @param logRequests one line per request on stderr when true, default false
 * @param seed seed of the demand samples (each connection gets its own split stream)
 */
public record RubisServerConfig(
    String bindAddress,
    int port,
    int ioThreads,
    Map<RubisInteraction, ServiceDemand> demands,
    DemandMode demandMode,
    int workers,
    int queueCapacity,
    DatasetSize dataset,
    UrlSpace php,
    UrlSpace servlets,
    boolean logRequests,
    long seed) {

  /** Validates every field and freezes the demand map. */
  public RubisServerConfig {
    ServerConfig.checkListener(bindAddress, port, ioThreads);
    ServerConfig.checkWorkers(workers, queueCapacity);
    Objects.requireNonNull(demandMode, "demandMode");
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(php, "php");
    Objects.requireNonNull(servlets, "servlets");
    if (!php.php() || servlets.php()) {
      throw new IllegalArgumentException("php/servlets: expected a PHP space and a Servlets space");
    }
    EnumMap<RubisInteraction, ServiceDemand> full = new EnumMap<>(RubisInteraction.class);
    for (RubisInteraction i : RubisInteraction.values()) {
      full.put(i, i.defaultDemand());
    }
    if (demands != null) {
      demands.forEach((k, v) -> full.put(Objects.requireNonNull(k, "demands key"), Objects.requireNonNull(v, "demand of " + k)));
    }
    demands = Collections.unmodifiableMap(full);
  }

  /** Loopback, ephemeral port, default demands in DELAY mode, default dataset and URL spaces. */
  public static RubisServerConfig defaults() {
    return new RubisServerConfig("127.0.0.1", 0, 0, null, DemandMode.DELAY, 4, 256, DatasetSize.defaults(),
        UrlSpace.PHP, UrlSpace.SERVLETS, false, 1L);
  }

  /** The demand of {@code interaction}. */
  public ServiceDemand demand(RubisInteraction interaction) {
    return demands.get(interaction);
  }

  /** This configuration listening on {@code port} (0 = ephemeral). */
  public RubisServerConfig withPort(int port) {
    return new RubisServerConfig(bindAddress, port, ioThreads, demands, demandMode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }

  /** This configuration listening on {@code bindAddress}. */
  public RubisServerConfig withBindAddress(String bindAddress) {
    return new RubisServerConfig(bindAddress, port, ioThreads, demands, demandMode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }

  /** This configuration with {@code demand} for {@code interaction}, other demands unchanged. */
  public RubisServerConfig withDemand(RubisInteraction interaction, ServiceDemand demand) {
    EnumMap<RubisInteraction, ServiceDemand> changed = new EnumMap<>(demands);
    changed.put(interaction, demand);
    return new RubisServerConfig(bindAddress, port, ioThreads, changed, demandMode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }

  /** This configuration with the same {@code demand} for every interaction (and images). */
  public RubisServerConfig withAllDemands(ServiceDemand demand) {
    EnumMap<RubisInteraction, ServiceDemand> all = new EnumMap<>(RubisInteraction.class);
    for (RubisInteraction i : RubisInteraction.values()) {
      all.put(i, demand);
    }
    return new RubisServerConfig(bindAddress, port, ioThreads, all, demandMode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }

  /** This configuration spending demand in {@code mode} with {@code workers} and {@code queueCapacity}. */
  public RubisServerConfig withDemandMode(DemandMode mode, int workers, int queueCapacity) {
    return new RubisServerConfig(bindAddress, port, ioThreads, demands, mode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }

  /** This configuration with another dataset. */
  public RubisServerConfig withDataset(DatasetSize dataset) {
    return new RubisServerConfig(bindAddress, port, ioThreads, demands, demandMode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }

  /** This configuration with other URL spaces. */
  public RubisServerConfig withUrlSpaces(UrlSpace php, UrlSpace servlets) {
    return new RubisServerConfig(bindAddress, port, ioThreads, demands, demandMode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }

  /** This configuration with per-request logging on stderr switched on or off. */
  public RubisServerConfig withLogRequests(boolean logRequests) {
    return new RubisServerConfig(bindAddress, port, ioThreads, demands, demandMode, workers, queueCapacity, dataset, php, servlets, logRequests, seed);
  }
}
