package io.crosscheck.rundir;

import io.crosscheck.record.AgentJson;
import io.crosscheck.record.ClockCalibration;
import io.crosscheck.record.IntervalCsv;
import io.crosscheck.record.ClockOffset;
import io.crosscheck.model.Workload;
import io.crosscheck.telemetry.TelemetrySummary;
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

/**
 * One run's directory (DESIGN.md section 4): {@code base/<yyyyMMdd-HHmmss>-<name>/}, holding
 * {@code run.json} (this class, as a {@link RunJson}), {@code requests.csv}, {@code latency.hlog}
 * and {@code summary.json} (the recording sink).
 *
 * <p>{@code run.json} is written at once by {@link #writeStart} with status {@code running} and
 * this process's pid, and rewritten by {@link #writeEnd} with the final status ({@code completed},
 * {@code interrupted} or {@code failed}), the end clock offset, the clock drift and the engine's
 * result; both writes are atomic (temporary file, then a move). A run killed before {@link
 * #writeEnd} is recognised by {@link RunFiles#status}. Not thread-safe: one run thread calls it.
 */
public final class RunDirectory {
  /** Space set aside for the final run.json ({@link #reserveForEnd}); removed by the final write. */
  static final String RESERVE = ".run.json.reserve";
  static final int RESERVE_BYTES = 64 * 1024;

  /** The statuses {@link #writeEnd} accepts. */
  public static final Set<String> END_STATUSES = Set.of("completed", "interrupted", "failed", "stalled");

  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private final Path path;
  private RunJson start;
  private RunJson.WarmUpSection jitWarmUp;
  private TelemetrySummary telemetry;
  private String scriptOutcomes;
  private String failure;
  private RunJson.ShardSection shard;
  private RunJson.StartAtSection startAt;
  private RunJson.StallSection stall;

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
    if (Files.exists(dir.resolve(RunFiles.RUN_JSON))) {
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
    return path.resolve(RunFiles.RUN_JSON);
  }

  /** {@code requests.csv}: one row per request ({@link RequestCsv}). */
  public Path requestsCsv() {
    return path.resolve(RunFiles.REQUESTS_CSV);
  }

  /** {@code latency.hlog}: HdrHistogram interval log of latencies in microseconds. */
  public Path latencyHlog() {
    return path.resolve(RunFiles.LATENCY_HLOG);
  }

  /** {@code summary.json}: the {@link Summary} of the measure phase. */
  public Path summaryJson() {
    return path.resolve(RunFiles.SUMMARY_JSON);
  }

  /**
   * Writes run.json with status {@code running}.
   *
   * @param command the command line as typed
   * @param workload the resolved workload
   * @param seed the seed the schedule was built with
   * @param scheduleDigest {@code Schedule.digest()}: equal digests mean identical work
   * @param engine the engine and its options
   * @param clock the clock offset calibrated at the start
   */
  public void writeStart(List<String> command, Workload workload, long seed, String scheduleDigest,
      RunJson.EngineSection engine, ClockOffset clock) throws IOException {
    Instant now = Instant.now();
    start = new RunJson(RunFiles.FORMAT_VERSION, RunJson.RUNNING, version(), now.toString(),
        ClockCalibration.toEpochNanos(now), ProcessHandle.current().pid(), List.copyOf(command), seed,
        scheduleDigest, WorkloadSection.of(workload), engine, jvm(), host(), RunJson.ClockSection.of(clock),
        files(), null, null, null, null, null, null, null, null, null, null, null, shard, startAt, null);
    RunFiles.writeRun(path, start);
    if (workload.source() instanceof io.crosscheck.model.SessionSource.Scripted scripted) {
      writeDeclared(scripted.factory());
    }
    reserveForEnd();
  }

  /**
   * expected.json of a scripted workload: the page mix and the think-time table its scripts declare
   * (RUBiS, TPC-W), for the workload audit; nothing when they declare neither.
   */
  private void writeDeclared(io.crosscheck.model.SessionScriptFactory factory) throws IOException {
    io.crosscheck.model.DeclaredMix mix = factory.declaredMix();
    io.crosscheck.model.DeclaredThinkTable table = factory.declaredThinkTable();
    if (mix == null && table == null) {
      return;
    }
    List<String> by = new java.util.ArrayList<>();
    ExpectedJson.ThinkTableExpectation thinks = null;
    if (table != null) {
      java.util.Map<String, Integer> factors = new java.util.TreeMap<>();
      table.factorByPhase().forEach((phase, factor) -> factors.put(phase.name(), factor));
      thinks = new ExpectedJson.ThinkTableExpectation(table.site(), table.description(), table.nanosByState(), factors);
      by.add("the run's own workload: " + table.description());
    }
    if (mix != null) {
      by.add("the run's own workload: " + mix.description());
    }
    RunFiles.writeExpected(path, new ExpectedJson(ExpectedJson.FORMAT_VERSION, null, null, null,
        mix == null ? null : new ExpectedJson.MixExpectation(mix.site(), mix.description(), mix.shares()), thinks,
        by));
  }

