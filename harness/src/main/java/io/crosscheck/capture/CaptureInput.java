package io.crosscheck.capture;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A growable window over a capture stream: the parsers ask for {@code n} contiguous bytes at
 * {@link #pos} and read them straight out of {@link #buf}, so a packet is delivered to the handler
 * without being copied. The buffer grows only when it is full of data actually read, so a bogus
 * length field in a short file never allocates more than about twice the file's size.
 *
 * <p>Not thread-safe; one per read.
 */
final class CaptureInput {
  static final int INITIAL_BUFFER_BYTES = 1 << 20;

  private final InputStream in;
  /** The window; replaced (grown) by {@link #require}, so re-read it after each call. */
  byte[] buf = new byte[INITIAL_BUFFER_BYTES];
  /** Index in {@link #buf} of the next unread byte. */
  int pos;

  private int limit;
  private long bufferStartOffset;
  private boolean endOfStream;

  CaptureInput(InputStream in) {
    this.in = in;
  }

  /** Offset in the stream of {@link #pos}. */
  long offset() {
    return bufferStartOffset + pos;
  }

  /**
   * Makes {@code n} bytes contiguous at {@link #pos} if the stream has them.
   *
   * @return the bytes available at {@link #pos}: at least {@code n}, or fewer at end of stream
   */
  int require(int n) throws IOException {
    if (limit - pos >= n) {
      return limit - pos;
    }
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, limit - pos);
      bufferStartOffset += pos;
      limit -= pos;
      pos = 0;
    }
    while (limit < n && !endOfStream) {
      if (limit == buf.length) {
        buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 16, 2L * buf.length));
      }
      int read = in.read(buf, limit, buf.length - limit);
      if (read < 0) {
        endOfStream = true;
      } else {
        limit += read;
      }
    }
    return limit - pos;
  }

  static int u16(byte[] b, int i, boolean bigEndian) {
    return bigEndian
        ? (b[i] & 0xff) << 8 | (b[i + 1] & 0xff)
        : (b[i + 1] & 0xff) << 8 | (b[i] & 0xff);
  }

  /** An unsigned 32-bit field. */
  static long u32(byte[] b, int i, boolean bigEndian) {
    return s32(b, i, bigEndian) & 0xffff_ffffL;
  }

  static int s32(byte[] b, int i, boolean bigEndian) {
    return bigEndian
        ? (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff)
        : (b[i + 3] & 0xff) << 24 | (b[i + 2] & 0xff) << 16 | (b[i + 1] & 0xff) << 8 | (b[i] & 0xff);
  }

  static long s64(byte[] b, int i, boolean bigEndian) {
    long first = u32(b, i, bigEndian);
    long second = u32(b, i + 4, bigEndian);
    return bigEndian ? first << 32 | second : second << 32 | first;
  }
}
