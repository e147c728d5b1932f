package io.crosscheck.engine;

/**
 * What an engine's JIT warm-up did, as recorded in run.json under {@code jitWarmUp} (a record
 * Jackson serialises field by field, enum by name).
 *
 * @param requests requests issued
 * @param ok requests that ended OK
 * @param elapsedMillis wall time of the warm-up: server start, requests and the JIT's settling
 * @param settleMillis of which the wait, after the requests, for the JIT to finish compiling
 * @param jitSettled whether the JIT had finished compiling at the end of the bounded wait
 * @param repeat true when this JVM's JIT had already settled after an earlier default warm-up, so
 *     this default one ran a tenth of the requests (absent, false, in older files)
 */
public record WarmUpReport(long requests, long ok, long elapsedMillis, long settleMillis, JitSettled jitSettled,
    boolean repeat) {

  /** Whether the JIT finished compiling before the run began. */
  public enum JitSettled {
    /** No compilation finished for a quiet period before the bounded wait ended. */
    SETTLED,
    /** Still compiling when the bounded wait ended: the run's first requests may meet new code. */
    NOT_SETTLED,
    /** This JVM does not monitor compilation time: nothing was waited for and nothing is known. */
    UNKNOWN
  }
}
