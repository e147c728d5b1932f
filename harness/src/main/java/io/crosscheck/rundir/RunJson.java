package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.GeneratorErrorCounts;
import io.crosscheck.telemetry.TelemetrySummary;
import java.util.List;
import java.util.Map;

/**
 * {@code run.json}: one run's description and status, field by field. Written by {@link
 * RunDirectory} (with status {@code running} at the start, rewritten at the end), read by {@link
 * RunFiles#readRun}. Every instant and duration carries its unit and clock in its name; absent
 * sections are null (omitted from the file). Immutable.
 *
 * <p>Format versions: 1 (crosscheck before the typed model: {@code engineResult.extra
 * .timingMillisClock} instead of {@code engineResult.reportedResolutionNanos}, no {@code pid}) and
 * 2 (this record). The reader upgrades version 1 on reading.
 *
 * @param formatVersion {@link RunFiles#FORMAT_VERSION} when written by this code
 * @param status {@code running}, {@code completed}, {@code interrupted}, {@code failed}; {@code
 *     wire-only} for a directory made by {@code compare --pcap} (no generator ran)
 * @param crosscheckVersion the writer's version ({@code dev} from a source tree)
 * @param startTimeUtc ISO-8601 start
 * @param startEpochNanos the same, wall clock
 * @param pid the process that wrote the run (to tell a killed run from a running one); null in v1
 * @param command the command line as typed
 * @param seed the schedule's seed
 * @param scheduleDigest equal digests mean identical work
 * @param workload the resolved workload
 * @param engine the engine and its options
 * @param jvm the JVM that ran the generator's engine (this process)
 * @param host the machine
 * @param clockStart monotonic→epoch offset calibrated at the start
 * @param files the run's files by role
 * @param jitWarmUp the engine's JIT warm-up, when it ran
 * @param telemetry the generator JVM's pressure summary, when telemetry ran
 * @param scriptOutcomes a scripted workload's session outcomes in words (RUBiS)
 * @param generatorJvm the child JVM that ran the generator, when {@code --jvm} was used
 * @param endTimeUtc ISO-8601 end
 * @param endEpochNanos the same, wall clock
 * @param clockEnd monotonic→epoch offset calibrated at the end
 * @param clockDrift the change of the offset over the run
 * @param engineResult what the engine reported of its own run; null when it returned none
 * @param target the audited generator when crosscheck did not run the load itself ({@code audit --
 *     java ...} or {@code audit --pid}): its command or process, the server, the agent; null for
 *     runs of crosscheck's own engines
 * @param failure why a {@code failed} run failed, in one line (e.g. the disk filled up while
 *     recording); null otherwise and in files written before it existed
 * @param shard the shard of the schedule this run ran ({@code --shard I/N}), or, in a merged run
 *     directory, the shards it merges; null for an unsharded run
 * @param startAt the absolute start instant the run was given ({@code --start-at}); null without
 * @param stall the longest stall of the load ({@code --stall-warning}, {@code --stall-timeout}); null
 *     when none was seen (and in files written before it existed)
 * @param wan the emulated WAN link the target sat behind ({@code run --wan}, {@code audit --wan}): the
 *     profile, the network and what the link did; null for a run without one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunJson(
    int formatVersion,
    String status,
    String crosscheckVersion,
    String startTimeUtc,
    Long startEpochNanos,
    Long pid,
    List<String> command,
    Long seed,
    String scheduleDigest,
    WorkloadSection workload,
    EngineSection engine,
    JvmSection jvm,
    HostSection host,
    ClockSection clockStart,
    Map<String, String> files,
    WarmUpSection jitWarmUp,
    TelemetrySummary telemetry,
    String scriptOutcomes,
    GeneratorJvmSection generatorJvm,
    String endTimeUtc,
    Long endEpochNanos,
    ClockSection clockEnd,
    DriftSection clockDrift,
    EngineResultSection engineResult,
    TargetSection target,
    String failure,
    ShardSection shard,
    StartAtSection startAt,
    StallSection stall,
    WanSection wan) {

  /** A run.json without a WAN section (every run but {@code --wan}). */
  public RunJson(int formatVersion, String status, String crosscheckVersion, String startTimeUtc, Long startEpochNanos,
      Long pid, List<String> command, Long seed, String scheduleDigest, WorkloadSection workload, EngineSection engine,
      JvmSection jvm, HostSection host, ClockSection clockStart, Map<String, String> files, WarmUpSection jitWarmUp,
      TelemetrySummary telemetry, String scriptOutcomes, GeneratorJvmSection generatorJvm, String endTimeUtc,
      Long endEpochNanos, ClockSection clockEnd, DriftSection clockDrift, EngineResultSection engineResult,
      TargetSection target, String failure, ShardSection shard, StartAtSection startAt, StallSection stall) {
    this(formatVersion, status, crosscheckVersion, startTimeUtc, startEpochNanos, pid, command, seed, scheduleDigest,
        workload, engine, jvm, host, clockStart, files, jitWarmUp, telemetry, scriptOutcomes, generatorJvm, endTimeUtc,
        endEpochNanos, clockEnd, clockDrift, engineResult, target, failure, shard, startAt, stall, null);
  }

  public static final String RUNNING = "running";
  public static final String COMPLETED = "completed";
  public static final String INTERRUPTED = "interrupted";
  public static final String FAILED = "failed";
  /** Stopped by {@code --stall-timeout}: no exchange completed for that long while some were in flight. */
  public static final String STALLED = "stalled";
  public static final String WIRE_ONLY = "wire-only";

  /**
   * The engine and its options.
   *
   * @param name e.g. {@code netty}
   * @param policy connection policy label
   * @param connectionsK K of shared-cache and browser
   * @param eventLoops event loops (0: one per core)
   * @param connectTimeoutNanos connect timeout
   * @param requestTimeoutNanos send start to last byte
   * @param sourceAddresses local addresses client sockets bind to
   * @param busyPoll event loops spin instead of sleeping (null in v1)
   * @param layout how the engine's threads sat on the cores ({@code loop-alone}, {@code shared},
   *     {@code as-given}) with what runs where and why; null for engines without one and in files
   *     written before it existed
   * @param layoutAccuracy what that layout is known to give, with the source of the figures
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record EngineSection(String name, String policy, int connectionsK, int eventLoops, long connectTimeoutNanos,
      long requestTimeoutNanos, List<String> sourceAddresses, Boolean busyPoll, String layout, String layoutAccuracy) {
    /** Without a layout (engines without one, and run directories written before it existed). */
    public EngineSection(String name, String policy, int connectionsK, int eventLoops, long connectTimeoutNanos,
        long requestTimeoutNanos, List<String> sourceAddresses, Boolean busyPoll) {
      this(name, policy, connectionsK, eventLoops, connectTimeoutNanos, requestTimeoutNanos, sourceAddresses, busyPoll,
          null, null);
    }

    /** The layout's name, the text before its first space; null without one. */
    public String layoutName() {
      if (layout == null) {
        return null;
      }
      int space = layout.indexOf(' ');
      return space < 0 ? layout : layout.substring(0, space);
    }
  }

  /** The JVM of this process. */
  public record JvmSection(String vendor, String version, String vmName, String vmVersion, String javaHome,
      List<String> inputArguments, int availableProcessors, long maxHeapBytes) {}

  /** The machine. {@code memoryBytes} is null where the JVM cannot tell. */
  public record HostSection(String hostname, String osName, String osVersion, String osArch, int cores,
      Long memoryBytes) {}

  /**
   * A monotonic→epoch offset: {@code epoch = monotonic + offsetNanos}, good to ±{@code
   * uncertaintyNanos}, measured at {@code measuredAtNanos} (monotonic).
   */
  public record ClockSection(long offsetNanos, long uncertaintyNanos, long measuredAtNanos,
      long measuredAtEpochNanos) {
    public static ClockSection of(ClockOffset c) {
      return new ClockSection(c.offsetNanos(), c.uncertaintyNanos(), c.measuredAtNanos(),
          c.toEpochNanos(c.measuredAtNanos()));
    }

    public ClockOffset offset() {
      return new ClockOffset(offsetNanos, uncertaintyNanos, measuredAtNanos);
    }
  }

  /** The change of the offset between start and end, its uncertainty, and the time between. */
  public record DriftSection(long driftNanos, long uncertaintyNanos, long elapsedNanos) {}

  /**
   * The engine's JIT warm-up.
   *
   * @param requests requests made against the in-process server
   * @param ok of which ok
   * @param elapsedMillis the whole warm-up
   * @param settleMillis the wait for the JIT to settle
   * @param jitSettled {@code settled}, {@code not-settled}, or {@code unknown} when the JVM does not
   *     monitor compilation (v1 wrote a boolean, read as {@code true} or {@code false})
   * @param repeat a default warm-up shortened because an earlier one in the same JVM ended with the
   *     JIT settled (absent, false, in older files)
   */
  public record WarmUpSection(long requests, long ok, long elapsedMillis, long settleMillis, String jitSettled,
      boolean repeat) {}

  /** The child JVM that ran the generator ({@code --jvm}). */
  public record GeneratorJvmSection(String javaHome, String javaVersion, int featureVersion, String vmName,
      String vendor, List<String> jvmOpts, List<String> effectiveJvmOpts, String mainClass, List<String> args) {}

  /**
   * What the engine reported of its own run.
   *
   * @param startNanos monotonic instant of the schedule's offset 0
   * @param endNanos when the engine finished
   * @param durationNanos the difference
   * @param requestsIssued requests handed to the network
   * @param connectionsOpened connections the engine opened; null when it cannot see them
   * @param sessionsStarted sessions started
   * @param sessionsCompleted sessions run to their last request
   * @param reportedResolutionNanos resolution of the generator's own timing: 1,000,000 for a
   *     generator timing with {@code currentTimeMillis}, 0 for nanosecond timing
   * @param extra engine-specific gauges (names with units); the generator's own failures among them
   *     ({@link #generatorErrors()})
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record EngineResultSection(long startNanos, long endNanos, long durationNanos, long requestsIssued,
      Long connectionsOpened, long sessionsStarted, long sessionsCompleted, Long reportedResolutionNanos,
      Map<String, Long> extra) {
    /** The requests the generator itself failed, by kind, from {@code extra}. */
    @JsonIgnore
    public GeneratorErrorCounts generatorErrors() {
      return GeneratorErrorCounts.fromGauges(extra);
    }
  }

  /**
   * The generator crosscheck audited without running it: launched with the agent ({@code mode}
   * {@code launch}), attached to ({@code attach}), or launched under the capture alone ({@code
   * launch}, {@code agent} false).
   *
   * @param mode {@code launch} or {@code attach}
   * @param command the generator's command line as given (launch), without the agent's option
   * @param launchedCommand the command line as started, with {@code -javaagent:...} (launch)
   * @param pid the generator's process id
   * @param server the server whose traffic was captured and recorded, {@code HOST:PORT} as given
   * @param serverAddress the address {@code server}'s host resolved to, once, at the audit's start
   *     ({@code 127.0.9.2:8080}, {@code [2001:db8::1]:8080}); absent in files written before it existed
   * @param agent whether the crosscheck agent recorded inside the generator ({@code --no-agent}: false)
   * @param agentJar the agent jar given to the JVM
   * @param agentArguments the agent's argument string
   * @param reporting the reporting spec ({@code reportedBy=...}, {@code reportedValue=...}), empty for none
   * @param exitCode the generator's exit code (launch), null while it runs or when attached
   * @param agentStatus agent.json's status at the end ({@code completed}, {@code detached}, {@code
   *     failed}...), null while running or without the agent
   * @param agentError agent.json's error, or why agent.json is missing; empty when nothing to say
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TargetSection(String mode, List<String> command, List<String> launchedCommand, Long pid,
      String server, String serverAddress, boolean agent, String agentJar, String agentArguments, String reporting,
      Integer exitCode, String agentStatus, String agentError) {
    /** A copy with the end of the generator's run. */
    public TargetSection ended(Long pid, Integer exitCode, String agentStatus, String agentError) {
      return new TargetSection(mode, command, launchedCommand, pid, server, serverAddress, agent, agentJar,
          agentArguments, reporting, exitCode, agentStatus, agentError);
    }
  }

  /**
   * The part of a sharded schedule this run ran, or what a merge made of shards.
   *
   * @param index the shard (0-based); null in a merged directory
   * @param count how many shards the schedule is split into
   * @param unshardedDigest the whole schedule's digest ({@code Schedule.digest()}): equal in every
   *     shard of one schedule, which the merge checks
   * @param shardDigest the digest of this shard's own part ({@code Schedule.shardDigest()}); null in
   *     a merged directory
   * @param merged in a merged directory: one entry per shard index 0..count-1
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ShardSection(Integer index, int count, String unshardedDigest, String shardDigest,
      List<MergedShard> merged) {}

  /**
   * One shard of a merge.
   *
   * @param index the shard
   * @param status merged, failed (merged what it recorded), missing (no directory)
   * @param directory its run directory, null when missing
   * @param runStatus its run.json status (completed, interrupted, failed, unfinished), null when missing
   * @param records its requests.csv records merged
   * @param reason why it failed, null when it did not
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MergedShard(int index, String status, String directory, String runStatus, long records,
      String reason) {}

  /**
   * The absolute start instant of {@code --start-at}, mapped once onto the monotonic clock.
   *
   * @param instantUtc the instant as given, ISO-8601
   * @param epochNanos the same, wall clock
   * @param monotonicNanos the schedule's offset 0 on this JVM's monotonic clock ({@code
   *     epochNanos - clockOffsetNanos})
   * @param clockOffsetNanos the monotonic-to-epoch offset used ({@code epoch = monotonic + offset})
   * @param clockUncertaintyNanos its uncertainty
   * @param leadNanos how far ahead of the mapping the instant was
   */
  public record StartAtSection(String instantUtc, long epochNanos, long monotonicNanos, long clockOffsetNanos,
      long clockUncertaintyNanos, long leadNanos) {}

  /**
   * The longest stall of a load: a stretch with requests in flight and none completing, at least the
   * warning period long (the one that stopped the load, when {@code stoppedByTimeout}). Offsets are
   * from the start of the load on the monotonic clock of the process that watched it.
   *
   * @param warningNanos {@code --stall-warning}
   * @param timeoutNanos {@code --stall-timeout}, 0 when off
   * @param stalls stalls seen (each at least the warning period long)
   * @param stoppedByTimeout the load was stopped by the timeout (status {@code stalled})
   * @param startOffsetNanos when the longest began
   * @param durationNanos how long it lasted
   * @param inFlight requests in flight at its last look
   * @param connections the connections they were on; -1 when not known
   * @param oldestInFlightNanos how long the oldest of them had been in flight; -1 when not known
   * @param lastCompletionOffsetNanos the last completion before it; -1 when none had completed
   * @param completedBefore requests completed before it
   */
  public record StallSection(long warningNanos, long timeoutNanos, long stalls, boolean stoppedByTimeout,
      long startOffsetNanos, long durationNanos, long inFlight, long connections, long oldestInFlightNanos,
      long lastCompletionOffsetNanos, long completedBefore) {}

  /** A copy with {@code shard} set. */
  public RunJson withShard(ShardSection s) {
    return new RunJson(formatVersion, status, crosscheckVersion, startTimeUtc, startEpochNanos, pid, command, seed,
        scheduleDigest, workload, engine, jvm, host, clockStart, files, jitWarmUp, telemetry, scriptOutcomes,
        generatorJvm, endTimeUtc, endEpochNanos, clockEnd, clockDrift, engineResult, target, failure, s, startAt, stall,
        wan);
  }

  /** A copy with {@code generatorJvm} set. */
  public RunJson withGeneratorJvm(GeneratorJvmSection g) {
    return new RunJson(formatVersion, status, crosscheckVersion, startTimeUtc, startEpochNanos, pid, command, seed,
        scheduleDigest, workload, engine, jvm, host, clockStart, files, jitWarmUp, telemetry, scriptOutcomes, g,
        endTimeUtc, endEpochNanos, clockEnd, clockDrift, engineResult, target, failure, shard, startAt, stall, wan);
  }

  /** A copy with {@code w} as its WAN section. */
  public RunJson withWan(WanSection w) {
    return new RunJson(formatVersion, status, crosscheckVersion, startTimeUtc, startEpochNanos, pid, command, seed,
        scheduleDigest, workload, engine, jvm, host, clockStart, files, jitWarmUp, telemetry, scriptOutcomes,
        generatorJvm, endTimeUtc, endEpochNanos, clockEnd, clockDrift, engineResult, target, failure, shard, startAt,
        stall, w);
  }

  /**
   * The emulated WAN link a run's target sat behind ({@code --wan}): the server in one network
   * namespace, the generator (and an audit's capture) in another, joined by a link crosscheck
   * forwards itself. Counts are the link's own, read after the load ended.
   *
   * @param profile the profile as given (e.g. {@code dsl}, {@code rtt=40ms,loss=0.1%})
   * @param label its canonical text ({@code rtt=40ms,up=1mbit,down=8mbit})
   * @param rttNanos round-trip time the link adds (half each way), nanoseconds
   * @param upBitsPerSecond client-to-server capacity, 0 unlimited
   * @param downBitsPerSecond server-to-client capacity, 0 unlimited
   * @param lossPercent chance in percent that a frame is lost, each direction
   * @param mtu the link's MTU in bytes
   * @param seed the loss draws' seed
   * @param mechanism what applied the conditions, and why not netem
   * @param clientNamespace where the generator and the capture ran
   * @param clientInterface the client's link interface there (the capture's interface for an audit)
   * @param clientAddress the generator's source address on it
   * @param serverNamespace where the server ran
   * @param server what served, and its address and port in its namespace
   * @param up what the link did client to server
   * @param down what the link did server to client
   * @param linkFailure the link's failure (a TAP that failed); null when none
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record WanSection(String profile, String label, long rttNanos, long upBitsPerSecond, long downBitsPerSecond,
      double lossPercent, int mtu, long seed, String mechanism, String clientNamespace, String clientInterface,
      String clientAddress, String serverNamespace, String server, LinkSection up, LinkSection down,
      String linkFailure) {}

  /**
   * What the link did to the frames of one direction.
   *
   * @param frames IPv4 frames taken off the sending side
   * @param bytes their bytes, Ethernet header included
   * @param delayedFrames delivered after the rate and the one-way delay
   * @param lostFrames lost at random ({@code lossPercent}, seeded)
   * @param queueDroppedFrames dropped at the link's queue limit (tail drop)
   * @param largestFrameBytes the largest frame, Ethernet header included
   */
  public record LinkSection(long frames, long bytes, long delayedFrames, long lostFrames, long queueDroppedFrames,
      int largestFrameBytes) {}

  /** The port of a {@code HOST:PORT}, 0 when there is none. */
  private static int port(String hostPort) {
    int colon = hostPort == null ? -1 : hostPort.lastIndexOf(':');
    try {
      return colon < 0 ? 0 : Integer.parseInt(hostPort.substring(colon + 1));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The calibrations of run.json itself: clockStart and clockEnd, where present. */
  public List<ClockOffset> clockOffsets() {
    return java.util.stream.Stream.of(clockStart, clockEnd).filter(java.util.Objects::nonNull)
        .map(ClockSection::offset).toList();
  }

  /** The server port the capture is read for, 0 when unknown. */
  public int targetPort() {
    if (workload == null) {
      return target == null ? 0 : port(target.server());
    }
    return workload.targetPort();
  }

  /** The generator's timing resolution in nanoseconds (0 when it timed in nanoseconds or is unknown). */
  public long reportedResolutionNanos() {
    return engineResult == null || engineResult.reportedResolutionNanos() == null ? 0
        : engineResult.reportedResolutionNanos();
  }
}
