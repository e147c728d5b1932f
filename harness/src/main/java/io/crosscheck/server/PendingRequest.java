package io.crosscheck.server;

import io.netty.handler.codec.http.HttpVersion;

/**
 * What the embedded server keeps of one request between reading it and replying: the decoded
 * request itself is released at once, so a pipelined queue of these holds no buffers.
 *
 * @param method the request method, e.g. {@code GET}
 * @param uri the request target as sent, query string included
 * @param version HTTP/1.0 or HTTP/1.1; the reply uses the same version
 * @param keepAlive whether the connection may carry another request after this one's reply
 * @param head whether the method is HEAD (reply headers only)
 * @param malformed whether the request failed to decode (answered 400, then close)
 */
record PendingRequest(
    String method, String uri, HttpVersion version, boolean keepAlive, boolean head, boolean malformed) {}
