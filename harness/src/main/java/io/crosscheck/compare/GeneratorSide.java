package io.crosscheck.compare;

import io.crosscheck.record.RequestRecord;
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
 */
public record GeneratorSide(List<RequestRecord> records, ClockMap clock, long startEpochNanos,
    long reportedResolutionNanos, List<TelemetrySample> telemetry, TelemetrySummary pressure) {
  public GeneratorSide {
    telemetry = List.copyOf(telemetry);
  }
}
