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

  /**
   * {@link #next(Reply)}, told the run's phase at the instant the user decides (on the engine's
   * clock: the previous reply's end, or the session's start for the first request). Engines call
   * this one; a script whose think times depend on the phase (RUBiS multiplies them by a slowdown
   * factor during the ramps) overrides it. By default the phase is ignored.
   *
   * @param phase the phase in force when the next request and its think time are drawn
   */
  default RequestPlan next(Reply previous, Phase phase) {
    return next(previous);
  }

  /** True when {@link #next} reads reply bodies, so engines must keep them. */
  default boolean needsBody() {
    return true;
  }
}
