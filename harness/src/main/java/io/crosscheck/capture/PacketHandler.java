package io.crosscheck.capture;

/**
 * Receives captured frames one by one, from a file reader or a live capture. The frame bytes are
 * {@code data[offset, offset + capturedLength)} and start at the link-layer header of {@code
 * linkType} (see {@link LinkTypes}); the array is reused after the call returns, so a handler
 * copies what it keeps. Timestamps are wall clock (the capture's clock), in nanoseconds since the
 * epoch, whatever the file's resolution.
 *
 * <p>Called from one thread at a time.
 */
@FunctionalInterface
public interface PacketHandler {
  /**
   * @param timestampEpochNanos when the frame was captured, wall clock, nanoseconds since the epoch
   * @param linkType the link-layer header type of this frame's interface ({@link LinkTypes})
   * @param data the buffer holding the frame (reused after the call)
   * @param offset where the frame starts in {@code data}
   * @param capturedLength bytes of the frame present (at most the snap length)
   * @param originalLength the frame's length on the wire
   */
  void packet(long timestampEpochNanos, int linkType, byte[] data, int offset, int capturedLength,
      int originalLength);
}
