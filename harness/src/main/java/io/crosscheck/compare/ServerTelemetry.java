package io.crosscheck.compare;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.telemetry.ServerSample;
import io.crosscheck.telemetry.ServerTelemetryCsv;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The server host's samples a comparison joins to a run, with what is known of their clock: sampled
 * on this host (one wall clock: {@code sameHost}, no offset) or on another (its wall clock assumed
 * NTP-synced to this one within {@code clockUncertaintyNanos}). Immutable.
 *
 * @param file the server-telemetry.csv
 * @param samples its rows, in file order
 * @param source where they came from, in words
 * @param sameHost whether they were sampled on the generator's host
 * @param clockUncertaintyNanos the assumed bound on the offset between the two wall clocks; 0 on one host
 */
public record ServerTelemetry(Path file, List<ServerSample> samples, String source, boolean sameHost,
    long clockUncertaintyNanos) {
  /** The uncertainty assumed between two NTP-synced hosts unless the user says otherwise: 10 ms. */
  public static final long DEFAULT_CLOCK_UNCERTAINTY_NANOS = 10_000_000L;

  public ServerTelemetry {
    samples = List.copyOf(samples);
  }

  /** Reads {@code file} ({@link ServerTelemetryCsv#read}: a malformed one names its file and line). */
  public static ServerTelemetry read(Path file, String source, boolean sameHost, long clockUncertaintyNanos)
      throws IOException {
    return new ServerTelemetry(file, ServerTelemetryCsv.read(file), source, sameHost, clockUncertaintyNanos);
  }

  /**
   * What {@code audit} writes beside the server-telemetry.csv it recorded in a run directory ({@value
   * #SOURCE_FILE}), so that a later {@code compare RUN} knows where and on which clock it was sampled.
   *
   * @param source the option and the processes or namespace, in words
   * @param sameHost sampled on the generator's host
   * @param clockUncertaintyMicros the bound on the offset between the two wall clocks
   */
  public record Source(String source, boolean sameHost, double clockUncertaintyMicros) {}

  /** The file name of {@link Source} in a run directory. */
  public static final String SOURCE_FILE = "server-telemetry.json";

  /**
   * The server telemetry a run directory holds ({@code server-telemetry.csv}, with its {@value #SOURCE_FILE}),
   * or null when it holds none. A CSV copied in without the JSON is taken as another host's, with the default
   * uncertainty.
   */
  public static ServerTelemetry inRunDirectory(Path runDir) throws IOException {
    Path csv = runDir.resolve(ServerTelemetryCsv.FILE);
    if (!java.nio.file.Files.exists(csv)) {
      return null;
    }
    Path json = runDir.resolve(SOURCE_FILE);
    if (!java.nio.file.Files.exists(json)) {
      return read(csv, csv + " (no " + SOURCE_FILE + ": taken as another host's)", false,
          DEFAULT_CLOCK_UNCERTAINTY_NANOS);
    }
    Source s;
    try {
      s = io.crosscheck.record.JsonFiles.mapper().readValue(json.toFile(), Source.class);
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new MalformedInputException(json + ": not a server-telemetry source (" + e.getOriginalMessage() + ")");
    }
    return read(csv, s.source(), s.sameHost(), Math.round(s.clockUncertaintyMicros() * 1e3));
  }

  /** The clock relation in words. */
  public String clockWords() {
    return sameHost ? "sampled on the generator's host: one wall clock, no offset to bound"
        : String.format(Locale.ROOT, "the server host's wall clock, assumed NTP-synced to the generator host's within"
            + " ±%.1f ms (--clock-uncertainty)", clockUncertaintyNanos / 1e6);
  }

  /**
   * Refuses samples that cannot belong to a run that ran {@code startEpochNanos..endEpochNanos} (the
   * generator host's wall clock): none at all, or none within that span widened by the clock
   * uncertainty and one sampling interval.
   *
   * @throws MalformedInputException naming the file, both spans and the assumed uncertainty
   */
  public void requireOverlap(long startEpochNanos, long endEpochNanos, String run) throws MalformedInputException {
    if (samples.isEmpty()) {
      throw new MalformedInputException(file + ": no rows (a header only): the monitor stopped before its first"
          + " sample");
    }
    long first = samples.get(0).sampleEpochMicros() * 1_000 - samples.get(0).intervalMicros() * 1_000;
    long last = samples.get(samples.size() - 1).sampleEpochMicros() * 1_000;
    for (ServerSample s : samples) {
      first = Math.min(first, s.sampleEpochMicros() * 1_000 - s.intervalMicros() * 1_000);
      last = Math.max(last, s.sampleEpochMicros() * 1_000);
    }
    if (last + clockUncertaintyNanos < startEpochNanos || first - clockUncertaintyNanos > endEpochNanos) {
      throw new MalformedInputException(String.format(Locale.ROOT, "%s: its %,d rows span %s..%s (wall clock of the"
          + " host that sampled them), %s ran %s..%s: no overlap, even with the assumed clock uncertainty of ±%.1f ms"
          + " (--clock-uncertainty): it was recorded at another time than this run", file, samples.size(),
          Instant.ofEpochSecond(0, first), Instant.ofEpochSecond(0, last), run, Instant.ofEpochSecond(0, startEpochNanos),
          Instant.ofEpochSecond(0, endEpochNanos), clockUncertaintyNanos / 1e6));
    }
  }
}
