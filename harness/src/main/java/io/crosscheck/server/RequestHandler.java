package io.crosscheck.server;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.PrintStream;
import java.util.SplittableRandom;

/**
 * One connection's request loop in the embedded server: takes aggregated requests from Netty's
 * HTTP codec, answers them strictly in order (pipelined requests wait in a queue), spends each
 * one's sampled {@link ServiceDemand} through the {@link DemandExecutor}, and keeps the connection
 * open unless the request (HTTP/1.0 without keep-alive, or {@code Connection: close}) or the route
 * ({@code /close}, faults) ends it.
 *
 * <p>The order, the queue and the connection's end are {@link OrderedRequestHandler}'s. Not
 * sharable: one instance per connection; the random source is the connection's own split of the
 * server's seeded source.
 */
final class RequestHandler extends OrderedRequestHandler {
  private final ServerParts parts;
  private final SplittableRandom random;

  RequestHandler(ServerParts parts, SplittableRandom random) {
    super(parts.log(), "crosscheck serve");
    this.parts = parts;
    this.random = random;
  }

  @Override
  protected void start(ChannelHandlerContext ctx, PendingRequest request) {
    Route route = request.malformed() ? new Route.BadRequest("malformed HTTP request") : Route.of(request.uri());
    if (route instanceof Route.Fault fault) {
      // Faults end (or freeze) the connection: nothing after them is answered.
      end();
      int bytes = parts.faults().respond(ctx, fault.kind(), request.version());
      log(request, "fault:" + Route.name(fault.kind()), bytes, 0);
      return;
    }
    long demandNanos = parts.demand().sampleNanos(random);
    parts.demandExecutor()
        .run(
            ctx.executor(),
            demandNanos,
            guarded(ctx, () -> reply(ctx, request, route, demandNanos)),
            () -> busy(ctx, request, demandNanos));
  }

  private void reply(ChannelHandlerContext ctx, PendingRequest request, Route route, long serviceNanos) {
    if (ended() || !ctx.channel().isActive()) {
      return;
    }
    finish(ctx, request, parts.content().reply(ctx, request, route), serviceNanos);
  }

  private void busy(ChannelHandlerContext ctx, PendingRequest request, long serviceNanos) {
    String body = "server busy: all " + parts.workers() + " cpu workers busy and the queue of " + parts.queueCapacity() + " full\n";
    finish(ctx, request, parts.content().text(ctx, request, HttpResponseStatus.SERVICE_UNAVAILABLE, body), serviceNanos);
  }

  private void finish(ChannelHandlerContext ctx, PendingRequest request, ContentResponder.Written written, long serviceNanos) {
    log(request, Integer.toString(written.status()), written.bodyBytes(), serviceNanos);
    if (written.closeAfter()) {
      end();
      written.lastWrite().addListener(ChannelFutureListener.CLOSE);
      return;
    }
    closeOnFailure(ctx, written.lastWrite());
    done(ctx);
  }

  private void log(PendingRequest request, String status, long bodyBytes, long serviceNanos) {
    PrintStream log = parts.log();
    if (log != null) {
      log.println(request.method() + " " + request.uri() + " " + status + " bytes=" + bodyBytes + " serviceNanos=" + serviceNanos);
    }
  }
}
