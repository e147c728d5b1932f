package io.crosscheck.compare;

import io.crosscheck.rundir.Findings.ClientHost;
import io.crosscheck.rundir.Findings.ClientHostVerdict;
import io.crosscheck.telemetry.TelemetrySample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The study's sanity check before any error figure: was the client host the bottleneck? Judged from
 * the generator JVM's telemetry samples over the measured phase (on the generator's monotonic
 * clock, as its records), with the send lag of the matched pairs stated beside it.
 *
 * <p>The host is the bottleneck when either
 *
 * <ul>
 *   <li>the generator's CPU (process user + system, cores) was at or above {@value
 *       #SATURATED_FRACTION} of the cores available to it for at least {@value
 *       #SATURATED_SHARE} of the measured seconds: it had no CPU left to send and read on time; or
 *   <li>its threads waited on a run queue, summed over threads, a mean of at least {@value
 *       #RUN_QUEUE_MICROS_PER_SECOND} µs per second (on average at least a tenth of a thread was
 *       runnable and not running: the host's CPUs were taken, by the generator or by others) and
 *       it showed in the requests: the send lag's 99th percentile reached {@value
 *       #SEND_LAG_P99_MICROS} µs (or is unknown, without matched pairs).
 * </ul>
 *
 * Run-queue wait alone does not make the verdict: a JVM's own compiler and GC threads queue behind
 * each other while it warms up (seen here: a mean of 190 ms/s at 0.8 cores of 2 in a light run
 * whose send lag p99 stayed at 0.1 ms); the statement then says that its threads queued.
 *
 * Without telemetry, or with fewer than two samples with CPU in the measured phase, or without the
 * number of cores, it is not judged. Stateless.
 */
public final class ClientHostCheck {
  /** A sample counts as saturated at this fraction of the available cores. */
  public static final double SATURATED_FRACTION = 0.90;
  /** The host is the bottleneck when saturated for this share of the measured seconds. */
  public static final double SATURATED_SHARE = 0.10;
  /** ...or when its threads' mean run-queue wait reaches this, µs per second summed over threads. */
  public static final double RUN_QUEUE_MICROS_PER_SECOND = 100_000;
  /** ...and the send lag p99 reaches this (µs). */
  public static final double SEND_LAG_P99_MICROS = 1_000;

  private ClientHostCheck() {}

  /**
   * @param telemetry the generator's samples, in time order (its monotonic clock)
   * @param windowStartNanos the measured phase's first instant (generator clock)
   * @param windowEndNanos its last
   * @param coresFallback the available cores when the samples do not record them; 0 when unknown
   * @param coresSource where the fallback came from, in words
   * @param sendLagP99Micros the matched pairs' send lag p99, or null without matched pairs
   */
  public static ClientHost judge(List<TelemetrySample> telemetry, long windowStartNanos, long windowEndNanos,
      int coresFallback, String coresSource, Double sendLagP99Micros) {
    return judge(telemetry, windowStartNanos, windowEndNanos, coresFallback, coresSource, sendLagP99Micros,
        Double.NaN, "");
  }

  /**
   * As {@link #judge(List, long, long, int, String, Double)}, stating beside it the start lag: how
   * late the generator began its requests (send start minus intended start, p99 of the measured
   * phase's records, µs; NaN when unknown). Stated, not judged on: a closed-loop generator's
   * lateness also grows with the server's response time. {@code lagEvidence} says, in words, which
   * records and clocks the two lags rest on (appended to the evidence; empty to leave it out).
   */
  public static ClientHost judge(List<TelemetrySample> telemetry, long windowStartNanos, long windowEndNanos,
      int coresFallback, String coresSource, Double sendLagP99Micros, double startLagP99Micros,
      String lagEvidence) {
    return judge(telemetry, windowStartNanos, windowEndNanos, coresFallback, coresSource, sendLagP99Micros,
        startLagP99Micros, lagEvidence, 0);
  }

  /**
   * As above, leaving out {@code busyPollingCores}: cores the engine's event loops keep busy by
   * design (the loop-alone layout spins one), which would otherwise read as a saturated host. Both
   * the CPU samples and the available cores are reduced by them.
   */
  public static ClientHost judge(List<TelemetrySample> telemetry, long windowStartNanos, long windowEndNanos,
      int coresFallback, String coresSource, Double sendLagP99Micros, double startLagP99Micros,
      String lagEvidence, int busyPollingCores) {
    if (telemetry.isEmpty()) {
      return notJudged("the run recorded no telemetry (no telemetry.csv rows): the generator's CPU and run-queue"
          + " wait are unknown", sendLagP99Micros, ClientHostVerdict.NOT_JUDGED_NO_TELEMETRY);
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
    String coresFrom = "the generator JVM's available processors (telemetry)";
    if (cores <= 0) {
      cores = coresFallback;
      coresFrom = coresSource;
    }
    Arrays.sort(gaps);
    double periodMillis = gaps.length == 0 ? Double.NaN : gaps[gaps.length / 2] / 1e6;
    double measuredSeconds = Math.max(0, windowEndNanos - windowStartNanos) / 1e9;
    if (window.size() < 2) {
      // say which: too short a phase for the period, or samples without CPU (singular or plural)
      return notJudged(String.format(Locale.ROOT, "%s telemetry %s with CPU %s in the measured phase (%.1f s, of"
          + " %d %s in all%s; at least 2 needed)", window.isEmpty() ? "no" : "only " + window.size(),
          window.size() == 1 ? "sample" : "samples", window.size() == 1 ? "falls" : "fall", measuredSeconds,
          telemetry.size(), telemetry.size() == 1 ? "sample" : "samples",
          Double.isNaN(periodMillis) ? "" : String.format(Locale.ROOT, " every %.0f ms", periodMillis)),
          sendLagP99Micros, ClientHostVerdict.NOT_JUDGED_FEW_SAMPLES);
    }
    if (cores <= 0) {
      return notJudged("the cores available to the generator are unknown (" + coresSource + ")", sendLagP99Micros,
          ClientHostVerdict.NOT_JUDGED_CORES_UNKNOWN);
    }
    if (busyPollingCores > 0) {
      if (cores <= busyPollingCores) {
        return notJudged(cores + " cores, all of them busy-polled by the engine's event loops: no CPU figure tells"
            + " saturation apart from the spinning", sendLagP99Micros, ClientHostVerdict.NOT_JUDGED_ALL_BUSY_POLLED);
      }
      cores -= busyPollingCores;
      coresFrom += String.format(Locale.ROOT, ", less %d busy-polled by the engine's event loop(s) (run.json"
          + " engine layout; their CPU is left out of every CPU figure)", busyPollingCores);
    }
    double seconds = 0;
    double cpuSum = 0;
    double cpuMax = 0;
    double saturated = 0;
    double queueSum = 0;
    double queueSeconds = 0;
    double queueMax = Double.NaN;
    for (double[] w : window) {
      seconds += w[0];
      cpuSum += w[1] * w[0];
      cpuMax = Math.max(cpuMax, w[1]);
      if (w[1] >= SATURATED_FRACTION * cores) {
        saturated += w[0];
      }
      if (!Double.isNaN(w[2])) {
        queueSum += w[2] * w[0];
        queueSeconds += w[0];
        queueMax = Double.isNaN(queueMax) ? w[2] : Math.max(queueMax, w[2]);
      }
    }
    double cpuMean = cpuSum / seconds;
    double queueMean = queueSeconds > 0 ? queueSum / queueSeconds : Double.NaN;
    boolean saturatedTooLong = saturated >= SATURATED_SHARE * seconds;
    boolean queuedThreads = !Double.isNaN(queueMean) && queueMean >= RUN_QUEUE_MICROS_PER_SECOND;
    boolean lagged = sendLagP99Micros == null || sendLagP99Micros >= SEND_LAG_P99_MICROS;
    boolean queued = queuedThreads && lagged;
    // with a loop on a core of its own, the other cores (in-process server, capture, JIT) may be full
    // while the loop still sends on time: saturation counts only when the send lag shows it
    boolean othersOnly = busyPollingCores > 0 && saturatedTooLong && !lagged;
    boolean saturatedCounts = saturatedTooLong && !othersOnly;
    boolean bottleneck = saturatedCounts || queued;
    String why;
    ClientHostVerdict verdict = othersOnly ? ClientHostVerdict.NOT_BOTTLENECK_LOOP_ON_TIME
        : saturatedCounts && queued ? ClientHostVerdict.BOTTLENECK_CPU_AND_RUN_QUEUE
        : saturatedCounts ? ClientHostVerdict.BOTTLENECK_CPU : queued ? ClientHostVerdict.BOTTLENECK_RUN_QUEUE
        : queuedThreads ? ClientHostVerdict.NOT_BOTTLENECK_SEND_LAG_LOW : ClientHostVerdict.NOT_BOTTLENECK;
    if (othersOnly) {
      why = "the cores left to its other threads were saturated, but its busy-polling loop, on a core of its own,"
          + " sent on time";
    } else if (saturatedCounts && queued) {
      why = "CPU saturated, and threads queued for a core with the send lag showing it";
    } else if (saturatedCounts) {
      why = "CPU saturated";
    } else if (queued) {
      why = "threads queued for a core, and the send lag shows it";
    } else if (queuedThreads) {
      why = "its threads queued for a core, but the send lag stayed low";
    } else {
      why = "";
    }
    String queueWords = Double.isNaN(queueMean) ? "run-queue wait not measured (telemetry without it)"
        : String.format(Locale.ROOT, "run-queue wait mean %.1f ms/s, at most %.1f ms/s", queueMean / 1e3,
            queueMax / 1e3);
    String statement = String.format(Locale.ROOT,
        "%s: generator CPU mean %.2f of %d cores, max %.2f, %.1f s at or above %.0f %% of them; %s; send lag p99 %s"
            + "%s (telemetry %s period, %.1f s measured)",
        bottleneck ? "the bottleneck (" + why + ")" : why.isEmpty() ? "not the bottleneck"
            : "not the bottleneck (" + why + ")", cpuMean, cores, cpuMax, saturated,
        SATURATED_FRACTION * 100, queueWords,
        sendLagP99Micros == null ? "unknown (no matched pairs)" : String.format(Locale.ROOT, "%.3f ms",
            sendLagP99Micros / 1e3),
        Double.isNaN(startLagP99Micros) ? "" : String.format(Locale.ROOT, " (wire - send start), start lag p99 %.3f ms"
            + " (send start - intended start)", startLagP99Micros / 1e3),
        Double.isNaN(periodMillis) ? "unknown" : String.format(Locale.ROOT, "%.0f ms", periodMillis), measuredSeconds);
    String evidence = String.format(Locale.ROOT,
        "%d telemetry samples (%.1f s) of the generator JVM in the measured phase, on its monotonic clock; cores: %s;"
            + " CPU from /proc/self/stat (user + system), run-queue wait from /proc/self/task/*/schedstat summed over"
            + " its threads; thresholds: the bottleneck when CPU >= %.0f %% of the cores for >= %.0f %% of the"
            + " measured seconds, or a mean run-queue wait >= %.0f ms/s with a send lag p99 >= %.0f ms",
        window.size(), seconds, coresFrom, SATURATED_FRACTION * 100, SATURATED_SHARE * 100,
        RUN_QUEUE_MICROS_PER_SECOND / 1e3, SEND_LAG_P99_MICROS / 1e3)
        + (lagEvidence.isEmpty() ? "" : "; " + lagEvidence);
    return new ClientHost(true, bottleneck, statement, cores, cpuMean, cpuMax, saturated,
        Double.isNaN(queueMax) ? null : queueMax, sendLagP99Micros, evidence, saturatedTooLong, verdict);
  }

  private static ClientHost notJudged(String why, Double sendLagP99Micros, ClientHostVerdict verdict) {
    return new ClientHost(false, null, "not judged: " + why, null, null, null, null, null, sendLagP99Micros,
        "generator telemetry (telemetry.csv) over the measured phase", null, verdict);
  }
}
