package io.crosscheck.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.CaptureStats;
import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.telemetry.TelemetryCsv;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireCsv;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireListener;
import io.crosscheck.wire.WireOptions;
import io.crosscheck.wire.WireReconstructor;
import io.crosscheck.wire.WireStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline comparison of one run directory with a capture: rebuild every HTTP exchange from the
 * packets (writing {@code wire-exchanges.csv}, {@code response.csv}, {@code connection.csv}), match
 * the run's records to them, and write {@code findings.json}. Re-running it on the same inputs gives
 * the same files.
 */
public final class Comparison {
  /** Interval length of the findings' time series. */
  public static final long INTERVAL_NANOS = 1_000_000_000L;
  public static final String FINDINGS_FILE = "findings.json";

  private Comparison() {}

  /**
   * What a comparison produced.
   *
   * @param findings the findings
   * @param capture what the capture file held
   * @param wire what reconstruction counted (malformed, retransmitted, truncated, ...)
   * @param findingsJson where the findings were written
   */
  public record Result(Findings findings, CaptureStats capture, WireStats wire, Path findingsJson) {}

  /**
   * Compares the run in {@code runDir} with {@code pcap}.
   *
   * @param liveCapture what the live capture reported (drops), or null for a capture made elsewhere
   * @throws IOException when an input is missing or malformed (the message names the file)
   */
  public static Result compare(Path runDir, Path pcap, Map<String, Object> liveCapture) throws IOException {
    JsonNode run = readRunJson(runDir.resolve("run.json"));
    int serverPort = run.path("workload").path("targetPort").asInt(0);
    ClockMap clock = clock(runDir, run);
    List<RequestRecord> records = RequestCsv.read(runDir.resolve("requests.csv"));
    List<WireExchange> exchanges = new ArrayList<>();
    List<ConnectionEvent> events = new ArrayList<>();
    CaptureStats captureStats;
    WireStats wireStats;
    long[] lastPacketEpochNanos = {Long.MIN_VALUE};
    try (WireCsv csv = new WireCsv(runDir)) {
      WireListener both = new WireListener() {
        @Override
        public void exchange(WireExchange e) {
          exchanges.add(e);
          csv.exchange(e);
        }

        @Override
        public void connectionEvent(ConnectionEvent e) {
          events.add(e);
          csv.connectionEvent(e);
        }
      };
      WireReconstructor reconstructor = new WireReconstructor(both, WireOptions.DEFAULTS.withServerPort(serverPort));
      captureStats = CaptureReader.read(pcap, (ts, link, data, off, caplen, len) -> {
        lastPacketEpochNanos[0] = Math.max(lastPacketEpochNanos[0], ts);
        reconstructor.packet(ts, link, data, off, caplen, len);
      });
      wireStats = reconstructor.finish(lastPacketEpochNanos[0]);
    }
    events.sort(Comparator.comparingLong(ConnectionEvent::epochNanos));
    MatchResult match = Matcher.match(records, exchanges, clock);
    long originEpochNanos = run.path("engineResult").has("startNanos")
        ? clock.toEpochNanos(run.path("engineResult").path("startNanos").asLong())
        : run.path("startEpochNanos").asLong();
    // a generator timing with currentTimeMillis reports whole milliseconds (the legacy engines say so)
    long resolutionNanos =
        run.path("engineResult").path("extra").path("timingMillisClock").asLong(0) == 1 ? 1_000_000L : 0;
    Path telemetryCsv = runDir.resolve("telemetry.csv");
    List<TelemetrySample> telemetry = Files.exists(telemetryCsv) ? TelemetryCsv.read(telemetryCsv) : List.of();
    @SuppressWarnings("unchecked")
    Map<String, Object> pressure = run.has("telemetry")
        ? new ObjectMapper().convertValue(run.get("telemetry"), Map.class) : Map.of();
    Findings findings = FindingsBuilder.build(records, exchanges, events, match, clock, originEpochNanos,
        INTERVAL_NANOS, resolutionNanos, telemetry, pressure);
    Path out = runDir.resolve(FINDINGS_FILE);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("formatVersion", 1);
    json.put("capture", captureStats);
    json.put("liveCapture", liveCapture);
    json.put("wire", wireStats);
    json.put("findings", findings);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), json);
    return new Result(findings, captureStats, wireStats, out);
  }

  private static JsonNode readRunJson(Path file) throws IOException {
    try {
      return new ObjectMapper().readTree(file.toFile());
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      throw new IOException(file + ": missing: not a crosscheck run directory");
    } catch (IOException e) {
      throw new IOException(file + ": not valid JSON: " + e.getMessage(), e);
    }
  }

  /** The calibrations of clock.csv, or else the start and end offsets of run.json. */
  private static ClockMap clock(Path runDir, JsonNode run) throws IOException {
    Path csv = runDir.resolve("clock.csv");
    List<ClockOffset> offsets = new ArrayList<>();
    if (Files.exists(csv)) {
      offsets.addAll(ClockMap.read(csv));
    }
    for (String key : new String[] {"clockStart", "clockEnd"}) {
      JsonNode c = run.path(key);
      if (c.has("offsetNanos")) {
        offsets.add(new ClockOffset(c.get("offsetNanos").asLong(), c.path("uncertaintyNanos").asLong(),
            c.path("measuredAtNanos").asLong()));
      }
    }
    if (offsets.isEmpty()) {
      throw new IOException(runDir.resolve("run.json")
          + ": no clock offset (clockStart) and no clock.csv: cannot map the run's instants to the capture's");
    }
    return ClockMap.of(offsets);
  }
}
