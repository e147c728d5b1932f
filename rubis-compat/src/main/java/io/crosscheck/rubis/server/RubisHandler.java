package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;
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
  private final RubisServer.Parts parts;

  RubisHandler(RubisServer.Parts parts, SplittableRandom random) {
    super(new Settings("crosscheck rubis", serverHeader(parts.config().dataset()), parts.demandExecutor(),
        parts.config().workers(), parts.config().queueCapacity(), parts.log()), random);
    this.parts = parts;
  }

  /**
   * The Server field of every reply, {@code crosscheck-rubis (population users=N)}: N as the
   * client's database_number_of_users (see StatedPopulation).
   */
  static String serverHeader(DatasetSize dataset) {
    return StatedPopulation.serverHeader("crosscheck-rubis", Map.of("users", (long) dataset.users()));
  }

  @Override
  protected RubisRoute route(String uri) {
    return parts.router().route(uri);
  }

  @Override
  protected RubisInteraction interaction(RubisRoute route) {
    return route.interaction();
  }

  @Override
  protected RubisInteraction malformedInteraction() {
    return RubisInteraction.NOT_FOUND;
  }

  @Override
  protected String malformedText() {
    return "malformed HTTP request\n";
  }

  @Override
  protected long demandNanos(RubisInteraction interaction, SplittableRandom random) {
    return parts.config().demand(interaction).sampleNanos(random);
  }

  @Override
  protected PageReply render(RubisRoute route) {
    return parts.site().render(route);
  }

  @Override
  protected void served(RubisInteraction interaction, int status) {
    parts.counters().served(interaction);
  }

  @Override
  protected void rejected() {
    parts.counters().rejected();
  }
}
