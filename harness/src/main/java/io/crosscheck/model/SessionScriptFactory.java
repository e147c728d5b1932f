package io.crosscheck.model;

/**
 * Makes the {@link SessionScript} of each session of a scripted workload (see {@link
 * SessionSource.Scripted}). Thread-safe; each call returns an independent script.
 */
public interface SessionScriptFactory {
  /**
   * @param sessionId the session (see {@code SessionPlan.sessionId})
   * @param seed a seed derived from the workload's seed and the session id
   */
  SessionScript create(long sessionId, long seed);

  /** A stable text naming the script and everything that shapes it (enters the schedule digest). */
  String describe();

  /**
   * The state (page) a request target belongs to, for per-state reports; null for a request that
   * belongs to the page before it (an image) or when the script has no states.
   */
  default String stateLabel(String target) {
    return null;
  }

  /**
   * The page mix the scripts declare (their transition table's stationary shares), for the workload
   * audit; null (the default) when they declare none.
   */
  default DeclaredMix declaredMix() {
    return null;
  }

  /**
   * The think times the scripts declare per page state and phase, for the workload audit; null (the
   * default) when they declare none or draw them at random.
   */
  default DeclaredThinkTable declaredThinkTable() {
    return null;
  }

  /** What the scripts did that a report should show (e.g. sessions ended by a client death), or "". */
  default String describeOutcomes() {
    return "";
  }

  /**
   * {@link #describeOutcomes()}, told which users were still waiting for a reply when the run ended
   * (the scripts never saw those replies): a verdict that no user was lost must account for them.
   */
  default String describeOutcomes(StuckUsers stuck) {
    return describeOutcomes();
  }

  /**
   * What the emulated generator reports per page, when it times pages rather than exchanges: one
   * figure from the page's intended start (its scheduled send instant) to the last byte of the
   * last exchange before the next page (images, retries), as TPC-W's RBE does. The text names the
   * figure (it becomes intervals.csv's {@code source}); null (the default) when the generator's
   * figures are per exchange. Needs {@link #stateLabel} to tell pages (non-null) from the rest.
   */
  default String reportedPageTime() {
    return null;
  }

  /** True when {@link #stateLabel} names states, so a per-state summary is worth printing. */
  default boolean hasStates() {
    return false;
  }
}
