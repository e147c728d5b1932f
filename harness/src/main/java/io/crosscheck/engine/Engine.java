package io.crosscheck.engine;

import io.crosscheck.record.RecordSink;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import java.util.Optional;

/**
 * A load generator: runs a {@link Schedule} against its target and hands one record per issued
 * request to the sink. Engines differ in mechanics (event loop, thread per user) and connection
 * policy, never in the work: the schedule decides sessions, think times and arrival instants.
 */
public interface Engine {
  /** The name used on the command line, e.g. {@code netty}. */
  String name();

  /**
   * Runs the schedule until it is exhausted (bounded closed sessions, or no arrival before the
   * run's total duration) or the total duration has passed, whichever comes first; then waits for
   * in-flight requests up to the request timeout and records the rest as aborted. Blocks the
   * calling thread. Interrupting it ends the run the same way, early.
   *
   * @param schedule the work
   * @param options engine settings
   * @param ticker the monotonic clock records are stamped with
   * @param sink receives one record per issued request, from any thread
   * @param progress live counters
   * @return statistics of the engine's own behaviour
   */
  EngineResult run(
      Schedule schedule, EngineOptions options, Ticker ticker, RecordSink sink, EngineProgress progress)
      throws InterruptedException;

  /**
   * Exercises the engine's request path before a run, so that its code is JIT-compiled when the
   * first measured request goes out; nothing is sent to the run's target, only to a server started
   * from {@code target}. Engines that reproduce another generator (cold start included) do nothing
   * and return empty.
   *
   * @param options the settings the run will use
   * @param requests how many requests to make (the engine may stop earlier on a time bound)
   * @param target starts the server the warm-up's requests go to, and stops it afterwards
   * @return what was done, or empty when this engine is not warmed up
   */
  default Optional<? extends WarmUpResult> warmUp(EngineOptions options, int requests, WarmUpTarget target)
      throws InterruptedException {
    return Optional.empty();
  }

  /** What {@link #warmUp} did. */
  interface WarmUpResult {
    /** A line for the console. */
    String describe();

    /** The fields for run.json ({@code jitWarmUp}). */
    WarmUpReport toJson();
  }
}
