package io.crosscheck.schedule;

import java.util.SplittableRandom;

/**
 * Derives independent random streams from one seed, so that a session's draws depend only on
 * (seed, stream, index) and never on the order in which an engine asks for them.
 */
final class Seeds {
  static final long ARRIVALS = 0x41525249L;
  static final long SESSIONS = 0x53455353L;

  private Seeds() {}

  static SplittableRandom stream(long seed, long stream, long index) {
    return new SplittableRandom(mix(mix(seed ^ mix(stream)) + index));
  }

  /** SplitMix64's finalizer. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** An exponential draw with the given mean; {@code 1 - U} keeps the log argument in (0, 1]. */
  static double exponential(SplittableRandom random, double mean) {
    return -mean * Math.log(1.0 - random.nextDouble());
  }
}
