package io.crosscheck.capture;

/**
 * One pcapng interface: its link type, snap length and how its timestamps convert to epoch
 * nanoseconds ({@code if_tsresol}, {@code if_tsoffset}). Mutable only while its description block
 * is parsed.
 */
final class PacketTimestamps {
  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  final int linkType;
  final long snaplen;
  long offsetSeconds;
  /** Timestamp units per second (10^6 unless {@code if_tsresol} says otherwise). */
  private long unitsPerSecond = 1_000_000L;
  /** log2 of {@link #unitsPerSecond} when the resolution is a power of two, else -1. */
  private int powerOfTwo = -1;

  PacketTimestamps(int linkType, long snaplen) {
    this.linkType = linkType;
    this.snaplen = snaplen;
  }

  /**
   * Applies an {@code if_tsresol} byte: the most significant bit clear means 10^-value seconds,
   * set means 2^-(value &amp; 0x7f) seconds.
   *
   * @return null, or why the value cannot be used
   */
  String resolution(int tsresol) {
    int exponent = tsresol & 0x7f;
    if ((tsresol & 0x80) == 0) {
      if (exponent > 18) {
        return "if_tsresol 10^-" + exponent + " is finer than the supported 10^-18";
      }
      long units = 1;
      for (int i = 0; i < exponent; i++) {
        units *= 10;
      }
      unitsPerSecond = units;
      powerOfTwo = -1;
    } else {
      if (exponent > 62) {
        return "if_tsresol 2^-" + exponent + " is finer than the supported 2^-62";
      }
      unitsPerSecond = 1L << exponent;
      powerOfTwo = exponent;
    }
    return null;
  }

  /** Converts a raw 64-bit (unsigned) timestamp of this interface to epoch nanoseconds. */
  long epochNanos(long units) {
    long seconds = Long.divideUnsigned(units, unitsPerSecond);
    long fraction = Long.remainderUnsigned(units, unitsPerSecond);
    long nanos;
    if (powerOfTwo < 0) {
      nanos = unitsPerSecond <= NANOS_PER_SECOND
          ? fraction * (NANOS_PER_SECOND / unitsPerSecond)
          : fraction / (unitsPerSecond / NANOS_PER_SECOND);
    } else if (powerOfTwo <= 33) {
      nanos = fraction * NANOS_PER_SECOND >>> powerOfTwo;
    } else {
      // fraction < 2^powerOfTwo: drop low bits first so fraction * 10^9 stays below 2^63.
      nanos = (fraction >>> (powerOfTwo - 33)) * NANOS_PER_SECOND >>> 33;
    }
    return (seconds + offsetSeconds) * NANOS_PER_SECOND + nanos;
  }
}
