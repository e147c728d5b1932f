package io.crosscheck.engine;

import java.util.List;
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
 * @param notes lines the run reports once, e.g. the generator's own failures ({@link
 *     GeneratorFaults#describe()}); empty when there is nothing to say
 */
public record EngineResult(
    long startNanos,
    long endNanos,
    long requestsIssued,
    long connectionsOpened,
    long sessionsStarted,
    long sessionsCompleted,
    long reportedResolutionNanos,
    Map<String, Long> extra,
    List<String> notes) {
  public EngineResult {
    extra = Map.copyOf(extra);
    notes = List.copyOf(notes);
  }

  /** A result with nothing to note. */
  public EngineResult(long startNanos, long endNanos, long requestsIssued, long connectionsOpened,
      long sessionsStarted, long sessionsCompleted, long reportedResolutionNanos, Map<String, Long> extra) {
    this(startNanos, endNanos, requestsIssued, connectionsOpened, sessionsStarted, sessionsCompleted,
        reportedResolutionNanos, extra, List.of());
  }

  /** A result of an engine that times in nanoseconds. */
  public EngineResult(long startNanos, long endNanos, long requestsIssued, long connectionsOpened,
      long sessionsStarted, long sessionsCompleted, Map<String, Long> extra) {
    this(startNanos, endNanos, requestsIssued, connectionsOpened, sessionsStarted, sessionsCompleted, 0, extra);
  }
}
