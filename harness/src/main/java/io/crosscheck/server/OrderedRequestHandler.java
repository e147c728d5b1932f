package io.crosscheck.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayDeque;

/**
 * One connection's request loop, shared by the embedded servers: takes aggregated requests from
 * Netty's HTTP codec and hands them to {@link #start} strictly one at a time and in order;
 * pipelined requests wait in a queue (beyond {@value #MAX_QUEUED_REQUESTS} the socket is not read
 * until it drains). A subclass answers the request it was given, asynchronously if it likes, then
 * calls {@link #done} for the next one, or {@link #end} when the connection closes after it.
 *
 * <p>A request whose answer fails is never left hanging on an open connection: whatever {@link
 * #start} or a {@linkplain #guarded guarded} later step throws (an {@link OutOfMemoryError} while
 * rendering, a bug), and a reply whose write fails ({@link #closeOnFailure}), closes the
 * connection, so the client sees it closed at once instead of waiting for its own timeout. (A
 * throw escaping a task on the event loop is dropped by Netty, logged to a logger that may be
 * silent: the connection stayed open and busy, its request and every later one unanswered.) Such
 * failures are told to {@link #failed}.
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

  /**
   * {@code step}, a later part of answering the current request (the reply a {@link DemandExecutor}
   * runs once the demand is spent), made safe to hand to the event loop: whatever it throws closes
   * the connection (see the class comment) instead of escaping into the loop. Run it on the loop.
   */
  protected final Runnable guarded(ChannelHandlerContext ctx, Runnable step) {
    return () -> {
      try {
        step.run();
      } catch (Throwable t) {
        fail(ctx, t);
      }
    };
  }

  /**
   * Closes the connection if {@code written}, the write of the current request's reply, fails: the
   * client would otherwise wait for a reply that never comes. A failure other than the peer's
   * (an {@link IOException}: reset, closed) is told to {@link #failed}.
   */
  protected final void closeOnFailure(ChannelHandlerContext ctx, ChannelFuture written) {
    written.addListener(f -> {
      if (!f.isSuccess()) {
        if (f.cause() instanceof IOException) {
          end();
          ctx.close();
        } else {
          fail(ctx, f.cause());
        }
      }
    });
  }

  /**
   * Writes the current request's reply with its Content-Length (no body for HEAD), keeping the
   * connection open unless the request asks otherwise (HTTP/1.0 or {@code Connection: close}: then
   * the connection closes once the reply is written and nothing more is answered), and goes on to
   * the next request ({@link #done}). A failed write closes the connection ({@link #closeOnFailure}).
   * Call on the channel's loop, once per request.
   *
   * @param server the {@code Server} header
   */
  protected final void writeReply(ChannelHandlerContext ctx, PendingRequest request, int status,
      String contentType, byte[] body, String server) {
    boolean keepAlive = request.keepAlive();
    FullHttpResponse response = new DefaultFullHttpResponse(request.version(), HttpResponseStatus.valueOf(status),
        request.head() ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
    response.headers()
        .set(HttpHeaderNames.SERVER, server)
        .set(HttpHeaderNames.CONTENT_TYPE, contentType)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    HttpUtil.setKeepAlive(response, keepAlive);
    if (!keepAlive && request.version().equals(HttpVersion.HTTP_1_0)) {
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    }
    ChannelFuture written = ctx.writeAndFlush(response);
    if (!keepAlive) {
      end();
      written.addListener(ChannelFutureListener.CLOSE);
      return;
    }
    closeOnFailure(ctx, written);
    done(ctx);
  }

  /**
   * Answering a request threw {@code cause} (or its reply's write failed with it); the connection is
   * closed right after. Called on the channel's loop. Does nothing by default; servers count it.
   */
  protected void failed(Throwable cause) {}

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

  /** Nothing more is answered on this connection: the failure is told and reported, the connection closes. */
  private void fail(ChannelHandlerContext ctx, Throwable cause) {
    end();
    try {
      failed(cause);
      if (log != null) {
        log.println(serverName + ": connection " + ctx.channel().remoteAddress() + ": answering a request failed,"
            + " connection closed: " + cause);
      }
    } catch (Throwable ignored) {
      // the report is best effort (the heap may be exhausted); the close is what matters
    } finally {
      ctx.close();
    }
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
        try {
          start(ctx, next);
        } catch (Throwable t) {
          fail(ctx, t); // ends the connection: the loop stops
        }
      }
    } finally {
      draining = false;
    }
    if (queued.isEmpty() && !finished && !ctx.channel().config().isAutoRead()) {
      ctx.channel().config().setAutoRead(true);
    }
  }
}
