package io.crosscheck.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/**
 * The embedded server's deliberate misbehaviour, for testing how clients record failures:
 *
 * <ul>
 *   <li>{@code stall}: the request is read and never answered; the connection stays open.
 *   <li>{@code reset}: {@code SO_LINGER} 0, then close, so the kernel sends RST ("Connection reset").
 *   <li>{@code garbage}: {@value #GARBAGE_TEXT} (not HTTP), then close.
 *   <li>{@code close-mid-body}: a 200 header with {@code Content-Length: }{@value
 *       #CLOSE_MID_BODY_DECLARED_BYTES}, {@value #CLOSE_MID_BODY_SENT_BYTES} body bytes, then close.
 * </ul>
 *
 * None of these is counted as a request served. Stateless and thread-safe; called on event loops.
 */
final class FaultResponder {
  static final String GARBAGE_TEXT = "NOT-HTTP garbage\r\n\r\n";
  static final int CLOSE_MID_BODY_DECLARED_BYTES = 10_000;
  static final int CLOSE_MID_BODY_SENT_BYTES = 100;

  private static final ByteBuf GARBAGE =
      Unpooled.unreleasableBuffer(
          Unpooled.wrappedBuffer(GARBAGE_TEXT.getBytes(StandardCharsets.US_ASCII)).asReadOnly());

  private final ContentCache content;

  FaultResponder(ContentCache content) {
    this.content = content;
  }

  /**
   * Misbehaves as {@code kind} says on the connection of {@code ctx}. Returns the body bytes
   * written (for the request log).
   */
  int respond(ChannelHandlerContext ctx, Route.FaultKind kind, HttpVersion version) {
    switch (kind) {
      case STALL:
        return 0;
      case RESET:
        ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0);
        ctx.channel().close();
        return 0;
      case GARBAGE:
        // Written from the codec's context, so the bytes bypass the HTTP encoder untouched.
        ChannelHandlerContext codec = ctx.pipeline().context(HttpServerCodec.class);
        (codec == null ? ctx : codec)
            .writeAndFlush(GARBAGE.duplicate())
            .addListener(ChannelFutureListener.CLOSE);
        return GARBAGE_TEXT.length();
      case CLOSE_MID_BODY:
        HttpResponse head = new DefaultHttpResponse(version, HttpResponseStatus.OK);
        head.headers()
            .set(HttpHeaderNames.CONTENT_LENGTH, CLOSE_MID_BODY_DECLARED_BYTES)
            .set(HttpHeaderNames.CONTENT_TYPE, ContentResponder.CONTENT_TYPE)
            .set(HttpHeaderNames.SERVER, ContentResponder.SERVER_NAME);
        ctx.write(head);
        ctx.writeAndFlush(new DefaultHttpContent(content.body(CLOSE_MID_BODY_SENT_BYTES)))
            .addListener(ChannelFutureListener.CLOSE);
        return CLOSE_MID_BODY_SENT_BYTES;
      default:
        throw new IllegalStateException("unknown fault " + kind);
    }
  }
}