  /**
   * Writes run.json with status {@code running} for a generator crosscheck audits without running
   * it (launched with the agent, attached to, or under the capture alone): no workload, no
   * schedule; the engine section names {@code agent} (or {@code no-agent}) and {@code target} says
   * what runs.
   *
   * @param command crosscheck's own command line as typed
   * @param engine the engine section ({@code name} {@code agent} or {@code no-agent})
   * @param target the audited generator
   * @param clock the clock offset calibrated at the start
   */
  public void writeTargetStart(List<String> command, RunJson.EngineSection engine, RunJson.TargetSection target,
      ClockOffset clock) throws IOException {
    Instant now = Instant.now();
    Map<String, String> files = new LinkedHashMap<>();
    files.put("requests", RunFiles.REQUESTS_CSV);
    files.put("intervals", IntervalCsv.FILE);
    files.put("agent", AgentJson.FILE);
    files.put("telemetry", RunFiles.TELEMETRY_CSV);
    files.put("targetOut", "target.out");
    files.put("targetErr", "target.err");
    start = new RunJson(RunFiles.FORMAT_VERSION, RunJson.RUNNING, version(), now.toString(),
        ClockCalibration.toEpochNanos(now), ProcessHandle.current().pid(), List.copyOf(command), null, null, null,
        engine, jvm(), host(), RunJson.ClockSection.of(clock), files, null, null, null, null, null, null, null, null,
        null, target, null, null, null, null);
    RunFiles.writeRun(path, start);
    reserveForEnd();
  }

  /**
   * Rewrites the run.json of {@link #writeTargetStart} with the final status, the generator's end
   * ({@code target}) and its JVM as the agent saw it (the engine result stays absent: agent.json
   * holds what the agent recorded).
   *
   * @param status {@code completed}, {@code interrupted} or {@code failed}
   * @param target the target section with its end (exit code, agent status)
   * @param generatorJvm the generator's JVM (from agent.json), null without the agent
   * @param endClock the clock offset calibrated at the end
   */
  public void writeTargetEnd(String status, RunJson.TargetSection target, RunJson.GeneratorJvmSection generatorJvm,
      ClockOffset endClock) throws IOException {
    end(status, null, endClock, generatorJvm, target);
  }

  /**
   * Writes the run.json of a directory that holds the analysis of a capture alone ({@code compare
   * --pcap FILE}): status {@code wire-only}, no workload, no engine.
   */
  public void writeWireOnly(List<String> command) throws IOException {
    Instant now = Instant.now();
    RunFiles.writeRun(path, new RunJson(RunFiles.FORMAT_VERSION, RunJson.WIRE_ONLY, version(), now.toString(),
        ClockCalibration.toEpochNanos(now), ProcessHandle.current().pid(), List.copyOf(command), null, null, null,
        null, jvm(), host(), null, Map.of(), null, null, null, null, null, null, null, null, null, null, null, null,
        null, null));
  }

  /** Why the run failed, in one line, for the final write (status {@code failed}). */
  public void failure(String reason) {
    this.failure = reason;
  }

