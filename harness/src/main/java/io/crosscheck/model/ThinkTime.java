package io.crosscheck.model;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How long a user waits between receiving a reply and sending the next request. All durations in
 * nanoseconds. Drawn by the schedule from the session's own seeded random stream.
 */
public sealed interface ThinkTime {

  /** No think time. */
  record None() implements ThinkTime {}

  /** Always {@code nanos}. */
  record Fixed(long nanos) implements ThinkTime {}

  /** Exponentially distributed with mean {@code meanNanos}. */
  record Exponential(long meanNanos) implements ThinkTime {}

  /** Uniform in {@code [minNanos, maxNanos]}. */
  record Uniform(long minNanos, long maxNanos) implements ThinkTime {}

  /**
   * Per state: the think time before a request is looked up by the request's state (its path for
   * URL-list workloads); states not in the table use {@code fallback}.
   */
  record PerState(SortedMap<String, Long> nanosByState, ThinkTime fallback, String source)
      implements ThinkTime {
    public PerState {
      // sorted, so that toString (part of the schedule digest) is the same in every JVM
      nanosByState = Collections.unmodifiableSortedMap(new TreeMap<>(nanosByState));
    }

    public static PerState of(Map<String, Long> nanosByState, ThinkTime fallback, String source) {
      return new PerState(new TreeMap<>(nanosByState), fallback, source);
    }
  }
}
