package io.crosscheck.engine.netty;

import io.crosscheck.model.RequestPlan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

/**
 * The bytes of one engine request, written straight into one buffer: exactly what Netty's {@code
 * HttpRequestEncoder} wrote for the {@code DefaultFullHttpRequest} the engine used to build
 * (request line, then {@code host}, {@code user-agent}, {@code accept}, {@code content-length} when
 * there is a body or the method is neither GET nor HEAD, {@code connection: close} when asked, the
 * blank line, the body), without the request, header map and encoder objects per request that cost
 * the event loop a tenth of its time (bench/PERFORMANCE.md). RequestEncodingTest holds it to
 * Netty's encoder byte for byte.
 */
final class RequestEncoding {
  private static final byte[] VERSION_CRLF = ascii(" HTTP/1.1\r\n");
  private static final byte[] HOST = ascii("host: ");
  private static final byte[] FIXED = ascii("\r\nuser-agent: crosscheck\r\naccept: */*\r\n");
  private static final byte[] CONTENT_LENGTH = ascii("content-length: ");
  private static final byte[] CLOSE = ascii("connection: close\r\n");
  private static final byte[] CRLF = ascii("\r\n");

  private RequestEncoding() {}

  /** The request's bytes in a buffer of {@code alloc}; the caller owns it (writing it releases it). */
  static ByteBuf encode(ByteBufAllocator alloc, RequestPlan p, String hostHeader, boolean close) {
    String method = p.method();
    String uri = target(p.path());
    String body = p.body();
    boolean hasBody = !body.isEmpty();
    int bodyBytes = hasBody ? ByteBufUtil.utf8Bytes(body) : 0;
    ByteBuf b = alloc.buffer(method.length() + 1 + ByteBufUtil.utf8MaxBytes(uri) + 128 + hostHeader.length()
        + (close ? CLOSE.length : 0) + bodyBytes);
    ByteBufUtil.writeAscii(b, method);
    b.writeByte(' ');
    ByteBufUtil.writeUtf8(b, uri);
    b.writeBytes(VERSION_CRLF).writeBytes(HOST);
    ByteBufUtil.writeAscii(b, hostHeader);
    b.writeBytes(FIXED);
    if (hasBody || !"GET".equals(method) && !"HEAD".equals(method)) {
      b.writeBytes(CONTENT_LENGTH);
      ByteBufUtil.writeAscii(b, Integer.toString(bodyBytes));
      b.writeBytes(CRLF);
    }
    if (close) {
      b.writeBytes(CLOSE);
    }
    b.writeBytes(CRLF);
    if (hasBody) {
      ByteBufUtil.writeUtf8(b, body);
    }
    return b;
  }

  /**
   * The request target as Netty's encoder writes it: "/" for an empty one, and an absolute URI
   * without a path gets its "/" (before the query when there is one).
   */
  static String target(String uri) {
    if (uri.isEmpty()) {
      return "/";
    }
    int start = uri.indexOf("://");
    if (start == -1 || uri.charAt(0) == '/') {
      return uri;
    }
    start += 3;
    int query = uri.indexOf('?', start);
    if (query == -1) {
      return uri.lastIndexOf('/') < start ? uri + "/" : uri;
    }
    return uri.lastIndexOf('/', query) < start ? uri.substring(0, query) + "/" + uri.substring(query) : uri;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
