package io.crosscheck.rubis.server;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The RUBiS server's own accounting: connections accepted and closed, replies per {@link
 * RubisInteraction} (any status, counted before the first byte is written), and 503 replies of a
 * full CPU queue. {@link LongAdder}s updated from event-loop threads; reads are thread-safe and
 * monotonic except {@link #openConnections()}.
 */
public final class RubisCounters implements io.crosscheck.server.HttpListener.ConnectionCounter {
  private final LongAdder connectionsAccepted = new LongAdder();
  private final LongAdder connectionsClosed = new LongAdder();
  private final LongAdder rejected = new LongAdder();
  private final LongAdder[] served = new LongAdder[RubisInteraction.values().length];

  RubisCounters() {
    for (int i = 0; i < served.length; i++) {
      served[i] = new LongAdder();
    }
  }

  @Override
  public void opened() {
    connectionsAccepted.increment();
  }

  @Override
  public void closed() {
    connectionsClosed.increment();
  }

  void served(RubisInteraction interaction) {
    served[interaction.ordinal()].increment();
  }

  void rejected() {
    rejected.increment();
  }

  /** TCP connections accepted since start. */
  public long connectionsAccepted() {
    return connectionsAccepted.sum();
  }

  /** Connections accepted and not yet closed on the server's side. */
  public long openConnections() {
    long closed = connectionsClosed.sum();
    return connectionsAccepted.sum() - closed;
  }

  /** Replies sent for {@code interaction} (503s included). */
  public long requestsServed(RubisInteraction interaction) {
    return served[interaction.ordinal()].sum();
  }

  /** Replies sent for every interaction, images and 404s included. */
  public long requestsServed() {
    long sum = 0;
    for (LongAdder a : served) {
      sum += a.sum();
    }
    return sum;
  }

  /** 503 replies because every CPU worker was busy and the queue full. */
  public long requestsRejected() {
    return rejected.sum();
  }

  /** A snapshot of {@link #requestsServed(RubisInteraction)} for every interaction. */
  public Map<RubisInteraction, Long> servedByInteraction() {
    Map<RubisInteraction, Long> map = new EnumMap<>(RubisInteraction.class);
    for (RubisInteraction i : RubisInteraction.values()) {
      map.put(i, served[i.ordinal()].sum());
    }
    return map;
  }
}
