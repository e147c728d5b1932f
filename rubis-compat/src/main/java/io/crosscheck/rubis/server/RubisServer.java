package io.crosscheck.rubis.server;

import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.server.DemandExecutor;
import io.crosscheck.server.HttpListener;
import io.crosscheck.spi.RubisSupport;
import java.io.PrintStream;

/**
 * An embedded RUBiS-compatible auction site: a Netty HTTP/1.1 server that answers the 27
 * interactions of the RUBiS 1.4.x client in both its PHP and its Servlets URL spaces, from an
 * in-memory database generated at start-up ({@link DatasetSize}), with real writes (users, items,
 * bids, comments, purchases). It sits beside the spine as the "real server" of self-contained
 * RUBiS runs; its {@linkplain #counters() counters} are the truth a client's accounting is held
 * against.
 *
 * <p>Each interaction has its own {@link io.crosscheck.server.ServiceDemand}, spent as the
 * harness's embedded server spends it ({@link io.crosscheck.server.DemandMode}: a timer, or busy
 * workers with a bounded queue and 503 when it is full). Native epoll when available, else NIO;
 * keep-alive; listens on 127.0.0.1 unless configured otherwise; logs nothing per request unless
 * asked. Thread-safe; {@link #close()} closes every connection and stops every thread (all
 * daemon threads).
 */
public final class RubisServer implements RubisSupport.Server {
  /** What every connection of one server shares; all parts are thread-safe. */
  record Parts(RubisServerConfig config, RubisRouter router, RubisSite site, DemandExecutor demandExecutor,
      RubisServerCounters counters, PrintStream log) {}

  /** Request line, headers and query strings (long descriptions) may be this long. */
  private static final int MAX_INITIAL_LINE_BYTES = 64 * 1024;

  private final Parts parts;
  private final HttpListener listener;

  private RubisServer(Parts parts, HttpListener listener) {
    this.parts = parts;
    this.listener = listener;
  }

  /**
   * Generates the database, binds and starts the server; returns once it is listening.
   *
   * @throws IllegalStateException when the address cannot be bound (message names address and cause)
   * @throws InterruptedException when interrupted while binding
   */
  public static RubisServer start(RubisServerConfig config) throws InterruptedException {
    return start(config, ConnectionLimits.defaults());
  }

  /**
   * As {@link #start(RubisServerConfig)}, with the given keep-alive timeout and connection cap.
   *
   * @throws IllegalStateException when the address cannot be bound (message names address and cause)
   * @throws InterruptedException when interrupted while binding
   */
  public static RubisServer start(RubisServerConfig config, ConnectionLimits limits) throws InterruptedException {
    long nowEpochSeconds = System.currentTimeMillis() / 1000;
    AuctionStore store = AuctionGenerator.generate(config.dataset(), ReferenceData.load(), nowEpochSeconds);
    Images images = new Images();
    RubisSite site = new RubisSite(store, config.php(), config.servlets(), images,
        () -> System.currentTimeMillis() / 1000);
    RubisServerCounters counters = new RubisServerCounters();
    DemandExecutor demandExecutor = new DemandExecutor(config.demandMode(), config.workers(), config.queueCapacity());
    Parts parts = new Parts(config, new RubisRouter(config.php(), config.servlets(), images), site, demandExecutor,
        counters, config.logRequests() ? System.err : null);

    try {
      HttpListener listener = HttpListener.bind("crosscheck-rubis", config.bindAddress(), config.port(),
          config.ioThreads(), config.seed(), MAX_INITIAL_LINE_BYTES, counters, random -> new RubisHandler(parts, random),
          false, limits);
      return new RubisServer(parts, listener);
    } catch (IllegalStateException | InterruptedException e) {
      demandExecutor.close();
      throw e;
    }
  }

  /** The TCP port the server listens on (the ephemeral port chosen when configured with 0). */
  public int port() {
    return listener.port();
  }

  /** Every {@code address:port} the server can be reached on (all of the host's for a wildcard bind). */
  public java.util.List<String> reachableAddresses() {
    return listener.reachableAddresses();
  }

  /** {@code http://HOST:PORT}, without a trailing slash. */
  public String baseUrl() {
    return listener.baseUrl();
  }

  /** The configuration the server was started with. */
  public RubisServerConfig config() {
    return parts.config();
  }

  /** Connections accepted and replies per interaction since start. */
  public RubisServerCounters counters() {
    return parts.counters();
  }

  /** TCP connections accepted since start (shortcut for {@code counters().connectionsAccepted()}). */
  public long connectionsAccepted() {
    return parts.counters().connectionsAccepted();
  }

  /** Users in the database now (generated and registered). */
  public int userCount() {
    return parts.site().store().userCount();
  }

  /** Items in the database now (on sale, old and registered). */
  public int itemCount() {
    return parts.site().store().itemCount();
  }

  /** The counters for the console: connections, requests and how many were shed. */
  @Override
  public String describeCounters() {
    return "connectionsAccepted=" + connectionsAccepted() + " requestsServed=" + parts.counters().requestsServed()
        + " byInteraction=" + parts.counters().servedByInteraction() + " " + parts.counters().describeShed();
  }

  /** Stops listening, closes every open connection, and stops the server's threads. Idempotent. */
  @Override
  public void close() {
    listener.close();
    parts.demandExecutor().close();
  }
}
