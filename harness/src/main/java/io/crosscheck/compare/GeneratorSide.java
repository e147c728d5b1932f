package io.crosscheck.compare;

import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings.CoresSource;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.telemetry.TelemetrySummary;
import java.util.List;

/**
 * What the generator brings to a comparison: its records and everything needed to put them on the
 * capture's clock. Absent (null) for a wire-only analysis. Immutable.
 *
 * @param records every record of the run (a torn last line already skipped)
 * @param clock the generator's monotonic clock mapped to the wire clock
 * @param startEpochNanos the run's start on the wire clock, {@link Long#MIN_VALUE} when unknown
 * @param reportedResolutionNanos the generator's timing resolution (1 ms for currentTimeMillis
 *     clients, else 0): it widens the bound below which a lag is impossible
 * @param telemetry the generator JVM's samples (its monotonic clock)
 * @param pressure the telemetry summary, or null when none was recorded
 * @param cpuCoresFallback the cores available to the generator when its telemetry does not say
 *     (telemetry.csv format 1); 0 when unknown
 * @param cpuCoresSource where {@code cpuCoresFallback} came from
 * @param busyPollingCores cores the engine's busy-polling event loops keep at 100 % by design (its
 *     layout in run.json), left out of the client-host check's CPU figures; 0 when none
 * @param runEndNanos the run's end on the generator's monotonic clock (the engine's end, or run.json's
 *     end mapped through the clock); -1 when unknown. A request that never completed was in flight up
 *     to its abort, which its record does not time: the measured phase then lasts up to here
 * @param recordsWholeRun the records hold every request the generator made while it was captured (crosscheck
 *     ran or launched it); false when the capture may hold its traffic before or after the records (an agent
 *     attached to a running generator), or when unknown: a connection outside the records' span is then not
 *     called another client's
 */
public record GeneratorSide(List<RequestRecord> records, ClockMap clock, long startEpochNanos,
    long reportedResolutionNanos, List<TelemetrySample> telemetry, TelemetrySummary pressure, int cpuCoresFallback,
    CoresSource cpuCoresSource, int busyPollingCores, long runEndNanos, boolean recordsWholeRun) {
  public GeneratorSide {
    telemetry = List.copyOf(telemetry);
  }

  /**
   * The same generator seen through another clock mapping (a capture taken elsewhere, aligned):
   * its start moved by the offset at the start ({@code offsetAtStartNanos}).
   */
  public GeneratorSide withClock(ClockMap aligned, long offsetAtStartNanos) {
    return new GeneratorSide(records, aligned, startEpochNanos == Long.MIN_VALUE ? startEpochNanos
        : startEpochNanos + offsetAtStartNanos, reportedResolutionNanos, telemetry, pressure, cpuCoresFallback,
        cpuCoresSource, busyPollingCores, runEndNanos, recordsWholeRun);
  }

  /** Without the run's end (unknown), not known to hold the whole run's records. */
  public GeneratorSide(List<RequestRecord> records, ClockMap clock, long startEpochNanos,
      long reportedResolutionNanos, List<TelemetrySample> telemetry, TelemetrySummary pressure, int cpuCoresFallback,
      CoresSource cpuCoresSource, int busyPollingCores) {
    this(records, clock, startEpochNanos, reportedResolutionNanos, telemetry, pressure, cpuCoresFallback,
        cpuCoresSource, busyPollingCores, -1, false);
  }

  /** Without busy-polling loops. */
  public GeneratorSide(List<RequestRecord> records, ClockMap clock, long startEpochNanos,
      long reportedResolutionNanos, List<TelemetrySample> telemetry, TelemetrySummary pressure, int cpuCoresFallback,
      CoresSource cpuCoresSource) {
    this(records, clock, startEpochNanos, reportedResolutionNanos, telemetry, pressure, cpuCoresFallback,
        cpuCoresSource, 0);
  }

  /** Without a fallback for the cores (they come from the telemetry or are unknown). */
  public GeneratorSide(List<RequestRecord> records, ClockMap clock, long startEpochNanos,
      long reportedResolutionNanos, List<TelemetrySample> telemetry, TelemetrySummary pressure) {
    this(records, clock, startEpochNanos, reportedResolutionNanos, telemetry, pressure, 0, CoresSource.UNKNOWN);
  }
}
