package io.crosscheck.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * The embedded server's own accounting, the independent truth tests hold a client's numbers
 * against. Updated from event-loop threads with {@link LongAdder}s; reads are thread-safe and
 * monotonic except {@link #openConnections()}.
 */
final class ServerCounters implements HttpListener.ConnectionCounter {
  private final LongAdder connectionsAccepted = new LongAdder();
  private final LongAdder connectionsClosed = new LongAdder();
  private final LongAdder requestsServed = new LongAdder();

  /** Counted when an accepted connection is set up, before any of its bytes are read. */
  @Override
  public void opened() {
    connectionsAccepted.increment();
  }

  /** Counted when an accepted connection's channel has closed. */
  @Override
  public void closed() {
    connectionsClosed.increment();
  }

  /** Counted when a complete HTTP response (any status) is committed, before its first byte is written. */
  void requestServed() {
    requestsServed.increment();
  }

  long connectionsAccepted() {
    return connectionsAccepted.sum();
  }

  long requestsServed() {
    return requestsServed.sum();
  }

  long openConnections() {
    // Read closed first: a concurrent accept can only make the result larger, never negative.
    long closed = connectionsClosed.sum();
    return connectionsAccepted.sum() - closed;
  }
}
