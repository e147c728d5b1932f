package io.crosscheck.sites;

import io.crosscheck.server.ConnectionCounts;
import io.crosscheck.server.InteractionCounts;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What every embedded site's server counts: connections accepted and closed (inherited from
 * {@link ConnectionCounts}), replies per interaction (any status, counted before the first byte
 * is written), and 503 replies of a full CPU queue. A site adds its own counts. {@link LongAdder}s
 * updated from event-loop threads; reads are thread-safe and monotonic except {@link
 * #openConnections()}.
 *
 * @param <I> the site's interactions
 */
public abstract class SiteCounters<I extends Enum<I>> extends ConnectionCounts {
  private final LongAdder rejected = new LongAdder();
  private final InteractionCounts<I> served;

  protected SiteCounters(Class<I> interactions) {
    this.served = new InteractionCounts<>(interactions);
  }

  /** Counts a reply of {@code status} written for {@code interaction}. */
  public void served(I interaction, int status) {
    served.increment(interaction);
  }

  /** Counts a 503 of a full CPU queue. */
  public final void rejected() {
    rejected.increment();
  }

  /** Replies sent for {@code interaction} (503s included). */
  public final long requestsServed(I interaction) {
    return served.count(interaction);
  }

  /** Replies sent for every interaction, images and 404s included. */
  public final long requestsServed() {
    return served.total();
  }

  /** 503 replies because every CPU worker was busy and the queue full. */
  public final long requestsRejected() {
    return rejected.sum();
  }

  /** A snapshot of {@link #requestsServed(Enum)} for every interaction. */
  public final Map<I, Long> servedByInteraction() {
    return served.snapshot();
  }
}
