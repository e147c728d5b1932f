package io.crosscheck.server;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * One connection's request loop in the embedded server: takes aggregated requests from Netty's
 * HTTP codec, answers them strictly in order (pipelined requests wait in a queue), spends each
 * one's sampled {@link ServiceDemand} through the {@link DemandExecutor}, and keeps the connection
 * open unless the request (HTTP/1.0 without keep-alive, or {@code Connection: close}) or the route
 * ({@code /close}, faults) ends it.
 *
 * <p>Not sharable: one instance per connection, confined to its event loop. The random source is
 * the connection's own split of the server's seeded source.
 */
final class RequestHandler extends ChannelInboundHandlerAdapter {
  /** Pipelined requests waiting beyond this many stop reading from the socket until drained. */
  private static final int MAX_QUEUED_REQUESTS = 64;

  private final ServerParts parts;
  private final SplittableRandom random;
  private final ArrayDeque<PendingRequest> queued = new ArrayDeque<>();
  private boolean busy;
  private boolean draining;
  private boolean finished;

  RequestHandler(ServerParts parts, SplittableRandom random) {
    this.parts = parts;
    this.random = random;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest)) {
      ReferenceCountUtil.release(msg);
      return;
    }
    FullHttpRequest request = (FullHttpRequest) msg;
    try {
      if (finished) {
        return;
      }
      queued.add(PendingRequest.of(request));
    } finally {
      request.release();
    }
    if (queued.size() > MAX_QUEUED_REQUESTS) {
      ctx.channel().config().setAutoRead(false);
    }
    drain(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    finished = true;
    queued.clear();
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // Peers resetting or vanishing are normal for a load-test server: close, count nothing.
    if (parts.log() != null) {
      parts.log().println("crosscheck serve: connection " + ctx.channel().remoteAddress() + ": " + cause);
    }
    finished = true;
    queued.clear();
    ctx.close();
  }

  /** Starts queued requests one at a time until one is in service or the queue is empty. */
  private void drain(ChannelHandlerContext ctx) {
    if (draining) {
      return; // a reply written synchronously inside the loop below; the loop goes on
    }
    draining = true;
    try {
      PendingRequest next;
      while (!busy && !finished && (next = queued.poll()) != null) {
        start(ctx, next);
      }
    } finally {
      draining = false;
    }
    if (queued.isEmpty() && !finished && !ctx.channel().config().isAutoRead()) {
      ctx.channel().config().setAutoRead(true);
    }
  }

  private void start(ChannelHandlerContext ctx, PendingRequest request) {
    busy = true;
    Route route = request.malformed() ? new Route.BadRequest("malformed HTTP request") : Route.of(request.uri());
    if (route instanceof Route.Fault fault) {
      // Faults end (or freeze) the connection: nothing after them is answered.
      finished = true;
      queued.clear();
      int bytes = parts.faults().respond(ctx, fault.kind(), request.version());
      log(request, "fault:" + Route.name(fault.kind()), bytes, 0);
      return;
    }
    long demandNanos = parts.demand().sampleNanos(random);
    parts.demandExecutor()
        .run(
            ctx.executor(),
            demandNanos,
            () -> reply(ctx, request, route, demandNanos),
            () -> busy(ctx, request, demandNanos));
  }

  private void reply(ChannelHandlerContext ctx, PendingRequest request, Route route, long serviceNanos) {
    if (finished || !ctx.channel().isActive()) {
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
      finished = true;
      queued.clear();
      written.lastWrite().addListener(ChannelFutureListener.CLOSE);
      return;
    }
    busy = false;
    drain(ctx);
  }

  private void log(PendingRequest request, String status, long bodyBytes, long serviceNanos) {
    PrintStream log = parts.log();
    if (log != null) {
      log.println(request.method() + " " + request.uri() + " " + status + " bytes=" + bodyBytes + " serviceNanos=" + serviceNanos);
    }
  }
}
