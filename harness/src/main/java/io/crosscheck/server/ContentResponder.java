package io.crosscheck.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Writes the embedded server's well-formed replies: generated content with Content-Length
 * ({@code /static}), chunked ({@code /chunked}; close-delimited for an HTTP/1.0 request, which
 * cannot receive chunks) or close-delimited ({@code /close}), and small text replies (status
 * faults, 400, 404, 503). HEAD gets the same headers and no body. Every reply is counted as served
 * before its first byte is written. Stateless apart from shared read-only content; thread-safe.
 */
final class ContentResponder {
  static final String CONTENT_TYPE = "text/plain; charset=us-ascii";
  static final String SERVER_NAME = "crosscheck";
  /** Chunk size of {@code /chunked} bodies; smaller bodies are cut into four chunks. */
  static final int MAX_CHUNK_BYTES = 8192;

  /** The outcome of one reply, for the request log and the connection's fate. */
  record Written(int status, long bodyBytes, ChannelFuture lastWrite, boolean closeAfter) {}

  private final ContentCache content;
  private final ServerCounters counters;

  ContentResponder(ContentCache content, ServerCounters counters) {
    this.content = content;
    this.counters = counters;
  }

  /** Replies to {@code request} as {@code route} says (never a fault route). */
  Written reply(ChannelHandlerContext ctx, PendingRequest request, Route route) {
    if (route instanceof Route.Static s) {
      return full(ctx, request, HttpResponseStatus.OK, content.body(s.sizeBytes()));
    } else if (route instanceof Route.Chunked c) {
      return request.version().equals(HttpVersion.HTTP_1_0)
          ? closeDelimited(ctx, request, c.sizeBytes())
          : chunked(ctx, request, c.sizeBytes());
    } else if (route instanceof Route.Close c) {
      return closeDelimited(ctx, request, c.sizeBytes());
    } else if (route instanceof Route.Status s) {
      return text(ctx, request, HttpResponseStatus.valueOf(s.code()), "status " + s.code() + "\n");
    } else if (route instanceof Route.BadRequest b) {
      return text(ctx, request, HttpResponseStatus.BAD_REQUEST, b.reason() + "\n");
    } else if (route instanceof Route.NotFound) {
      return text(ctx, request, HttpResponseStatus.NOT_FOUND, "not found; paths: " + Route.PATHS + "\n");
    }
    throw new IllegalArgumentException("not a content route: " + route);
  }

  /** A small text reply with {@code status}, e.g. 503 when the CPU queue is full. */
  Written text(ChannelHandlerContext ctx, PendingRequest request, HttpResponseStatus status, String body) {
    int code = status.code();
    if (code == 204 || code == 304) {
      return full(ctx, request, status, Unpooled.EMPTY_BUFFER);
    }
    return full(ctx, request, status, ByteBufUtil.writeAscii(ctx.alloc(), body));
  }

  private Written full(ChannelHandlerContext ctx, PendingRequest request, HttpResponseStatus status, ByteBuf body) {
    int bodyBytes = body.readableBytes();
    boolean keepAlive = request.keepAlive() && !request.malformed();
    FullHttpResponse response;
    if (request.head()) {
      body.release();
      response = new DefaultFullHttpResponse(request.version(), status, Unpooled.EMPTY_BUFFER);
    } else {
      response = new DefaultFullHttpResponse(request.version(), status, body);
    }
    headers(response, keepAlive);
    if (status.code() != 204 && status.code() != 304) {
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bodyBytes);
    }
    counters.requestServed();
    ChannelFuture f = ctx.writeAndFlush(response);
    return new Written(status.code(), request.head() ? 0 : bodyBytes, f, !keepAlive);
  }

  private Written chunked(ChannelHandlerContext ctx, PendingRequest request, int sizeBytes) {
    HttpResponse response = new DefaultHttpResponse(request.version(), HttpResponseStatus.OK);
    headers(response, request.keepAlive());
    response.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    counters.requestServed();
    ctx.write(response);
    if (!request.head()) {
      ByteBuf body = content.body(sizeBytes);
      int chunkBytes = Math.max(1, Math.min(MAX_CHUNK_BYTES, (sizeBytes + 3) / 4));
      for (int offset = 0; offset < sizeBytes; offset += chunkBytes) {
        ctx.write(new DefaultHttpContent(body.slice(offset, Math.min(chunkBytes, sizeBytes - offset))));
      }
    }
    ChannelFuture f = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    return new Written(200, request.head() ? 0 : sizeBytes, f, !request.keepAlive());
  }

  private Written closeDelimited(ChannelHandlerContext ctx, PendingRequest request, int sizeBytes) {
    HttpResponse response = new DefaultHttpResponse(request.version(), HttpResponseStatus.OK);
    headers(response, false);
    counters.requestServed();
    ctx.write(response);
    ChannelFuture f =
        ctx.writeAndFlush(
            request.head() ? LastHttpContent.EMPTY_LAST_CONTENT : new DefaultLastHttpContent(content.body(sizeBytes)));
    return new Written(200, request.head() ? 0 : sizeBytes, f, true);
  }

  private static void headers(HttpResponse response, boolean keepAlive) {
    response.headers().set(HttpHeaderNames.SERVER, SERVER_NAME).set(HttpHeaderNames.CONTENT_TYPE, CONTENT_TYPE);
    HttpUtil.setKeepAlive(response, keepAlive);
    if (!keepAlive && response.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
      // Explicit even where HTTP/1.0 implies it, so clients and captures see the intent.
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    }
  }
}
