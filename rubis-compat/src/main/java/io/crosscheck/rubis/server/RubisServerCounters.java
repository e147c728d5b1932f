package io.crosscheck.rubis.server;

import io.crosscheck.server.ConnectionCounts;
import io.crosscheck.sites.SiteCounters;

/**
 * The RUBiS server's own accounting: connections accepted and closed (inherited from {@link
 * ConnectionCounts}), replies per {@link RubisInteraction} (any status, counted before the first
 * byte is written), and 503 replies of a full CPU queue. {@link LongAdder}s updated from
 * event-loop threads; reads are thread-safe and monotonic except {@link #openConnections()}.
 */
public final class RubisServerCounters extends SiteCounters<RubisInteraction> {
  RubisServerCounters() {
    super(RubisInteraction.class);
  }
}
