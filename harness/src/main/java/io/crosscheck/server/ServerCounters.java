package io.crosscheck.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * The embedded server's own accounting, the independent truth tests hold a client's numbers
 * against: the connections of {@link ConnectionCounts} and the replies served. Updated from
 * event-loop threads with {@link LongAdder}s; reads are thread-safe and monotonic except {@link
 * #openConnections()}.
 */
final class ServerCounters extends ConnectionCounts {
  private final LongAdder requestsServed = new LongAdder();

  /** Counted when a complete HTTP response (any status) is committed, before its first byte is written. */
  void requestServed() {
    requestsServed.increment();
  }

  long requestsServed() {
    return requestsServed.sum();
  }
}
