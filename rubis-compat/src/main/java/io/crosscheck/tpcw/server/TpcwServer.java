package io.crosscheck.tpcw.server;

import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.server.DemandExecutor;
import io.crosscheck.server.HttpListener;
import io.crosscheck.spi.EmbeddedSite;
import java.io.PrintStream;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * An embedded TPC-W-compatible bookstore: a Netty HTTP/1.1 server that answers the 14 web
 * interactions of the TPC-W Java Remote Browser Emulator (jopereira/java-tpcw 9d1653f, rbe/) at
 * {@code /tpcw/TPCW_<servlet>}, with every pattern the RBE scans its pages for, from an in-memory
 * database generated at start from a seed ({@link TpcwServerConfig#customers()} customers,
 * {@link TpcwServerConfig#items()} items, populated orders), with real writes (carts, customers,
 * orders, item updates). It sits beside the spine as the "real server" of self-contained TPC-W
 * runs; its {@linkplain #counters() counters} are the truth a client's accounting is held against.
 * See ../shared/TPCW-CONTRACT.md and {@code PROVENANCE.md} beside this class for what it follows.
 *
 * <p>Where the reference servlets and the RBE disagree, it serves what makes the RBE run cleanly:
 * <ul>
 *   <li>the cart refresh sends one bare {@code qty} per line (rbe/EBWShopCartRefTrans.java) while
 *       TPCW_shopping_cart_interaction reads {@code QTY_i}/{@code I_ID_i}: both are accepted, bare
 *       quantities applied to the lines in page order;
 *   <li>the new-customer buy request sends {@code STREET_1}/{@code STREET_2} while
 *       TPCW_buy_request_servlet reads {@code STREET1}/{@code STREET2}: both are accepted;
 *   <li>TPCW_product_detail_servlet writes its item image's SRC unquoted (line 90), so the RBE
 *       fetched the next quoted SRC instead: every SRC here is quoted;
 *   <li>the RBE reads {@code Firstname:}/{@code Lastname:} from the buy request page (its buy
 *       confirm's input): they are on the buy request page, and on the buy confirm page too;
 *   <li>the servlets answer bad input with a stack trace (a 500): here a malformed parameter is a
 *       400, an unknown id a 404, a wrong password a 403, each a short text.
 * </ul>
 *
 * <p>Memory is bounded: sessions and carts are capped (least recently used dropped, a dropped id
 * coming back fresh), as are registered customers and orders (oldest dropped); customers and
 * items are derived from their id on demand, so {@code -CUST}/{@code -ITEM} cost no memory (items
 * once derived are kept, at most {@value Catalog#CACHE_SLOTS} of them: see {@link Catalog});
 * populated orders are 0.9 x CUST as TPCW_Populate, at most 50,000.
 *
 * <p>Each interaction has its own {@link io.crosscheck.server.ServiceDemand}, spent as the
 * harness's embedded server spends it ({@link io.crosscheck.server.DemandMode}). Native epoll when
 * available, else NIO; keep-alive; 127.0.0.1 unless configured otherwise; logs nothing per request
 * unless asked. Thread-safe; {@link #close()} closes every connection and stops every thread (all
 * daemon threads).
 */
public final class TpcwServer implements EmbeddedSite {
  /** What every connection of one server shares; all parts are thread-safe. */
  record Parts(TpcwServerConfig config, TpcwRouter router, TpcwSite site, DemandExecutor demandExecutor,
      BookstoreCounters counters, PrintStream log) {}

  /** Longest request line accepted; a longer one is answered 400 (the RBE's longest is about 2 KB). */
  static final int MAX_INITIAL_LINE_BYTES = 16 * 1024;

  private final Parts parts;
  private final HttpListener listener;

  private TpcwServer(Parts parts, HttpListener listener) {
    this.parts = parts;
    this.listener = listener;
  }

  /**
   * Generates the database, binds and starts the server; returns once it is listening.
   *
   * @throws IllegalStateException when the address cannot be bound (message names address and cause)
   * @throws InterruptedException when interrupted while binding
   */
  public static TpcwServer start(TpcwServerConfig config) throws InterruptedException {
    return start(config, System::currentTimeMillis);
  }

  /** {@link #start(TpcwServerConfig)} with the given keep-alive timeout and connection cap. */
  public static TpcwServer start(TpcwServerConfig config, ConnectionLimits limits) throws InterruptedException {
    return start(config, System::currentTimeMillis, limits);
  }

  /** {@link #start(TpcwServerConfig)} with the bookstore's wall clock ({@link Bookstore}) given. */
  static TpcwServer start(TpcwServerConfig config, LongSupplier clockEpochMillis) throws InterruptedException {
    return start(config, clockEpochMillis, ConnectionLimits.defaults());
  }

  private static TpcwServer start(TpcwServerConfig config, LongSupplier clockEpochMillis, ConnectionLimits limits)
      throws InterruptedException {
    Bookstore store = new Bookstore(config, clockEpochMillis);
    BookstoreImages images = new BookstoreImages(config.items());
    BookstoreCounters counters = new BookstoreCounters();
    counters.attach(store);
    DemandExecutor demandExecutor = new DemandExecutor(config.demandMode(), config.workers(), config.queueCapacity());
    Parts parts = new Parts(config, new TpcwRouter(images), new TpcwSite(store, images, counters), demandExecutor,
        counters, config.logRequests() ? System.err : null);
    try {
      HttpListener listener = HttpListener.bind("crosscheck-tpcw", config.bindAddress(), config.port(),
          config.ioThreads(), config.seed(), MAX_INITIAL_LINE_BYTES, counters, random -> new TpcwHandler(parts, random),
          false, limits);
      return new TpcwServer(parts, listener);
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
  public List<String> reachableAddresses() {
    return listener.reachableAddresses();
  }

  /** {@code http://HOST:PORT}, without a trailing slash; the RBE's {@code -WWW} is this plus {@code /tpcw/}. */
  public String baseUrl() {
    return listener.baseUrl();
  }

  /** The configuration the server was started with. */
  public TpcwServerConfig config() {
    return parts.config();
  }

  /** Connections, replies per interaction and writes since start. */
  public BookstoreCounters counters() {
    return parts.counters();
  }

  /** Orders held now (populated and written, less those dropped beyond the cap). */
  public int ordersHeld() {
    return parts.site().store().orders().size();
  }

  /** Sessions held now (at most {@link TpcwServerConfig#maxSessions()}). */
  public int sessionsHeld() {
    return parts.site().store().sessions().held();
  }

  /** Carts held now (at most {@link TpcwServerConfig#maxCarts()}). */
  public int cartsHeld() {
    return parts.site().store().carts().held();
  }

  /** The counters for the console: connections, requests and how many were shed. */
  @Override
  public String describeCounters() {
    return parts.counters().describe() + "; " + parts.counters().describeShed();
  }

  /** Stops listening, closes every open connection, and stops the server's threads. Idempotent. */
  @Override
  public void close() {
    listener.close();
    parts.demandExecutor().close();
  }
}
