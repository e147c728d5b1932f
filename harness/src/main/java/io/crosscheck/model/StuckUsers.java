package io.crosscheck.model;

/**
 * The users of a scripted run that were waiting for a reply when the run ended: their request was
 * sent and never answered (the engine aborted it at the end, after its grace, or the stall timeout
 * stopped the run). A script that emulates a generator without read timeouts (the TPC-W RBE, RUBiS)
 * would have hung those users there. Immutable.
 *
 * @param users distinct sessions with such a request
 * @param requests the requests
 * @param longestWaitNanos the longest of their waits, from send start to the run's end
 */
public record StuckUsers(long users, long requests, long longestWaitNanos) {
  /** Nobody was waiting. */
  public static final StuckUsers NONE = new StuckUsers(0, 0, 0);
}
