package io.crosscheck.record;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code agent.json}: what the crosscheck agent says of its own recording inside the audited JVM,
 * field by field. Written by the agent (atomically, at its start with status {@code running} and at
 * its end), read by {@link #read}. Instants are the target JVM's {@code System.nanoTime()} ({@code
 * *Nanos}) and wall clock ({@code *EpochNanos}), read back to back; -1 when not (yet) known. Absent
 * fields read as null. Immutable.
 *
 * @param formatVersion the agent's format version (1)
 * @param agentVersion the agent's version
 * @param status {@code running}, {@code completed} (the target ended), {@code detached} (a {@code
 *     stop} attach ended it) or {@code failed} (bad arguments: nothing was recorded)
 * @param endReason {@code shutdown}, {@code stop}, or empty while running
 * @param pid the target's process id
 * @param javaHome the target JVM's java.home
 * @param javaVersion its java.version
 * @param javaVendor its java.vendor
 * @param vmName its java.vm.name
 * @param featureVersion its feature version (17, 21, 25...)
 * @param inputArguments its JVM options, space-separated
 * @param hooks the hook families installed
 * @param arguments the agent's argument string as given
 * @param reporting the reporting spec in words ({@code reportedBy=C#m}, {@code reportedValue=C#m:2:ms}),
 *     empty when none
 * @param server the server recorded ({@code HOST:PORT}), empty for every server
 * @param startNanos when the recording started (monotonic)
 * @param startEpochNanos the same, wall clock
 * @param endNanos when it ended, -1 while running
 * @param endEpochNanos the same, wall clock
 * @param exchangesRecorded exchanges recorded
 * @param exchangesOtherServer exchanges with another server, not recorded
 * @param recordsDropped rows dropped because the writer's queue was full
 * @param requestRows rows written to requests.csv
 * @param intervalRows rows written to intervals.csv
 * @param reportsWithoutExchange reports (calls of the reporting method) that grouped no exchange
 * @param threadsSeen threads that made an exchange
 * @param telemetryRows rows written to telemetry.csv
 * @param adviceErrors throwables the agent's hooks suppressed
 * @param adviceErrorSamples the first few of them
 * @param error why the recording failed or is incomplete, empty when nothing to say
 */
public record AgentJson(Integer formatVersion, String agentVersion, String status, String endReason, Long pid,
    String javaHome, String javaVersion, String javaVendor, String vmName, Integer featureVersion,
    String inputArguments, List<String> hooks, String arguments, String reporting, String server, Long startNanos,
    Long startEpochNanos, Long endNanos, Long endEpochNanos, Long exchangesRecorded, Long exchangesOtherServer,
    Long recordsDropped, Long requestRows, Long intervalRows, Long reportsWithoutExchange, Long threadsSeen,
    Long telemetryRows, Long adviceErrors, List<String> adviceErrorSamples, String error) {
  /** The file's name in a run directory. */
  public static final String FILE = "agent.json";

  /**
   * Reads an agent.json.
   *
   * @throws IOException naming the file: missing (the agent never started), not valid JSON (with its
   *     line and column), or not an object ({@link JsonFiles#readObject})
   */
  public static AgentJson read(Path file) throws IOException {
    return JsonFiles.read(file, "missing: the agent did not start in the target (see target.err)", AgentJson.class);
  }

  /** Whether the recording ended cleanly (the target ended, or a stop attach detached it). */
  public boolean ended() {
    return "completed".equals(status) || "detached".equals(status);
  }
}
