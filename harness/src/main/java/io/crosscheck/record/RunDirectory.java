package io.crosscheck.record;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.model.Workload;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One run's directory (DESIGN.md section 4): {@code base/<yyyyMMdd-HHmmss>-<name>/}, holding
 * {@code run.json} (this class), {@code requests.csv}, {@code latency.hlog} and {@code
 * summary.json} ({@link RecordingSink}).
 *
 * <p>{@code run.json} is written at once by {@link #writeStart} with status {@code running} and
 * rewritten by {@link #writeEnd} with the final status ({@code completed}, {@code interrupted} or
 * {@code failed}), the end clock offset, the clock drift and the engine's result; both writes are
 * atomic (temporary file, then a move). Every key carries its unit. Not thread-safe: one run
 * thread calls it.
 */
public final class RunDirectory {
  /** The statuses {@link #writeEnd} accepts. */
  public static final Set<String> END_STATUSES = Set.of("completed", "interrupted", "failed");

  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private final Path path;
  private final Map<String, Object> runJson = new LinkedHashMap<>();
  private ClockOffset startClock;

  private RunDirectory(Path path) {
    this.path = path;
  }

  /** Creates a new run directory under {@code base} stamped with the local time now. */
  public static RunDirectory create(Path base, String name) throws IOException {
    return create(base, name, Clock.systemDefaultZone());
  }

  /**
   * Creates {@code base/<yyyyMMdd-HHmmss>-<name>} (local time of {@code clock}); when it exists,
   * {@code ...-<name>-2}, {@code -3}, ... Characters of {@code name} other than letters, digits,
   * '.', '_' and '-' become '-'.
   */
  public static RunDirectory create(Path base, String name, Clock clock) throws IOException {
    Files.createDirectories(base);
    String safe = name == null || name.isBlank() ? "run" : name.replaceAll("[^A-Za-z0-9._-]", "-");
    String stem = STAMP.format(LocalDateTime.now(clock)) + "-" + safe;
    for (int n = 1; ; n++) {
      Path candidate = base.resolve(n == 1 ? stem : stem + "-" + n);
      try {
        return new RunDirectory(Files.createDirectory(candidate));
      } catch (FileAlreadyExistsException e) {
        // taken by an earlier run (or a concurrent one): try the next suffix
      }
    }
  }

  /**
   * An existing, empty directory made a run directory: a parent process created it (and may
   * capture into it) and a child JVM writes the run.
   *
   * @throws IOException when it is missing, not a directory, or already holds a run.json
   */
  public static RunDirectory existing(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IOException(dir + ": not a directory");
    }
    if (Files.exists(dir.resolve("run.json"))) {
      throw new IOException(dir + ": already holds a run (run.json)");
    }
    return new RunDirectory(dir);
  }

  /** The directory. */
  public Path path() {
    return path;
  }

  /** {@code run.json}: the run's description and status. */
  public Path runJson() {
    return path.resolve("run.json");
  }

  /** {@code requests.csv}: one row per request ({@link RequestCsv}). */
  public Path requestsCsv() {
    return path.resolve("requests.csv");
  }

  /** {@code latency.hlog}: HdrHistogram interval log of latencies in microseconds. */
  public Path latencyHlog() {
    return path.resolve("latency.hlog");
  }

  /** {@code summary.json}: the {@link Summary} of the measure phase. */
  public Path summaryJson() {
    return path.resolve("summary.json");
  }

  /**
   * Writes run.json with status {@code running}.
   *
   * @param command the command line as typed
   * @param workload the resolved workload
   * @param seed the seed the schedule was built with
   * @param scheduleDigest {@code Schedule.digest()}: equal digests mean identical work
   * @param engineName the engine, e.g. {@code netty}
   * @param options the engine's options
   * @param clock the clock offset calibrated at the start
   */
  public void writeStart(
      List<String> command,
      Workload workload,
      long seed,
      String scheduleDigest,
      String engineName,
      EngineOptions options,
      ClockOffset clock)
      throws IOException {
    startClock = clock;
    Instant now = Instant.now();
    runJson.clear();
    runJson.put("formatVersion", 1);
    runJson.put("status", "running");
    runJson.put("crosscheckVersion", version());
    runJson.put("startTimeUtc", now.toString());
    runJson.put("startEpochNanos", ClockCalibration.toEpochNanos(now));
    runJson.put("command", List.copyOf(command));
    runJson.put("seed", seed);
    runJson.put("scheduleDigest", scheduleDigest);
    runJson.put("workload", WorkloadJson.workload(workload));
    runJson.put("engine", WorkloadJson.engine(engineName, options));
    runJson.put("jvm", jvm());
    runJson.put("host", host());
    runJson.put("clockStart", clock(clock));
    runJson.put("files", files());
    JsonFiles.writeAtomically(runJson(), runJson);
  }

  /**
   * Sets a top-level section of run.json (e.g. {@code telemetry}) for the next write; a value
   * Jackson can serialise.
   */
  public void put(String key, Object value) {
    runJson.put(key, value);
  }

  /** As {@link #writeEnd(String, EngineResult, ClockOffset)}, calibrating the clock now. */
  public void writeEnd(String status, EngineResult result) throws IOException {
    writeEnd(status, result, ClockCalibration.calibrate());
  }

  /**
   * Rewrites run.json with the final status, the end clock offset and the drift since the start,
   * and the engine's result.
   *
   * @param status {@code completed}, {@code interrupted} or {@code failed}
   * @param result the engine's result; null when the engine did not return one (interrupted or
   *     failed), written as null
   * @param endClock the clock offset calibrated at the end
   */
  public void writeEnd(String status, EngineResult result, ClockOffset endClock)
      throws IOException {
    if (!END_STATUSES.contains(status)) {
      throw new IllegalArgumentException(
          "status \"" + status + "\" is not one of completed, interrupted, failed");
    }
    Instant now = Instant.now();
    runJson.put("status", status);
    runJson.put("endTimeUtc", now.toString());
    runJson.put("endEpochNanos", ClockCalibration.toEpochNanos(now));
    runJson.put("clockEnd", clock(endClock));
    if (startClock != null) {
      Map<String, Object> drift = new LinkedHashMap<>();
      drift.put("driftNanos", startClock.driftNanosTo(endClock));
      drift.put("uncertaintyNanos", startClock.uncertaintyNanos() + endClock.uncertaintyNanos());
      drift.put("elapsedNanos", endClock.measuredAtNanos() - startClock.measuredAtNanos());
      runJson.put("clockDrift", drift);
    }
    runJson.put("engineResult", result == null ? null : engineResult(result));
    JsonFiles.writeAtomically(runJson(), runJson);
  }

  private static Map<String, Object> engineResult(EngineResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("startNanos", r.startNanos());
    m.put("endNanos", r.endNanos());
    m.put("durationNanos", r.endNanos() - r.startNanos());
    m.put("requestsIssued", r.requestsIssued());
    m.put("connectionsOpened", r.connectionsOpened() < 0 ? null : r.connectionsOpened()); // null: not observable
    m.put("sessionsStarted", r.sessionsStarted());
    m.put("sessionsCompleted", r.sessionsCompleted());
    m.put("extra", new TreeMap<>(r.extra()));
    return m;
  }

  private static Map<String, Object> clock(ClockOffset c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("offsetNanos", c.offsetNanos());
    m.put("uncertaintyNanos", c.uncertaintyNanos());
    m.put("measuredAtNanos", c.measuredAtNanos());
    m.put("measuredAtEpochNanos", c.toEpochNanos(c.measuredAtNanos()));
    return m;
  }

  private static Map<String, Object> files() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("requests", "requests.csv");
    m.put("latency", "latency.hlog");
    m.put("summary", "summary.json");
    return m;
  }

  private static Map<String, Object> jvm() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("vendor", System.getProperty("java.vendor"));
    m.put("version", System.getProperty("java.version"));
    m.put("vmName", System.getProperty("java.vm.name"));
    m.put("vmVersion", System.getProperty("java.vm.version"));
    m.put("javaHome", System.getProperty("java.home"));
    m.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
    m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    m.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
    return m;
  }

  private static Map<String, Object> host() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hostname", hostname());
    m.put("osName", System.getProperty("os.name"));
    m.put("osVersion", System.getProperty("os.version"));
    m.put("osArch", System.getProperty("os.arch"));
    m.put("cores", Runtime.getRuntime().availableProcessors());
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      m.put("memoryBytes", sun.getTotalMemorySize());
    } else {
      m.put("memoryBytes", null);
    }
    return m;
  }

  private static String hostname() {
    // /etc/hostname first: a DNS lookup of the local name can stall for seconds
    try {
      Path etc = Path.of("/etc/hostname");
      if (Files.isReadable(etc)) {
        String h = Files.readString(etc, StandardCharsets.UTF_8).trim();
        if (!h.isEmpty()) {
          return h;
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String version() {
    String v = RunDirectory.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
