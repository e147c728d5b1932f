package io.crosscheck.engine.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.RequestPlan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine's requests, written as bytes, are byte for byte what Netty's {@link HttpRequestEncoder}
 * wrote for the {@link DefaultFullHttpRequest} the engine built before (the wire, and every size the
 * comparator matches, unchanged).
 */
class RequestEncodingTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "GET|/static/2k||false",
      "GET|/PHP/ViewItem.php?itemId=17||true",
      "HEAD|/index.html||false",
      "POST|/PHP/StoreBid.php|nickname=a&bid=12.5&name=caf\u00e9|false",
      "POST|/empty||false",
      "DELETE|/x||true",
      "GET|||false",
      "GET|http://example.test||false",
      "GET|http://example.test?q=1||false",
      "GET|http://example.test/p?q=1||false",
      "GET|/caf\u00e9/\u00fcber||false",
  })
  void bytesAreNettysEncoderBytes(String method, String path, String body, boolean close) {
    RequestPlan p = new RequestPlan(0, method, path == null ? "" : path, body == null ? "" : body, 0, false);
    String host = "127.0.0.1:18091";
    ByteBuf ours = RequestEncoding.encode(ByteBufAllocator.DEFAULT, p, host, close);
    ByteBuf netty = nettyBytes(p, host, close);
    try {
      assertEquals(netty.toString(StandardCharsets.ISO_8859_1), ours.toString(StandardCharsets.ISO_8859_1));
    } finally {
      ours.release();
      netty.release();
    }
  }

  /** What ClientConnection built and Netty encoded before RequestEncoding. */
  private static ByteBuf nettyBytes(RequestPlan p, String host, boolean close) {
    ByteBuf body = p.body().isEmpty() ? Unpooled.EMPTY_BUFFER : Unpooled.copiedBuffer(p.body(), StandardCharsets.UTF_8);
    FullHttpRequest req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(p.method()), p.path(), body);
    req.headers()
        .set(HttpHeaderNames.HOST, host)
        .set(HttpHeaderNames.USER_AGENT, "crosscheck")
        .set(HttpHeaderNames.ACCEPT, "*/*");
    if (body.isReadable() || !"GET".equals(p.method()) && !"HEAD".equals(p.method())) {
      HttpUtil.setContentLength(req, body.readableBytes());
    }
    if (close) {
      req.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    }
    EmbeddedChannel ch = new EmbeddedChannel(new HttpRequestEncoder());
    ch.writeOutbound(req);
    ByteBuf all = Unpooled.buffer();
    for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
      all.writeBytes(b);
      b.release();
    }
    ch.finishAndReleaseAll();
    return all;
  }
}
