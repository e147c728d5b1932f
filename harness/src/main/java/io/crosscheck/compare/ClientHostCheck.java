package io.crosscheck.compare;

import static io.crosscheck.rundir.Findings.ClientHostThresholds.RUN_QUEUE_MICROS_PER_SECOND;
import static io.crosscheck.rundir.Findings.ClientHostThresholds.SATURATED_FRACTION;
import static io.crosscheck.rundir.Findings.ClientHostThresholds.SATURATED_SHARE;
import static io.crosscheck.rundir.Findings.ClientHostThresholds.SEND_LAG_P99_MICROS;

import io.crosscheck.rundir.Findings.ClientHost;
import io.crosscheck.rundir.Findings.ClientHostThresholds;
import io.crosscheck.rundir.Findings.ClientHostVerdict;
import io.crosscheck.rundir.Findings.CoresSource;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.telemetry.WeightedMean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The study's sanity check before any error figure: was the client host the bottleneck? Judged from
 * the generator JVM's telemetry samples over the measured phase (on the generator's monotonic
 * clock, as its records), with the send lag of the matched pairs stated beside it.
 *
 * <p>The host is the bottleneck when either
 *
 * <ul>
 *   <li>the generator's CPU (process user + system, cores) was at or above {@value
 *       ClientHostThresholds#SATURATED_FRACTION} of the cores available to it for at least {@value
 *       ClientHostThresholds#SATURATED_SHARE} of the measured seconds: it had no CPU left to send and read on time; or
 *   <li>its threads waited on a run queue, summed over threads, a mean of at least {@value
 *       ClientHostThresholds#RUN_QUEUE_MICROS_PER_SECOND} µs per second (on average at least a tenth of a thread was
 *       runnable and not running: the host's CPUs were taken, by the generator or by others) and
 *       it showed in the requests: the send lag's 99th percentile reached {@value
 *       ClientHostThresholds#SEND_LAG_P99_MICROS} µs (or is unknown, without matched pairs).
 * </ul>
 *
 * Run-queue wait alone does not make the verdict: a JVM's own compiler and GC threads queue behind
 * each other while it warms up (seen here: a mean of 190 ms/s at 0.8 cores of 2 in a light run
 * whose send lag p99 stayed at 0.1 ms); the verdict then says that its threads queued ({@code
 * NOT_BOTTLENECK_SEND_LAG_LOW}).
 *
 * Without telemetry, or with fewer than two samples with CPU in the measured phase, or without the
 * number of cores, it is not judged. The verdict is data (an enum and the figures it rests on);
 * {@code report.FindingsSentences} says it in words. Stateless.
 */
public final class ClientHostCheck {
  private ClientHostCheck() {}

  /**
   * @param telemetry the generator's samples, in time order (its monotonic clock)
   * @param windowStartNanos the measured phase's first instant (generator clock)
   * @param windowEndNanos its last
   * @param coresFallback the available cores when the samples do not record them; 0 when unknown
   * @param coresSource where the fallback came from
   * @param sendLagP99Micros the matched pairs' send lag p99, or null without matched pairs
   */
  public static ClientHost judge(List<TelemetrySample> telemetry, long windowStartNanos, long windowEndNanos,
      int coresFallback, CoresSource coresSource, Double sendLagP99Micros) {
    return judge(telemetry, windowStartNanos, windowEndNanos, coresFallback, coresSource, sendLagP99Micros,
        Double.NaN, null, null, 0);
  }

  /**
   * As {@link #judge(List, long, long, int, CoresSource, Double)}, stating beside it the start lag: how
   * late the generator began its requests (send start minus intended start, p99 of the measured
   * phase's records, µs; NaN when unknown). Stated, not judged on: a closed-loop generator's
   * lateness also grows with the server's response time. {@code sendLagPairs} and {@code
   * startLagRecords} count what the two lags rest on (null, both, to leave them unstated). {@code
   * busyPollingCores} are cores the engine's event loops keep busy by design (the loop-alone layout
   * spins one), which would otherwise read as a saturated host: both the CPU samples and the available
   * cores are reduced by them.
   */
  public static ClientHost judge(List<TelemetrySample> telemetry, long windowStartNanos, long windowEndNanos,
      int coresFallback, CoresSource coresSource, Double sendLagP99Micros, double startLagP99Micros,
      Long sendLagPairs, Long startLagRecords, int busyPollingCores) {
    if (telemetry.isEmpty()) {
      return ClientHost.notJudged(ClientHostVerdict.NOT_JUDGED_NO_TELEMETRY, sendLagP99Micros);
    }
    List<double[]> window = new ArrayList<>(); // {seconds, cpuCores, runQueueMicrosPerSecond}
    long[] gaps = new long[Math.max(0, telemetry.size() - 1)];
    int cores = 0;
    for (int i = 1; i < telemetry.size(); i++) {
      TelemetrySample prev = telemetry.get(i - 1);
      TelemetrySample s = telemetry.get(i);
      gaps[i - 1] = s.sampleNanos() - prev.sampleNanos();
      cores = Math.max(cores, s.cpuCoresAvailable());
      if (s.sampleNanos() <= windowStartNanos || prev.sampleNanos() >= windowEndNanos
          || Double.isNaN(s.processCpuCores())) {
        continue;
      }
      window.add(new double[] {gaps[i - 1] / 1e9, Math.max(0, s.processCpuCores() - busyPollingCores),
          s.runQueueWaitMicrosPerSecond()});
    }
    CoresSource coresFrom = CoresSource.TELEMETRY;
    if (cores <= 0) {
      cores = coresFallback;
      coresFrom = coresSource;
    }
    Arrays.sort(gaps);
    Double periodMillis = gaps.length == 0 ? null : gaps[gaps.length / 2] / 1e6;
    double measuredSeconds = Math.max(0, windowEndNanos - windowStartNanos) / 1e9;
    if (window.size() < 2) {
      return new ClientHost(false, null, null, null, null, null, null, null, sendLagP99Micros, null, null, null, null,
          ClientHostVerdict.NOT_JUDGED_FEW_SAMPLES, null, null, periodMillis, measuredSeconds, window.size(),
          telemetry.size(), null, null, null, null, null, null);
    }
    if (cores <= 0) {
      return new ClientHost(false, null, null, null, null, null, null, null, sendLagP99Micros, null, null, null, null,
          ClientHostVerdict.NOT_JUDGED_CORES_UNKNOWN, null, null, null, null, null, null, null, coresSource, null, null,
          null, null);
    }
    if (busyPollingCores > 0 && cores <= busyPollingCores) {
      return new ClientHost(false, null, null, cores, null, null, null, null, sendLagP99Micros, null, null, null, null,
          ClientHostVerdict.NOT_JUDGED_ALL_BUSY_POLLED, null, null, null, null, null, null, null, coresFrom,
          busyPollingCores, null, null, null);
    }
    cores -= Math.max(0, busyPollingCores);
    double seconds = 0;
    double cpuSum = 0;
    double cpuMax = 0;
    double saturated = 0;
    WeightedMean queue = new WeightedMean(); // run-queue wait, µs per second
    for (double[] w : window) {
      seconds += w[0];
      cpuSum += w[1] * w[0];
      cpuMax = Math.max(cpuMax, w[1]);
      if (w[1] >= SATURATED_FRACTION * cores) {
        saturated += w[0];
      }
      queue.add(w[2], w[0]);
    }
    double cpuMean = cpuSum / seconds;
    double queueMean = queue.mean();
    boolean saturatedTooLong = saturated >= SATURATED_SHARE * seconds;
    boolean queuedThreads = !Double.isNaN(queueMean) && queueMean >= RUN_QUEUE_MICROS_PER_SECOND;
    boolean lagged = sendLagP99Micros == null || sendLagP99Micros >= SEND_LAG_P99_MICROS;
    boolean queued = queuedThreads && lagged;
    // with a loop on a core of its own, the other cores (in-process server, capture, JIT) may be full
    // while the loop still sends on time: saturation counts only when the send lag shows it
    boolean othersOnly = busyPollingCores > 0 && saturatedTooLong && !lagged;
    boolean saturatedCounts = saturatedTooLong && !othersOnly;
    boolean bottleneck = saturatedCounts || queued;
    ClientHostVerdict verdict = othersOnly ? ClientHostVerdict.NOT_BOTTLENECK_LOOP_ON_TIME
        : saturatedCounts && queued ? ClientHostVerdict.BOTTLENECK_CPU_AND_RUN_QUEUE
        : saturatedCounts ? ClientHostVerdict.BOTTLENECK_CPU : queued ? ClientHostVerdict.BOTTLENECK_RUN_QUEUE
        : queuedThreads ? ClientHostVerdict.NOT_BOTTLENECK_SEND_LAG_LOW : ClientHostVerdict.NOT_BOTTLENECK;
    return new ClientHost(true, bottleneck, null, cores, cpuMean, cpuMax, saturated,
        Double.isNaN(queue.max()) ? null : queue.max(), sendLagP99Micros, null, saturatedTooLong, null, null, verdict,
        Double.isNaN(queueMean) ? null : queueMean, Double.isNaN(startLagP99Micros) ? null : startLagP99Micros,
        periodMillis, measuredSeconds, window.size(), telemetry.size(), seconds, coresFrom,
        Math.max(0, busyPollingCores), sendLagPairs, startLagRecords, ClientHostThresholds.CURRENT);
  }
}
