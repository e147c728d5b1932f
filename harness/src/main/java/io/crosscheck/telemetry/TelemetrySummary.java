package io.crosscheck.telemetry;

import java.util.List;

/**
 * What one run's telemetry amounts to, for run.json and findings: the JVM pressure next to the
 * measurement error.
 *
 * <p>Everything is over the recorder's lifetime ({@code startNanos}..{@code endNanos}, monotonic),
 * computed from the rows written to telemetry.csv, except the pause totals, which include pauses
 * that the pause source delivered after their row was written ({@code gcPausesLate}). Means are weighted by
 * each row's interval. {@code NaN} (JSON {@code null}) or {@code -1} mean unavailable; {@code
 * problems} says why. Written into run.json as is (its {@code telemetry} section; NaN as null).
 *
 * @param startNanos monotonic instant the recorder started (its baseline sample)
 * @param startEpochNanos wall-clock instant read next to {@code startNanos}, for alignment
 * @param endNanos monotonic instant of the last row
 * @param periodNanos sampling period
 * @param samples rows written to telemetry.csv
 * @param threadsPeak peak live threads during the run
 * @param threadsStartedInRun threads started during the run
 * @param heapUsedMaxBytes the largest heapUsedBytes of any row
 * @param gcCount collections during the run, all collectors
 * @param gcTimeMillis collection time during the run as the MXBeans report it
 * @param gcPauses stop-the-world pauses during the run, -1 if no pause source ran
 * @param gcPauseTotalMicros their summed duration, -1 if no pause source ran
 * @param gcPauseMaxMicros the longest, -1 if no pause source ran
 * @param gcPausesLate pauses delivered after their row was written (missing from the rows)
 * @param allocatedBytes heap bytes allocated during the run, -1 if unavailable
 * @param processCpuMeanCores mean process CPU, user plus system, in cores
 * @param processCpuUserMeanCores mean process user CPU, in cores
 * @param processCpuSysMeanCores mean process system CPU, in cores
 * @param systemCpuMeanFraction mean host CPU busy fraction of all cores (0..1)
 * @param gcPauseSource where pauses came from ("jmx:GarbageCollectionNotification",
 *     "jfr:jdk.GCPhasePause"), "off", or "unavailable: " and why
 * @param problems unavailable sources and impossible measurements, as sentences
 */
public record TelemetrySummary(
    long startNanos,
    long startEpochNanos,
    long endNanos,
    long periodNanos,
    int samples,
    int threadsPeak,
    long threadsStartedInRun,
    long heapUsedMaxBytes,
    long gcCount,
    long gcTimeMillis,
    long gcPauses,
    long gcPauseTotalMicros,
    long gcPauseMaxMicros,
    long gcPausesLate,
    long allocatedBytes,
    double processCpuMeanCores,
    double processCpuUserMeanCores,
    double processCpuSysMeanCores,
    double systemCpuMeanFraction,
    String gcPauseSource,
    List<String> problems) {

  public TelemetrySummary {
    problems = List.copyOf(problems);
  }

}
