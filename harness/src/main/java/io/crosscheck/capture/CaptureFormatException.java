package io.crosscheck.capture;

import java.io.IOException;

/**
 * A capture file that cannot be read: unknown magic, an impossible length field, a malformed
 * pcapng block. The message names the file, the byte offset where the problem starts, what was
 * found and what was expected, e.g. {@code run/capture.pcapng: byte 1,204: block type 0x00000006
 * has total length 30, not a multiple of 4}.
 *
 * <p>A file that merely ends in the middle of a record is not an error: the reader delivers what
 * was complete and adds a warning to {@link CaptureStats#warnings()}.
 */
public final class CaptureFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  /** @param message where (file, byte offset) and what, ready to show to a user */
  public CaptureFormatException(String message) {
    super(message);
  }
}
