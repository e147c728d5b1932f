package io.crosscheck.wire;

/**
 * One HTTP/1.x exchange rebuilt from packets (DESIGN.md §2). Instants are the capture's wall clock
 * in nanoseconds since the epoch; an instant that was not seen is -1.
 *
 * @param connectionId the client side {@code ip:port} (IPv6 as {@code [addr]:port}), as the
 *     engines write it in {@code RequestRecord.connectionId}
 * @param connectionOpenEpochNanos the connection's SYN, or its first packet when the capture
 *     started mid-connection; with {@code connectionId} the identity of a connection (ports are
 *     reused within seconds)
 * @param serverAddress the server side {@code ip:port}
 * @param requestIndex 0-based position of the request on its connection
 * @param pipelined the request started before the previous response on the connection ended
 * @param connectNanos SYN to SYN-ACK, for the first request of a connection whose handshake was
 *     captured; -1 otherwise
 * @param requestStartEpochNanos the request's first byte (first data segment)
 * @param requestEndEpochNanos the segment that carried the request's last byte
 * @param firstResponseByteEpochNanos the segment that carried the response's first byte
 * @param lastResponseByteEpochNanos the segment that carried the response's last byte
 * @param method request method
 * @param url request target
 * @param status response status, 0 when none
 * @param requestBytes request bytes (headers and body) in TCP payload
 * @param responseBytes response bytes (headers and body) in TCP payload, as on the wire
 * @param note empty for a complete exchange, else why not: {@code no-response}, {@code reset},
 *     {@code closed}, {@code truncated}, {@code capture-ended}, {@code timestamps-backwards} (its instants run
 *     backwards in the capture's timestamps: impossible, see {@link WireStats#impossibleExchanges}),
 *     {@code instant-not-captured} (the request's first byte or the response's last was lost by the
 *     capture, or held behind lost bytes: framed, but that instant is only when the loss became known)
 * @param urlTruncated the request line was cut (by the snap length, or a capture gap) inside the
 *     target: {@code url} is only the captured prefix of the target (method and request bytes are
 *     still exact: the bytes' count comes from TCP sequence numbers)
 */
public record WireExchange(
    String connectionId,
    long connectionOpenEpochNanos,
    String serverAddress,
    int requestIndex,
    boolean pipelined,
    long connectNanos,
    long requestStartEpochNanos,
    long requestEndEpochNanos,
    long firstResponseByteEpochNanos,
    long lastResponseByteEpochNanos,
    String method,
    String url,
    int status,
    long requestBytes,
    long responseBytes,
    String note,
    boolean urlTruncated) {

  /** An exchange whose request line was captured whole (or not at all: empty method and URL). */
  public WireExchange(String connectionId, long connectionOpenEpochNanos, String serverAddress,
      int requestIndex, boolean pipelined, long connectNanos, long requestStartEpochNanos,
      long requestEndEpochNanos, long firstResponseByteEpochNanos, long lastResponseByteEpochNanos,
      String method, String url, int status, long requestBytes, long responseBytes, String note) {
    this(connectionId, connectionOpenEpochNanos, serverAddress, requestIndex, pipelined, connectNanos,
        requestStartEpochNanos, requestEndEpochNanos, firstResponseByteEpochNanos,
        lastResponseByteEpochNanos, method, url, status, requestBytes, responseBytes, note, false);
  }

  /** Request start to the first response byte, or -1. */
  public long replyTimeNanos() {
    return firstResponseByteEpochNanos < 0 ? -1 : firstResponseByteEpochNanos - requestStartEpochNanos;
  }

  /** Request start to the last response byte (the study's response time), or -1. */
  public long responseTimeNanos() {
    return lastResponseByteEpochNanos < 0 ? -1 : lastResponseByteEpochNanos - requestStartEpochNanos;
  }

  /** True when the response was seen to its end. */
  public boolean complete() {
    return note.isEmpty();
  }
}
