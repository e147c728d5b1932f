package io.crosscheck.rubis.server;

import io.crosscheck.server.ConnectionCounts;
import io.crosscheck.server.InteractionCounts;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The RUBiS server's own accounting: connections accepted and closed (inherited from {@link
 * ConnectionCounts}), replies per {@link RubisInteraction} (any status, counted before the first
 * byte is written), and 503 replies of a full CPU queue. {@link LongAdder}s updated from
 * event-loop threads; reads are thread-safe and monotonic except {@link #openConnections()}.
 */
public final class RubisServerCounters extends ConnectionCounts {
  private final LongAdder rejected = new LongAdder();
  private final InteractionCounts<RubisInteraction> served = new InteractionCounts<>(RubisInteraction.class);

  RubisServerCounters() {}

  void served(RubisInteraction interaction) {
    served.increment(interaction);
  }

  void rejected() {
    rejected.increment();
  }

  /** Replies sent for {@code interaction} (503s included). */
  public long requestsServed(RubisInteraction interaction) {
    return served.count(interaction);
  }

  /** Replies sent for every interaction, images and 404s included. */
  public long requestsServed() {
    return served.total();
  }

  /** 503 replies because every CPU worker was busy and the queue full. */
  public long requestsRejected() {
    return rejected.sum();
  }

  /** A snapshot of {@link #requestsServed(RubisInteraction)} for every interaction. */
  public Map<RubisInteraction, Long> servedByInteraction() {
    return served.snapshot();
  }
}