  /**
   * Sets aside {@link #RESERVE_BYTES} on the run directory's file system for the final run.json, so
   * that a disk filled up by the run's own records still gets its final status: {@link #end} frees
   * it just before writing. Best effort: on a disk already too full for it, nothing is reserved.
   */
  private void reserveForEnd() {
    Path reserve = path.resolve(RESERVE);
    try {
      Files.write(reserve, new byte[RESERVE_BYTES]);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(reserve);
      } catch (IOException ignored) {
        // nothing was reserved
      }
    }
  }

  /** The shard of the schedule this run runs, for {@link #writeStart} (and every later write). */
  public void shard(RunJson.ShardSection section) {
    this.shard = section;
  }

  /** The absolute start instant, for {@link #writeStart} (and every later write). */
  public void startAt(RunJson.StartAtSection section) {
    this.startAt = section;
  }

  /** The engine's JIT warm-up, for the next write. */
  public void jitWarmUp(RunJson.WarmUpSection warmUp) {
    this.jitWarmUp = warmUp;
  }

  /** The generator JVM's telemetry summary, for the next write. */
  public void telemetry(TelemetrySummary summary) {
    this.telemetry = summary;
  }

  /** The load's longest stall, for the next write (null: none). */
  public void stall(RunJson.StallSection section) {
    this.stall = section;
  }

  /** A scripted workload's session outcomes in words, for the next write. */
  public void scriptOutcomes(String outcomes) {
    this.scriptOutcomes = outcomes;
  }

  /** As {@link #writeEnd(String, RunJson.EngineResultSection, ClockOffset)}, calibrating the clock now. */
  public void writeEnd(String status, RunJson.EngineResultSection result) throws IOException {
    writeEnd(status, result, ClockCalibration.calibrate());
  }

  /**
   * Rewrites run.json with the final status, the end clock offset and the drift since the start,
   * and the engine's result.
   *
   * @param status {@code completed}, {@code interrupted} or {@code failed}
   * @param result the engine's result; null when the engine did not return one (interrupted or
   *     failed)
   * @param endClock the clock offset calibrated at the end
   */
  public void writeEnd(String status, RunJson.EngineResultSection result, ClockOffset endClock)
      throws IOException {
    end(status, result, endClock, start == null ? null : start.generatorJvm(), start == null ? null : start.target());
  }

  private void end(String status, RunJson.EngineResultSection result, ClockOffset endClock,
      RunJson.GeneratorJvmSection generatorJvm, RunJson.TargetSection target) throws IOException {
    if (!END_STATUSES.contains(status)) {
      throw new IllegalArgumentException(
          "status \"" + status + "\" is not one of completed, interrupted, failed, stalled");
    }
    if (start == null) {
      throw new IllegalStateException("writeEnd before writeStart");
    }
    Instant now = Instant.now();
    RunJson s = start;
    ClockOffset startClock = s.clockStart().offset();
    RunJson.DriftSection drift = new RunJson.DriftSection(startClock.driftNanosTo(endClock),
        startClock.uncertaintyNanos() + endClock.uncertaintyNanos(),
        endClock.measuredAtNanos() - startClock.measuredAtNanos());
    Files.deleteIfExists(path.resolve(RESERVE)); // the space set aside for this write
    String why = RunJson.FAILED.equals(status) ? failure : null;
    try {
      RunFiles.writeRun(path, new RunJson(s.formatVersion(), status, s.crosscheckVersion(), s.startTimeUtc(),
          s.startEpochNanos(), s.pid(), s.command(), s.seed(), s.scheduleDigest(), s.workload(), s.engine(), s.jvm(),
          s.host(), s.clockStart(), s.files(), jitWarmUp, telemetry, scriptOutcomes, generatorJvm, now.toString(),
          ClockCalibration.toEpochNanos(now), RunJson.ClockSection.of(endClock), drift, result, target, why, s.shard(),
          s.startAt(), stall));
    } catch (IOException e) {
      // the full record did not fit (a full disk without the reserve): at least replace "running" by
      // "failed" and why, in the old file's place (its blocks are freed by the truncation)
      String reason = "run.json could not be written in full: " + e.getMessage()
          + (why == null ? "" : "; " + why);
      RunJson minimal = new RunJson(s.formatVersion(), RunJson.FAILED, s.crosscheckVersion(), s.startTimeUtc(),
          s.startEpochNanos(), s.pid(), s.command(), s.seed(), s.scheduleDigest(), null, s.engine(), null, null,
          s.clockStart(), s.files(), null, null, null, null, now.toString(), ClockCalibration.toEpochNanos(now),
          null, null, null, target, reason, s.shard(), s.startAt(), stall);
      Files.write(path.resolve(RunFiles.RUN_JSON), io.crosscheck.record.JsonFiles.mapper().writeValueAsBytes(minimal));
      throw e;
    }
  }

  private static Map<String, String> files() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("requests", RunFiles.REQUESTS_CSV);
    m.put("latency", RunFiles.LATENCY_HLOG);
    m.put("summary", RunFiles.SUMMARY_JSON);
    return m;
  }

  private static RunJson.JvmSection jvm() {
    return new RunJson.JvmSection(System.getProperty("java.vendor"), System.getProperty("java.version"),
        System.getProperty("java.vm.name"), System.getProperty("java.vm.version"), System.getProperty("java.home"),
        ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory());
  }

  private static RunJson.HostSection host() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    Long memoryBytes = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : null;
    return new RunJson.HostSection(hostname(), System.getProperty("os.name"), System.getProperty("os.version"),
        System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), memoryBytes);
  }

  /** This machine's name (from /etc/hostname first: a DNS lookup of the local name can stall). */
  static String hostname() {
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
