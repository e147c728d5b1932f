package io.crosscheck.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * Connections accepted and closed, as an {@link HttpListener} reports them: the part of a server's
 * own accounting every embedded server shares. Updated from event-loop threads with {@link
 * LongAdder}s; reads are thread-safe and monotonic except {@link #openConnections()}.
 */
public class ConnectionCounts implements HttpListener.ConnectionCounter {
  private final LongAdder connectionsAccepted = new LongAdder();
  private final LongAdder connectionsClosed = new LongAdder();

  /** Counted when an accepted connection is set up, before any of its bytes are read. */
  @Override
  public final void opened() {
    connectionsAccepted.increment();
  }

  /** Counted when an accepted connection's channel has closed. */
  @Override
  public final void closed() {
    connectionsClosed.increment();
  }

  /** TCP connections accepted since start. */
  public final long connectionsAccepted() {
    return connectionsAccepted.sum();
  }

  /** Connections accepted and not yet closed on the server's side. */
  public final long openConnections() {
    // Read closed first: a concurrent accept can only make the result larger, never negative.
    long closed = connectionsClosed.sum();
    return connectionsAccepted.sum() - closed;
  }
}
