package io.crosscheck.model;

/** The arrival model of a workload: closed, open, or partly-open (DESIGN.md section 1). */
public sealed interface Arrival {

  /**
   * A fixed population: {@code users} emulated users, each running sessions back to back.
   *
   * @param users number of users, &gt; 0
   * @param sessionsPerUser sessions each user runs before stopping; 0 means until the run ends
   */
  record Closed(int users, int sessionsPerUser) implements Arrival {}

  /**
   * Open: single requests arrive by {@code process}, independent of completions. Each arrival is a
   * session of exactly one request.
   */
  record Open(ArrivalProcess process) implements Arrival {}

  /**
   * Partly-open: sessions arrive by {@code process}; within a session the user waits for each
   * reply and thinks before the next request.
   */
  record PartlyOpen(ArrivalProcess process) implements Arrival {}
}
