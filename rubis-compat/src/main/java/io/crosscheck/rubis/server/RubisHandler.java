package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import io.crosscheck.server.DemandExecutor;
import io.crosscheck.server.OrderedRequestHandler;
import io.crosscheck.server.PendingRequest;
import io.crosscheck.wire.StatedPopulation;
import io.netty.channel.ChannelHandlerContext;
import java.io.PrintStream;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One connection of the {@link RubisServer}: answers requests strictly in order (pipelined ones
 * wait), routes each, spends its interaction's sampled service demand through the harness's
 * {@link DemandExecutor} (503 when the CPU queue is full), then renders and writes the page with
 * Content-Length, keeping the connection open unless HTTP/1.0 or {@code Connection: close} asks
 * otherwise. Order, pipelining queue and the connection's end are the harness's {@link
 * OrderedRequestHandler}'s. Not sharable: one instance per connection; the random source is the
 * connection's own split of the server's seeded source.
 */
final class RubisHandler extends OrderedRequestHandler {
  private final RubisServer.Parts parts;
  private final SplittableRandom random;
  /** The Server field of every reply: it states the dataset's users (see StatedPopulation). */
  private final String serverHeader;

  RubisHandler(RubisServer.Parts parts, SplittableRandom random) {
    super(parts.log(), "crosscheck rubis");
    this.parts = parts;
    this.random = random;
    this.serverHeader = serverHeader(parts.config().dataset());
  }

  /** {@code crosscheck-rubis (population users=N)}: N as the client's database_number_of_users. */
  static String serverHeader(DatasetSize dataset) {
    return StatedPopulation.serverHeader("crosscheck-rubis", Map.of("users", (long) dataset.users()));
  }

  @Override
  protected void start(ChannelHandlerContext ctx, PendingRequest request) {
    if (request.malformed()) {
      write(ctx, request, RubisInteraction.NOT_FOUND, PageReply.text(400, "malformed HTTP request\n"), 0);
      return;
    }
    RubisRoute route = parts.router().route(request.uri());
    long demandNanos = parts.config().demand(route.interaction()).sampleNanos(random);
    parts.demandExecutor().run(ctx.executor(), demandNanos,
        guarded(ctx, () -> reply(ctx, request, route, demandNanos)),
        () -> {
          parts.counters().rejected();
          write(ctx, request, route.interaction(), PageReply.text(503, "server busy: all " + parts.config().workers()
              + " cpu workers busy and the queue of " + parts.config().queueCapacity() + " full\n"), demandNanos);
        });
  }

  private void reply(ChannelHandlerContext ctx, PendingRequest request, RubisRoute route, long serviceNanos) {
    if (ended() || !ctx.channel().isActive()) {
      return;
    }
    PageReply reply;
    try {
      reply = parts.site().render(route);
    } catch (RuntimeException e) {
      reply = PageReply.text(500, "internal server error: " + e + "\n");
    }
    write(ctx, request, route.interaction(), reply, serviceNanos);
  }

  private void write(ChannelHandlerContext ctx, PendingRequest request, RubisInteraction interaction, PageReply reply,
      long serviceNanos) {
    parts.counters().served(interaction);
    PrintStream log = parts.log();
    if (log != null) {
      log.println(request.method() + " " + request.uri() + " " + reply.status() + " " + interaction + " bytes="
          + reply.body().length + " serviceNanos=" + serviceNanos);
    }
    writeReply(ctx, request, reply.status(), reply.contentType(), reply.body(), serverHeader);
  }
}
