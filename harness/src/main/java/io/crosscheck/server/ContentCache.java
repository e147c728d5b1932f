package io.crosscheck.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * The generated bodies the {@link EmbeddedServer} serves. Every body is a prefix of one shared,
 * read-only, never-released buffer of printable ASCII (64-byte lines ending in {@code \n}), so a
 * body of any size is a zero-copy slice: no body bytes are allocated per request. The buffer is
 * generated once, at the first request that needs it, and regenerated (at twice the size) only when
 * a larger body than ever before is asked for, so memory is bounded by twice the largest size served
 * and by {@link #MAX_BODY_BYTES}.
 *
 * <p>Thread-safe: readers take a duplicate of a volatile reference; growth is synchronized.
 */
final class ContentCache {
  /** The largest body the server generates: 64 MiB. */
  static final long MAX_BODY_BYTES = 64L << 20;

  private static final int MIN_BYTES = 64 << 10;
  private static final byte[] LINE =
      "crosscheck embedded server generated content 0123456789abcdefgh\n".getBytes(StandardCharsets.US_ASCII);

  private volatile ByteBuf content;

  ContentCache() {
    content = generate(MIN_BYTES);
  }

  /**
   * A body of exactly {@code sizeBytes}: a read-only slice of the shared content whose release is a
   * no-op, so it may be written (and released by Netty) any number of times.
   */
  ByteBuf body(int sizeBytes) {
    if (sizeBytes < 0 || sizeBytes > MAX_BODY_BYTES) {
      throw new IllegalArgumentException("sizeBytes: " + sizeBytes + ": expected 0.." + MAX_BODY_BYTES);
    }
    ByteBuf c = content;
    if (c.capacity() < sizeBytes) {
      c = grow(sizeBytes);
    }
    return c.duplicate().setIndex(0, sizeBytes);
  }

  /** The byte at {@code index} of every body longer than {@code index}; for tests. */
  static byte byteAt(long index) {
    return LINE[(int) (index % LINE.length)];
  }

  private synchronized ByteBuf grow(int sizeBytes) {
    ByteBuf c = content;
    if (c.capacity() < sizeBytes) {
      long target = Math.max(sizeBytes, Math.min(MAX_BODY_BYTES, 2L * c.capacity()));
      c = generate((int) target);
      // The old buffer stays valid: it is unreleasable and requests in flight may still hold slices.
      content = c;
    }
    return c;
  }

  private static ByteBuf generate(int sizeBytes) {
    byte[] bytes = new byte[sizeBytes];
    for (int i = 0; i < sizeBytes; i++) {
      bytes[i] = LINE[i % LINE.length];
    }
    return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(bytes).asReadOnly());
  }
}
