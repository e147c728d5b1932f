package io.crosscheck.model;

import java.util.List;

/**
 * How arrivals (of sessions, or of single requests) are spaced in time. A definition only: the
 * seeded sequence of instants is produced by {@code io.crosscheck.schedule.ArrivalSequence}.
 */
public sealed interface ArrivalProcess {

  /** Exponential inter-arrival times (a Poisson process) with the given mean rate. */
  record Poisson(double ratePerSecond) implements ArrivalProcess {}

  /** Arrivals exactly {@code 1 / ratePerSecond} apart, the first at offset 0. */
  record Deterministic(double ratePerSecond) implements ArrivalProcess {}

  /**
   * Inter-arrival gaps given one by one (httperf's {@code --period=s,FILE} idea), used in order and
   * cycled when exhausted. The first arrival is at offset {@code gapsNanos[0]}.
   *
   * @param gapsNanos gaps in nanoseconds, each &gt;= 0, at least one &gt; 0
   * @param source where the gaps were read from, for reports
   */
  record Gaps(List<Long> gapsNanos, String source) implements ArrivalProcess {
    public Gaps {
      gapsNanos = List.copyOf(gapsNanos);
    }
  }

  /**
   * A piecewise-constant rate (e.g. a flash crowd: 10/s for 10 s, 333/s for 4 s, 10/s for 10 s).
   * After the last step the last rate continues.
   *
   * @param steps consecutive steps starting at offset 0
   * @param poisson exponential gaps within each step when true, evenly spaced otherwise
   */
  record RateSteps(List<RateStep> steps, boolean poisson) implements ArrivalProcess {
    public RateSteps {
      steps = List.copyOf(steps);
    }
  }

  /** One step of {@link RateSteps}: {@code ratePerSecond} for {@code durationNanos}. */
  record RateStep(double ratePerSecond, long durationNanos) {}
}
