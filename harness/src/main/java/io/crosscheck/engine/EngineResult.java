package io.crosscheck.engine;

import java.util.Map;

/**
 * What an engine reports about its own run.
 *
 * @param startNanos monotonic instant the schedule's offset 0 was mapped to
 * @param endNanos monotonic instant the engine finished
 * @param requestsIssued requests handed to the network (each has exactly one record)
 * @param connectionsOpened TCP connections the engine opened; -1 when it cannot see them (the JDK's
 *     {@code URL.openStream}: the capture counts them)
 * @param sessionsStarted sessions started
 * @param sessionsCompleted sessions that ran to their last request
 * @param reportedResolutionNanos the resolution of the instants the engine recorded: 1,000,000 for
 *     an engine that times with {@code System.currentTimeMillis} as the original clients do, 0 for
 *     nanosecond timing (the comparison widens its "impossible lag" bound by it)
 * @param extra engine-specific gauges, e.g. {@code maxIdleConnections} for shared-cache
 */
public record EngineResult(
    long startNanos,
    long endNanos,
    long requestsIssued,
    long connectionsOpened,
    long sessionsStarted,
    long sessionsCompleted,
    long reportedResolutionNanos,
    Map<String, Long> extra) {
  public EngineResult {
    extra = Map.copyOf(extra);
  }

  /** A result of an engine that times in nanoseconds. */
  public EngineResult(long startNanos, long endNanos, long requestsIssued, long connectionsOpened,
      long sessionsStarted, long sessionsCompleted, Map<String, Long> extra) {
    this(startNanos, endNanos, requestsIssued, connectionsOpened, sessionsStarted, sessionsCompleted, 0, extra);
  }
}
