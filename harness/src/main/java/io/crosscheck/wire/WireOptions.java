package io.crosscheck.wire;

/**
 * How {@link WireReconstructor} tells servers from clients and how much it may buffer. Immutable.
 *
 * @param serverPort when positive, only segments to or from this port are reconstructed (others
 *     are counted as filtered) and the side using it is the server; when 0, the server is the side
 *     that answered the SYN or, for connections already open when the capture started, the side
 *     that answers HTTP
 * @param maxBufferedBytesPerDirection out-of-order payload bytes held per direction of a
 *     connection while a hole waits to be filled; beyond it the hole is declared capture loss
 * @param maxHeaderBytes an HTTP message head longer than this is unparsable
 */
public record WireOptions(int serverPort, int maxBufferedBytesPerDirection, int maxHeaderBytes) {
  /** Any port, 1 MiB of out-of-order data per direction, 64 KiB message heads. */
  public static final WireOptions DEFAULTS = new WireOptions(0, 1 << 20, 64 << 10);

  /** Validates the values. */
  public WireOptions {
    if (serverPort < 0 || serverPort > 65_535) {
      throw new IllegalArgumentException("serverPort: " + serverPort + " is not a TCP port (expected 0..65535, 0 = any)");
    }
    if (maxBufferedBytesPerDirection < 0) {
      throw new IllegalArgumentException("maxBufferedBytesPerDirection: " + maxBufferedBytesPerDirection + " (expected >= 0)");
    }
    if (maxHeaderBytes < 64) {
      throw new IllegalArgumentException("maxHeaderBytes: " + maxHeaderBytes + " (expected >= 64)");
    }
  }

  /** These options with the server identified by its port. */
  public WireOptions withServerPort(int port) {
    return new WireOptions(port, maxBufferedBytesPerDirection, maxHeaderBytes);
  }
}
