package io.crosscheck.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * Connections accepted and closed, and what the {@link ConnectionLimits} shed, as an {@link
 * HttpListener} reports them: the part of a server's own accounting every embedded server shares.
 * Every socket {@code accept()} returned is counted once, as accepted (taken into service) or as
 * shed (closed at once by the cap). Updated from event-loop threads with {@link LongAdder}s; reads
 * are thread-safe and monotonic except {@link #openConnections()}.
 */
public class ConnectionCounts implements HttpListener.ConnectionCounter {
  private final LongAdder connectionsAccepted = new LongAdder();
  private final LongAdder connectionsClosed = new LongAdder();
  private final LongAdder connectionsShed = new LongAdder();
  private final LongAdder connectionsClosedIdle = new LongAdder();
  private final LongAdder acceptsFailed = new LongAdder();

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

  /** Counted when the cap closed an accepted connection at once (it is not counted as accepted). */
  @Override
  public final void shed() {
    connectionsShed.increment();
  }

  /** Counted when the keep-alive timeout closed a connection idle between requests. */
  @Override
  public final void closedIdle() {
    connectionsClosedIdle.increment();
  }

  /** Counted when {@code accept()} failed (EMFILE, ENFILE, ENOBUFS...): a connection left in the backlog. */
  @Override
  public final void acceptFailed() {
    acceptsFailed.increment();
  }

  /** Connections closed at once because {@link ConnectionLimits#maxConnections()} were open. */
  public final long connectionsShed() {
    return connectionsShed.sum();
  }

  /** Connections closed by the keep-alive timeout (idle between requests). */
  public final long connectionsClosedIdle() {
    return connectionsClosedIdle.sum();
  }

  /** {@code accept()} calls that failed; each was retried after a pause. */
  public final long acceptsFailed() {
    return acceptsFailed.sum();
  }

  /** {@code connectionsShed=S connectionsClosedIdle=I acceptsFailed=F}: a server's stop line ends with it. */
  public final String describeShed() {
    return "connectionsShed=" + connectionsShed() + " connectionsClosedIdle=" + connectionsClosedIdle()
        + " acceptsFailed=" + acceptsFailed();
  }

  /** TCP connections accepted since start (taken into service; shed ones are not counted). */
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
