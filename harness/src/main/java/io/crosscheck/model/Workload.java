package io.crosscheck.model;

import java.util.Objects;

/**
 * A complete workload definition: what to send, where, and when. Immutable; together with its seed
 * it determines every session, think time and arrival instant ({@code io.crosscheck.schedule}).
 */
public record Workload(
    Target target,
    Arrival arrival,
    SessionSource source,
    SessionLength length,
    ThinkTime thinkTime,
    Phases phases,
    long seed) {
  public Workload {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(arrival, "arrival");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(length, "length");
    Objects.requireNonNull(thinkTime, "thinkTime");
    Objects.requireNonNull(phases, "phases");
  }

  /** This workload sent to {@code to} instead (e.g. the target with its resolved address). */
  public Workload withTarget(Target to) {
    return new Workload(to, arrival, source, length, thinkTime, phases, seed);
  }
}
