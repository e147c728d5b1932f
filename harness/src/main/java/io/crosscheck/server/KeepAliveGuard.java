package io.crosscheck.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * Closes a connection idle between requests: sits after the request aggregator, behind an {@link
 * io.netty.handler.timeout.IdleStateHandler} that fires when nothing was read or written (and
 * nothing queued for writing progressed) for the keep-alive timeout. The connection is closed, and
 * {@linkplain HttpListener.ConnectionCounter#closedIdle() counted}, only when no complete request
 * awaits its reply; otherwise the event is ignored and fires again one timeout later.
 *
 * <p>So the timeout applies between requests, as Tomcat's keepAliveTimeout does: a request in
 * service (a demand being spent, a CPU queue, {@code /fault/stall}, which never answers) keeps its
 * connection however long it takes; a request still arriving (headers or body incomplete) does
 * not, and a reply the client stops reading is closed once its writes make no progress for the
 * timeout. A request counts from its complete arrival to the write of its reply's last part
 * (informational 1xx replies do not end it).
 *
 * <p>Not sharable: one per connection, confined to its event loop.
 */
final class KeepAliveGuard extends ChannelDuplexHandler {
  private final HttpListener.ConnectionCounter counter;
  private int awaitingReply;

  KeepAliveGuard(HttpListener.ConnectionCounter counter) {
    this.counter = counter;
  }

  /** Complete requests whose reply's last part has not been written yet. */
  int awaitingReply() {
    return awaitingReply;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof HttpRequest) {
      awaitingReply++;
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof LastHttpContent && awaitingReply > 0
        && !(msg instanceof HttpResponse r && r.status().codeClass() == HttpStatusClass.INFORMATIONAL)) {
      awaitingReply--;
    }
    ctx.write(msg, promise);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (!(evt instanceof IdleStateEvent)) {
      ctx.fireUserEventTriggered(evt);
      return;
    }
    if (awaitingReply == 0 && ctx.channel().isOpen()) {
      counter.closedIdle();
      ctx.close();
    }
  }
}
