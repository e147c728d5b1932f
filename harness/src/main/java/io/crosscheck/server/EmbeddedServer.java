package io.crosscheck.server;

import java.net.InetSocketAddress;

/**
 * The embedded HTTP/1.1 server that crosscheck's engines and tests run against: generated content
 * of any size ({@code /static/SIZE}, {@code /chunked/SIZE}, {@code /close/SIZE}), deliberate faults
 * ({@code /fault/...}) and a configurable {@link ServiceDemand}. It sits beside the spine, as the
 * "real server" of DESIGN.md: its {@linkplain #connectionsAccepted() counters} are the independent
 * truth a client's own accounting is checked against.
 *
 * <p>Netty, native epoll when available, else NIO; keep-alive by default, honouring {@code
 * Connection: close} and HTTP/1.0. Listens on 127.0.0.1 unless configured otherwise. Logs nothing
 * per request unless {@link ServerConfig#logRequests()}.
 *
 * <p>Thread-safe. {@link #close()} closes every open connection and stops the server's threads
 * (all daemon threads).
 */
public final class EmbeddedServer implements AutoCloseable {
  /** The paths the server answers, for banners and help texts. */
  public static final String PATHS = Route.PATHS;

  private final ServerConfig config;
  private final ServerCounters counters;
  private final DemandExecutor demandExecutor;
  private final HttpListener listener;

  private EmbeddedServer(ServerConfig config, ServerCounters counters, DemandExecutor demandExecutor,
      HttpListener listener) {
    this.config = config;
    this.counters = counters;
    this.demandExecutor = demandExecutor;
    this.listener = listener;
  }

  /**
   * Binds and starts a server; returns once it is listening.
   *
   * @throws IllegalStateException when the address cannot be bound (message names address and cause)
   * @throws InterruptedException when interrupted while binding
   */
  public static EmbeddedServer start(ServerConfig config) throws InterruptedException {
    return start(config, ConnectionLimits.defaults());
  }

  /**
   * Binds and starts a server with the given keep-alive timeout and connection cap; returns once
   * it is listening.
   *
   * @throws IllegalStateException when the address cannot be bound (message names address and cause)
   * @throws InterruptedException when interrupted while binding
   */
  public static EmbeddedServer start(ServerConfig config, ConnectionLimits limits) throws InterruptedException {
    ServerCounters counters = new ServerCounters();
    DemandExecutor demandExecutor = new DemandExecutor(config.demandMode(), config.workers(), config.queueCapacity());
    ContentCache content = new ContentCache();
    ServerParts parts =
        new ServerParts(
            new ContentResponder(content, counters),
            new FaultResponder(content),
            config.demand(),
            demandExecutor,
            counters,
            config.logRequests() ? System.err : null,
            config.workers(),
            config.queueCapacity());
    try {
      HttpListener listener = HttpListener.bind("crosscheck-server", config.bindAddress(), config.port(),
          config.ioThreads(), config.seed(), 4096, counters, random -> new RequestHandler(parts, random),
          config.reusePort(), limits);
      return new EmbeddedServer(config, counters, demandExecutor, listener);
    } catch (IllegalStateException | InterruptedException e) {
      demandExecutor.close();
      throw e;
    }
  }

  /** The TCP port the server listens on (the ephemeral port chosen when configured with 0). */
  public int port() {
    return listener.port();
  }

  /** The address the server listens on. */
  public InetSocketAddress localAddress() {
    return listener.localAddress();
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
  public ServerConfig config() {
    return config;
  }

  /** The keep-alive timeout and connection cap the server enforces. */
  public ConnectionLimits limits() {
    return listener.limits();
  }

  /** {@code epoll} or {@code nio}: the Netty transport in use. */
  public String transport() {
    return listener.transport();
  }

  /** TCP connections accepted since start and taken into service ({@link #connectionsShed()} not included). */
  public long connectionsAccepted() {
    return counters.connectionsAccepted();
  }

  /**
   * Complete HTTP responses sent since start, of any status (404, 503 included); faults that do
   * not answer (stall, reset, garbage, close-mid-body) are not counted. A response is counted
   * before its first byte is written, so a client that has read it sees it counted.
   */
  public long requestsServed() {
    return counters.requestsServed();
  }

  /**
   * Connections accepted and not yet closed on the server's side. A client that has seen the
   * server close may still briefly see the connection counted.
   */
  public long openConnections() {
    return counters.openConnections();
  }

  /** Connections closed at once because the cap's connections were open (not counted as accepted). */
  public long connectionsShed() {
    return counters.connectionsShed();
  }

  /** Connections closed by the keep-alive timeout, idle between requests. */
  public long connectionsClosedIdle() {
    return counters.connectionsClosedIdle();
  }

  /** {@code accept()} calls that failed (EMFILE, ENFILE...), each retried after a pause. */
  public long acceptsFailed() {
    return counters.acceptsFailed();
  }

  /** {@code connectionsShed=S connectionsClosedIdle=I acceptsFailed=F}, for a stop line. */
  public String describeShed() {
    return counters.describeShed();
  }

  /** Stops listening, closes every open connection, and stops the server's threads. Idempotent. */
  @Override
  public void close() {
    listener.close();
    demandExecutor.close();
  }
}
