package io.crosscheck.tpcw.server;

import io.crosscheck.server.ConnectionCounts;
import io.crosscheck.sites.SiteCounters;
import java.util.concurrent.atomic.LongAdder;

/**
 * The TPC-W server's own accounting, the truth a client's counts are held against: connections
 * accepted and closed (inherited from {@link ConnectionCounts}), replies per {@link
 * TpcwInteraction} (any status, counted before the first byte is written), replies by status
 * class, 503s of a full CPU queue, requests whose answer failed inside the server (the connection
 * closed instead), and the writes (carts created, orders written, customers registered, items
 * updated, sessions created). {@link LongAdder}s updated from event-loop threads; reads are
 * thread-safe and monotonic except {@link #openConnections()}.
 */
public final class BookstoreCounters extends SiteCounters<TpcwInteraction> {
  private final LongAdder failed = new LongAdder();
  private final LongAdder clientErrors = new LongAdder();
  private final LongAdder ordersWritten = new LongAdder();
  private final LongAdder customersRegistered = new LongAdder();
  private final LongAdder itemsUpdated = new LongAdder();
  private volatile Bookstore store;

  BookstoreCounters() {
    super(TpcwInteraction.class);
  }

  void attach(Bookstore store) {
    this.store = store;
  }

  /** Counts the reply, and a client error for a 4xx. */
  @Override
  public void served(TpcwInteraction interaction, int status) {
    super.served(interaction, status);
    if (status >= 400 && status < 500) {
      clientErrors.increment();
    }
  }

  void failed() {
    failed.increment();
  }

  void orderWritten() {
    ordersWritten.increment();
  }

  void customerRegistered() {
    customersRegistered.increment();
  }

  void itemUpdated() {
    itemsUpdated.increment();
  }

  /** Replies with a 4xx status (malformed parameters, unknown ids, unknown paths). */
  public long clientErrors() {
    return clientErrors.sum();
  }

  /**
   * Requests whose answer failed inside the server (something thrown while rendering or writing, an
   * {@link OutOfMemoryError} say): their connection was closed instead of a reply. 0 in a sound run.
   */
  public long requestsFailed() {
    return failed.sum();
  }

  /** Shopping carts created since start. */
  public long cartsCreated() {
    Bookstore s = store;
    return s == null ? 0 : s.carts().created();
  }

  /** Orders written by buy confirm since start (populated orders not included). */
  public long ordersWritten() {
    return ordersWritten.sum();
  }

  /** Customers registered (buy request with RETURNING_FLAG=N) since start. */
  public long customersRegistered() {
    return customersRegistered.sum();
  }

  /** Admin updates of items since start. */
  public long itemsUpdated() {
    return itemsUpdated.sum();
  }

  /** Sessions the server created since start. */
  public long sessionsCreated() {
    Bookstore s = store;
    return s == null ? 0 : s.sessions().created();
  }

  /** One line for a console: connections, requests per state, writes. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    b.append("connections ").append(connectionsAccepted()).append(", requests ").append(requestsServed()).append(" (");
    boolean first = true;
    for (TpcwInteraction i : TpcwInteraction.values()) {
      long n = requestsServed(i);
      if (n > 0) {
        b.append(first ? "" : " ").append(i.state()).append('=').append(n);
        first = false;
      }
    }
    b.append("), 4xx ").append(clientErrors()).append(", 503 ").append(requestsRejected()).append(", failed ")
        .append(requestsFailed()).append(", sessions ")
        .append(sessionsCreated()).append(", carts ").append(cartsCreated()).append(", orders ").append(ordersWritten())
        .append(", customers registered ").append(customersRegistered()).append(", items updated ").append(itemsUpdated());
    return b.toString();
  }
}
