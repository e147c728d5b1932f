package io.crosscheck.compare;

import io.crosscheck.model.Phase;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.stats.ConfidenceInterval;
import io.crosscheck.stats.Fit;
import io.crosscheck.stats.Intervals;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * The workload a generator sent, from the wire (issue 27, first part): sessions, rate, whether each
 * session's next request waited for its previous reply, and its think times on the wire against the
 * think time its run declared. Stateless.
 */
public final class WorkloadCheck {
  private static final double LEVEL = 0.95;

  private WorkloadCheck() {}

  /**
   * The workload over the measured phase's matched pairs complete on the wire; null when there is
   * none.
   *
   * @param matched every matched pair
   * @param declared the run's workload section (run.json), or null when it declared none
   */
  public static Findings.Workload judge(List<Match> matched, WorkloadSection declared) {
    Map<Long, List<Match>> bySession = new HashMap<>();
    long firstStart = Long.MAX_VALUE;
    long lastStart = Long.MIN_VALUE;
    long requests = 0;
    for (Match m : matched) {
      if (m.record().phase() != Phase.MEASURE || !m.exchange().complete()) {
        continue;
      }
      bySession.computeIfAbsent(m.record().sessionId(), k -> new ArrayList<>()).add(m);
      firstStart = Math.min(firstStart, m.exchange().requestStartEpochNanos());
      lastStart = Math.max(lastStart, m.exchange().requestStartEpochNanos());
      requests++;
    }
    if (requests == 0) {
      return null;
    }
    long consecutive = 0;
    long afterCompletion = 0;
    List<Double> thinkMillis = new ArrayList<>();
    for (List<Match> session : bySession.values()) {
      session.sort(Comparator.comparingInt(m -> m.record().seq()));
      for (int i = 1; i < session.size(); i++) {
        Match previous = session.get(i - 1);
        Match next = session.get(i);
        if (next.record().seq() != previous.record().seq() + 1) {
          continue;
        }
        consecutive++;
        long gapNanos = next.exchange().requestStartEpochNanos() - previous.exchange().lastResponseByteEpochNanos();
        if (gapNanos >= 0) {
          afterCompletion++;
          thinkMillis.add(gapNanos / 1e6);
        }
      }
    }
    double[] think = thinkMillis.stream().mapToDouble(Double::doubleValue).toArray();
    ConfidenceInterval mean = think.length < 2 ? null : Intervals.meanOfSeries(think, LEVEL);
    WorkloadSection.ThinkSection declaredThink = declared == null ? null : declared.thinkTime();
    DoubleUnaryOperator cdf = cdfMillis(declaredThink);
    Fit fit = cdf == null ? null : Fit.kolmogorovSmirnov(think, cdf);
    double seconds = (lastStart - firstStart) / 1e9;
    return new Findings.Workload(bySession.size(), requests, seconds > 0 ? requests / seconds : Double.NaN,
        consecutive, afterCompletion, mean, declaredThink, fit);
  }

  /** The declared think time's distribution function in milliseconds, null when it has none to test. */
  static DoubleUnaryOperator cdfMillis(WorkloadSection.ThinkSection t) {
    if (t == null || t.type() == null) {
      return null;
    }
    return switch (t.type()) {
      case "exponential" -> t.meanNanos() == null ? null : Fit.exponential(t.meanNanos() / 1e6);
      case "uniform" -> t.minNanos() == null || t.maxNanos() == null || t.maxNanos() <= t.minNanos() ? null
          : uniform(t.minNanos() / 1e6, t.maxNanos() / 1e6);
      default -> null;
    };
  }

  private static DoubleUnaryOperator uniform(double low, double high) {
    return x -> x <= low ? 0 : x >= high ? 1 : (x - low) / (high - low);
  }
}
