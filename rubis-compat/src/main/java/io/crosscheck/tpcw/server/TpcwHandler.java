package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageReply;

import io.crosscheck.server.OrderedRequestHandler;
import io.crosscheck.server.PendingRequest;
import io.crosscheck.wire.StatedPopulation;
import io.netty.channel.ChannelHandlerContext;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One connection of the {@link TpcwServer}: answers requests strictly in order (pipelined ones
 * wait), routes each, spends its interaction's sampled service demand through the harness's
 * {@link io.crosscheck.server.DemandExecutor} (503 when the CPU queue is full), then renders and
 * writes the reply with Content-Length, keeping the connection open unless HTTP/1.0 or {@code
 * Connection: close} asks otherwise. A request the codec could not decode (a request line longer
 * than the limit, say) gets a 400 and the connection closes. A request whose answer throws (an
 * {@link OutOfMemoryError} while rendering, say) or whose reply cannot be written closes its
 * connection at once and counts as {@linkplain BookstoreCounters#requestsFailed() failed}: it is
 * never left unanswered on an open connection. Not sharable: one instance per connection; the
 * random source is the connection's own split of the server's seeded source.
 */
final class TpcwHandler extends OrderedRequestHandler {
  private final TpcwServer.Parts parts;
  private final SplittableRandom random;
  /** The Server field of every reply: it states the populated customers and the items (see StatedPopulation). */
  private final String serverHeader;

  TpcwHandler(TpcwServer.Parts parts, SplittableRandom random) {
    super(parts.log(), "crosscheck tpcw");
    this.parts = parts;
    this.random = random;
    this.serverHeader = serverHeader(parts.config());
  }

  /** {@code crosscheck-tpcw (population customers=C items=I)}: C and I as the RBE's -CUST and -ITEM. */
  static String serverHeader(TpcwServerConfig config) {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("customers", (long) config.customers());
    counts.put("items", (long) config.items());
    return StatedPopulation.serverHeader("crosscheck-tpcw", counts);
  }

  @Override
  protected void start(ChannelHandlerContext ctx, PendingRequest request) {
    if (request.malformed()) {
      write(ctx, request, TpcwInteraction.NOT_FOUND, PageReply.text(400, "malformed HTTP request (or request line"
          + " longer than " + TpcwServer.MAX_INITIAL_LINE_BYTES + " bytes)\n"), 0);
      return;
    }
    TpcwRoute route = parts.router().route(request.uri());
    long demandNanos = parts.config().demand(route.interaction()).sampleNanos(random);
    parts.demandExecutor().run(ctx.executor(), demandNanos,
        guarded(ctx, () -> reply(ctx, request, route, demandNanos)),
        () -> {
          parts.counters().rejected();
          write(ctx, request, route.interaction(), PageReply.text(503, "server busy: all " + parts.config().workers()
              + " cpu workers busy and the queue of " + parts.config().queueCapacity() + " full\n"), demandNanos);
        });
  }

  private void reply(ChannelHandlerContext ctx, PendingRequest request, TpcwRoute route, long serviceNanos) {
    if (ended() || !ctx.channel().isActive()) {
      return;
    }
    PageReply reply;
    try {
      reply = parts.site().render(route);
    } catch (RuntimeException e) {
      // a bug, not bad input (bad input is a Rejection): say what, never the stack trace
      reply = PageReply.text(500, "internal server error: " + e.getClass().getSimpleName() + "\n");
      if (parts.log() != null) {
        parts.log().println("crosscheck tpcw: " + request.uri() + ": " + e);
      }
    }
    write(ctx, request, route.interaction(), reply, serviceNanos);
  }

  private void write(ChannelHandlerContext ctx, PendingRequest request, TpcwInteraction interaction, PageReply reply,
      long serviceNanos) {
    parts.counters().served(interaction, reply.status());
    PrintStream log = parts.log();
    if (log != null) {
      log.println(request.method() + " " + request.uri() + " " + reply.status() + " " + interaction.state() + " bytes="
          + reply.body().length + " serviceNanos=" + serviceNanos);
    }
    writeReply(ctx, request, reply.status(), reply.contentType(), reply.body(), serverHeader);
  }

  @Override
  protected void failed(Throwable cause) {
    parts.counters().failed();
  }
}
