package io.crosscheck.server;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * What crosscheck's servers keep of one request between reading it and replying: the decoded
 * request itself is released at once, so a pipelined queue of these holds no buffers.
 *
 * @param method the request method, e.g. {@code GET}
 * @param uri the request target as sent, query string included
 * @param version HTTP/1.0 or HTTP/1.1; the reply uses the same version
 * @param keepAlive whether the connection may carry another request after this one's reply
 * @param head whether the method is HEAD (reply headers only)
 * @param malformed whether the request failed to decode (answered 400, then close)
 */
public record PendingRequest(
    String method, String uri, HttpVersion version, boolean keepAlive, boolean head, boolean malformed) {

  /** What to keep of {@code request} (which the caller then releases). */
  public static PendingRequest of(FullHttpRequest request) {
    boolean malformed = request.decoderResult().isFailure();
    return new PendingRequest(
        request.method().name(),
        request.uri(),
        request.protocolVersion().equals(HttpVersion.HTTP_1_0) ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1,
        !malformed && HttpUtil.isKeepAlive(request),
        HttpMethod.HEAD.equals(request.method()),
        malformed);
  }
}
