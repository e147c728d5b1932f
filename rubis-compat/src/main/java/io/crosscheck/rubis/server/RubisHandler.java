package io.crosscheck.rubis.server;

import io.crosscheck.sites.SiteHandler;
import io.crosscheck.wire.StatedPopulation;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One connection of the {@link RubisServer} (a {@link SiteHandler}: in order, demand through the
 * harness's {@code DemandExecutor}, 503 when its queue is full): routes through the server's
 * {@link RubisRouter}, renders with its {@link RubisSite}, counts into {@link RubisServerCounters}.
 * Not sharable: one instance per connection.
 */
final class RubisHandler extends SiteHandler<RubisRoute, RubisInteraction> {
  RubisHandler(RubisServer.Parts parts, SplittableRandom random) {
    super(new Settings("crosscheck rubis", serverHeader(parts.config().dataset()), parts.demandExecutor(),
        parts.config().workers(), parts.config().queueCapacity(), parts.log(), "malformed HTTP request\n"),
        new Site<>(parts.router()::route, parts.site()::render, parts.config()::demand, parts.counters(),
            RubisInteraction.NOT_FOUND), random);
  }

  /**
   * The Server field of every reply, {@code crosscheck-rubis (population users=N)}: N as the
   * client's database_number_of_users (see StatedPopulation).
   */
  static String serverHeader(DatasetSize dataset) {
    return StatedPopulation.serverHeader("crosscheck-rubis", Map.of("users", (long) dataset.users()));
  }
}
