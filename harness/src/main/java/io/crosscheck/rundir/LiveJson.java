package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.crosscheck.record.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code live.json}: what the crosscheck agent inside an audited generator has in flight, rewritten
 * atomically by the agent (its {@code LiveState}) every 200 ms while it records. Members this code
 * does not know are ignored; a member the file lacks reads as "not known" (-1), except the counts,
 * which read as 0.
 *
 * @param sampleNanos the target's {@code System.nanoTime()} when the sample was taken
 * @param exchangesBegun exchanges the agent has seen begin
 * @param inFlight exchanges begun and not yet ended
 * @param inFlightConnections distinct connections of those, -1 when not known
 * @param oldestInFlightAgeNanos the age of the oldest exchange in flight, -1 when none
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LiveJson(Long sampleNanos, Long exchangesBegun, Long inFlight, Long inFlightConnections,
    Long oldestInFlightAgeNanos) {
  /** The file's name in a run directory. */
  public static final String FILE = "live.json";

  public LiveJson {
    sampleNanos = sampleNanos == null ? 0L : sampleNanos;
    exchangesBegun = exchangesBegun == null ? 0L : exchangesBegun;
    inFlight = inFlight == null ? 0L : inFlight;
    inFlightConnections = inFlightConnections == null ? -1L : inFlightConnections;
    oldestInFlightAgeNanos = oldestInFlightAgeNanos == null ? -1L : oldestInFlightAgeNanos;
  }

  /** Reads {@code file}: a cut-short or replaced file throws (the agent rewrites it while we read). */
  public static LiveJson read(Path file) throws IOException {
    return JsonFiles.mapper().readValue(Files.readAllBytes(file), LiveJson.class);
  }
}
