package io.crosscheck.wire;

/**
 * A TCP connection's life event as seen in the capture, with the number of connections open
 * right after it (the Bro-style {@code connection.csv} of the study).
 *
 * @param epochNanos capture wall clock
 * @param kind what happened
 * @param connectionId client {@code ip:port}
 * @param connectionOpenEpochNanos the connection's identity instant (see {@link WireExchange})
 * @param openConnections connections open after this event
 */
public record ConnectionEvent(
    long epochNanos, Kind kind, String connectionId, long connectionOpenEpochNanos, int openConnections) {
  /** Open = SYN seen (or first packet mid-connection), established = handshake done, close = FIN or RST. */
  public enum Kind { OPEN, ESTABLISHED, CLOSE }
}
