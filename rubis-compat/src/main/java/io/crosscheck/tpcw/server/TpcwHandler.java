package io.crosscheck.tpcw.server;

import io.crosscheck.server.PendingRequest;
import io.crosscheck.sites.PageReply;
import io.crosscheck.sites.SiteHandler;
import io.crosscheck.wire.StatedPopulation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One connection of the {@link TpcwServer} (a {@link SiteHandler}: in order, demand through the
 * harness's {@code DemandExecutor}, 503 when its queue is full, 400 for a request the codec could
 * not decode, such as a request line longer than the limit). A request whose answer throws (an
 * {@link OutOfMemoryError} while rendering, say) or whose reply cannot be written closes its
 * connection at once and counts as {@linkplain BookstoreCounters#requestsFailed() failed}: it is
 * never left unanswered on an open connection. Not sharable: one instance per connection.
 */
final class TpcwHandler extends SiteHandler<TpcwRoute, TpcwInteraction> {
  private final TpcwServer.Parts parts;

  TpcwHandler(TpcwServer.Parts parts, SplittableRandom random) {
    super(new Settings("crosscheck tpcw", serverHeader(parts.config()), parts.demandExecutor(),
        parts.config().workers(), parts.config().queueCapacity(), parts.log(),
        "malformed HTTP request (or request line longer than " + TpcwServer.MAX_INITIAL_LINE_BYTES + " bytes)\n"),
        new Site<>(parts.router()::route, parts.site()::render, parts.config()::demand, parts.counters(),
            TpcwInteraction.NOT_FOUND), random);
    this.parts = parts;
  }

  /**
   * The Server field of every reply, {@code crosscheck-tpcw (population customers=C items=I)}: C
   * and I as the RBE's -CUST and -ITEM (see StatedPopulation).
   */
  static String serverHeader(TpcwServerConfig config) {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("customers", (long) config.customers());
    counts.put("items", (long) config.items());
    return StatedPopulation.serverHeader("crosscheck-tpcw", counts);
  }

  /** A bug, not bad input (bad input is a Rejection): says what, never the stack trace. */
  @Override
  protected PageReply renderFailed(PendingRequest request, RuntimeException e) {
    if (log() != null) {
      log().println("crosscheck tpcw: " + request.uri() + ": " + e);
    }
    return PageReply.text(500, "internal server error: " + e.getClass().getSimpleName() + "\n");
  }

  @Override
  protected String logName(TpcwInteraction interaction) {
    return interaction.state();
  }

  @Override
  protected void failed(Throwable cause) {
    parts.counters().failed();
  }
}
