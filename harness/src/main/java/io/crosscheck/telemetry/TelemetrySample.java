package io.crosscheck.telemetry;

/**
 * One row of telemetry.csv: the generator JVM's state at {@code sampleNanos} and its rates over the
 * interval that ended there (from the previous sample, or from the recorder's start for the first).
 *
 * <p>Clock: {@code sampleNanos} is {@link System#nanoTime()} of the sampled JVM, the same monotonic
 * clock as the engines' request timestamps in that JVM. Unavailable values are data, not zeros:
 * a {@code double} is {@code NaN}, a pause count or maximum is {@code -1} (no pause source running), and
 * {@code heapMaxBytes} is {@code -1} when the JVM defines no maximum (as {@link
 * java.lang.management.MemoryUsage#getMax()}). telemetry.csv writes them as empty cells.
 *
 * @param sampleNanos monotonic instant of the sample
 * @param threadsLive live threads (daemon and not) at the sample
 * @param threadsPeak peak live threads since the recorder started (it resets the JVM's peak)
 * @param threadsStarted threads started since the JVM started
 * @param heapUsedBytes heap in use
 * @param heapCommittedBytes heap committed by the JVM
 * @param heapMaxBytes heap maximum, or -1 if undefined
 * @param gcCount collections since the JVM started, summed over all collectors
 * @param gcTimeMillis accumulated collection time since the JVM started, summed over all
 *     collectors as the MXBeans report it (concurrent collectors include concurrent work)
 * @param gcPausesInInterval stop-the-world pauses that ended in this interval (from the run's
 *     {@link GcPauseSource}: JMX GC notifications by default, 1 ms resolution; or JFR {@code
 *     jdk.GCPhasePause}), or -1 if no pause source ran
 * @param gcPauseMaxMicrosInInterval the longest of those pauses, 0 if none, -1 if no pause source
 *     available
 * @param allocatedBytesPerSecond heap allocation rate over the interval, all threads
 * @param processCpuUserCores process user CPU over the interval, in cores (0..N)
 * @param processCpuSysCores process system (kernel) CPU over the interval, in cores (0..N)
 * @param systemCpuFraction busy fraction of all the host's cores over the interval (0..1)
 * @param runQueueWaitMicrosPerSecond time the process's threads spent runnable but waiting for a
 *     CPU over the interval, summed over threads, per second of the interval ({@link
 *     TaskSchedstat}, since its previous read: with many threads it is read only every few rows, to
 *     bound its cost); NaN when unavailable, not read in this row, or not recorded (format 1)
 * @param cpuCoresAvailable {@link Runtime#availableProcessors()} of the sampled JVM at the sample
 *     (its affinity mask and container limit); -1 when not recorded (format 1)
 */
public record TelemetrySample(
    long sampleNanos,
    int threadsLive,
    int threadsPeak,
    long threadsStarted,
    long heapUsedBytes,
    long heapCommittedBytes,
    long heapMaxBytes,
    long gcCount,
    long gcTimeMillis,
    int gcPausesInInterval,
    long gcPauseMaxMicrosInInterval,
    double allocatedBytesPerSecond,
    double processCpuUserCores,
    double processCpuSysCores,
    double systemCpuFraction,
    double runQueueWaitMicrosPerSecond,
    int cpuCoresAvailable) {

  /** A sample without the run-queue and core columns (telemetry.csv format 1). */
  public TelemetrySample(long sampleNanos, int threadsLive, int threadsPeak, long threadsStarted, long heapUsedBytes,
      long heapCommittedBytes, long heapMaxBytes, long gcCount, long gcTimeMillis, int gcPausesInInterval,
      long gcPauseMaxMicrosInInterval, double allocatedBytesPerSecond, double processCpuUserCores,
      double processCpuSysCores, double systemCpuFraction) {
    this(sampleNanos, threadsLive, threadsPeak, threadsStarted, heapUsedBytes, heapCommittedBytes, heapMaxBytes,
        gcCount, gcTimeMillis, gcPausesInInterval, gcPauseMaxMicrosInInterval, allocatedBytesPerSecond,
        processCpuUserCores, processCpuSysCores, systemCpuFraction, Double.NaN, -1);
  }

  /** User plus system CPU of the process over the interval, in cores; NaN if unavailable. */
  public double processCpuCores() {
    return processCpuUserCores + processCpuSysCores;
  }

  /** This sample with its pause columns filled in (the sampler learns them later, from the pause source). */
  TelemetrySample withPauses(int pauses, long pauseMaxMicros) {
    return new TelemetrySample(sampleNanos, threadsLive, threadsPeak, threadsStarted, heapUsedBytes,
        heapCommittedBytes, heapMaxBytes, gcCount, gcTimeMillis, pauses, pauseMaxMicros,
        allocatedBytesPerSecond, processCpuUserCores, processCpuSysCores, systemCpuFraction,
        runQueueWaitMicrosPerSecond, cpuCoresAvailable);
  }
}
