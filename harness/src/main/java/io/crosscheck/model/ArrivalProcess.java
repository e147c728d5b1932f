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
   * Arrivals at exactly the given offsets from the run's start, each once, then no more: the
   * session start instants a run recorded, replayed ({@code crosscheck replay}). Unlike {@link
   * Gaps} it does not cycle, so a replay ends when its last recorded session does.
   *
   * @param offsetsNanos offsets in nanoseconds, non-decreasing, each &gt;= 0
   * @param source what was replayed, for reports
   */
  record Recorded(List<Long> offsetsNanos, String source) implements ArrivalProcess {
    public Recorded {
      offsetsNanos = List.copyOf(offsetsNanos);
      for (int i = 0; i < offsetsNanos.size(); i++) {
        if (offsetsNanos.get(i) < 0 || (i > 0 && offsetsNanos.get(i) < offsetsNanos.get(i - 1))) {
          throw new IllegalArgumentException("offset " + i + " (" + offsetsNanos.get(i)
              + " ns) is negative or before the one ahead of it (expected non-decreasing offsets >= 0)");
        }
      }
    }

    /**
     * The text the schedule digest reads: the count and a SHA-256 over the offsets (the digest also
     * walks the arrivals themselves), so that a million offsets do not become one string.
     */
    @Override
    public String toString() {
      java.security.MessageDigest sha = Digests.sha256();
      java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(Long.BYTES);
      for (long offset : offsetsNanos) {
        sha.update(buffer.clear().putLong(offset).array());
      }
      return "Recorded[source=" + source + ", arrivals=" + offsetsNanos.size() + ", sha256="
          + java.util.HexFormat.of().formatHex(sha.digest()) + "]";
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
