package io.crosscheck.model;

/**
 * A session whose next request depends on the replies so far (RUBiS: the next state's URL carries
 * an item id read from the previous page, and a page's images are fetched after it). Engines call
 * it from one thread at a time per session; it draws from its own seeded random stream, so the same
 * seed and the same replies give the same requests and think times in every engine.
 */
public interface SessionScript {
  /**
   * The next request, or null when the session is over.
   *
   * @param previous the reply to the previous request; null for the first request
   * @return the request with its think time before it ({@link RequestPlan#thinkBeforeNanos()}; 0
   *     for a page's images, marked {@link RequestPlan#burstWithPrevious()}) and its 0-based
   *     sequence number in the session
   */
  RequestPlan next(Reply previous);

  /** True when {@link #next} reads reply bodies, so engines must keep them. */
  default boolean needsBody() {
    return true;
  }
}
