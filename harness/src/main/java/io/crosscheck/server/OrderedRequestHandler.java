package io.crosscheck.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.io.PrintStream;
import java.util.ArrayDeque;

/**
 * One connection's request loop, shared by the embedded servers: takes aggregated requests from
 * Netty's HTTP codec and hands them to {@link #start} strictly one at a time and in order;
 * pipelined requests wait in a queue (beyond {@value #MAX_QUEUED_REQUESTS} the socket is not read
 * until it drains). A subclass answers the request it was given, asynchronously if it likes, then
 * calls {@link #done} for the next one, or {@link #end} when the connection closes after it.
 *
 * <p>Not sharable: one instance per connection, confined to its event loop.
 */
public abstract class OrderedRequestHandler extends ChannelInboundHandlerAdapter {
  /** Pipelined requests waiting beyond this many stop reading from the socket until drained. */
  private static final int MAX_QUEUED_REQUESTS = 64;

  private final PrintStream log;
  private final String serverName;
  private final ArrayDeque<PendingRequest> queued = new ArrayDeque<>();
  private boolean busy;
  private boolean draining;
  private boolean finished;

  /**
   * @param log where connection errors are reported, null for nowhere
   * @param serverName prefix of those reports, e.g. {@code crosscheck serve}
   */
  protected OrderedRequestHandler(PrintStream log, String serverName) {
    this.log = log;
    this.serverName = serverName;
  }

  /** Answers {@code request}; then {@link #done} or {@link #end}. Runs on the channel's loop. */
  protected abstract void start(ChannelHandlerContext ctx, PendingRequest request);

  /** The current request is answered: the next queued one starts. */
  protected final void done(ChannelHandlerContext ctx) {
    busy = false;
    drain(ctx);
  }

  /** Nothing more is answered on this connection (it closes, or a fault froze it). */
  protected final void end() {
    finished = true;
    queued.clear();
  }

  /** True after {@link #end}, a close or an error: a late reply must not be written. */
  protected final boolean ended() {
    return finished;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest request)) {
      ReferenceCountUtil.release(msg);
      return;
    }
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
    end();
    super.channelInactive(ctx);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // Peers resetting or vanishing are normal for a load-test server: close, count nothing.
    if (log != null) {
      log.println(serverName + ": connection " + ctx.channel().remoteAddress() + ": " + cause);
    }
    end();
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
        busy = true;
        start(ctx, next);
      }
    } finally {
      draining = false;
    }
    if (queued.isEmpty() && !finished && !ctx.channel().config().isAutoRead()) {
      ctx.channel().config().setAutoRead(true);
    }
  }
}
