package io.crosscheck.model;

/** The arrival model of a workload: closed, open, or partly-open (DESIGN.md section 1). */
public sealed interface Arrival {

  /**
   * When the users of a closed model start their first session.
   *
   * <ul>
   *   <li>{@link #SPREAD_OVER_RAMP_UP}: user u of N at {@code rampUp * u / N} from the run's start
   *       (all at 0 without ramp-up);
   *   <li>{@link #ALL_AT_ONCE}: every user at the run's start; the ramp-up is only a phase, as in
   *       the RUBiS client, whose ClientEmulator starts every user thread at once and only
   *       multiplies think times during the ramps.
   * </ul>
   */
  enum UserStarts { SPREAD_OVER_RAMP_UP, ALL_AT_ONCE }

  /**
   * A fixed population: {@code users} emulated users, each running sessions back to back.
   *
   * @param users number of users, &gt; 0
   * @param sessionsPerUser sessions each user runs before stopping; 0 means until the run ends
   * @param starts when each user starts its first session
   */
  record Closed(int users, int sessionsPerUser, UserStarts starts) implements Arrival {
    public Closed {
      java.util.Objects.requireNonNull(starts, "starts");
    }

    /** Users spread over the ramp-up. */
    public Closed(int users, int sessionsPerUser) {
      this(users, sessionsPerUser, UserStarts.SPREAD_OVER_RAMP_UP);
    }

    /**
     * The spread model keeps the text it had before {@code starts} existed, so the schedule
     * digests of existing workloads stay the same.
     */
    @Override
    public String toString() {
      return "Closed[users=" + users + ", sessionsPerUser=" + sessionsPerUser
          + (starts == UserStarts.SPREAD_OVER_RAMP_UP ? "" : ", starts=" + starts) + "]";
    }
  }

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
