package io.crosscheck.engine.legacy;

/**
 * How one legacy user fetches a request: the part that differs between
 * {@link LegacyUrlConnectionEngine} and {@link LegacyHttpClientEngine}. One per user thread and
 * confined to it; created on that thread.
 */
interface Fetcher extends AutoCloseable {
  /**
   * Sends {@code ex}, reads its reply to the end and ends it with its outcome
   * ({@link InFlight#end}). Returns normally for every I/O failure; may throw
   * {@link OutOfMemoryError}, which the caller records.
   */
  void fetch(InFlight ex);

  /** Releases what the user held (its connection); never throws. */
  @Override
  void close();
}
