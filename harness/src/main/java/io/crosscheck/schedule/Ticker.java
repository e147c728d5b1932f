package io.crosscheck.schedule;

/**
 * The monotonic clock every engine and scheduler reads, injectable so that tests can assert exact
 * fire times (Netty's {@code Ticker} idea). Values are nanoseconds on an arbitrary origin; only
 * differences mean anything. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface Ticker {
  long nanoTime();

  /** {@link System#nanoTime()}. */
  static Ticker system() {
    return System::nanoTime;
  }
}
