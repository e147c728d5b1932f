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
}
