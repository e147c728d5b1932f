package io.crosscheck.rundir;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run.json of a merged run directory ({@link ShardMerge}): the first shard's description with
 * the shards' engine results summed, their source addresses together, the {@code shard} section
 * listing every shard's outcome, and the status {@code completed} only when every shard merged.
 * Stateless.
 */
final class MergedRunJson {
  /** Gauges that are flags or settings, not amounts: the merged value is the largest, never a sum. */
  private static final Set<String> NOT_SUMMED = Set.of("epollTransport", "timingMillisClock", "virtualThreads",
      "threadStackSizeBytes", "connectionIdsObservable");

  private MergedRunJson() {}

  /**
   * @param r the first shard's run.json
   * @param shards every merged shard's run.json
   * @param result what the merge did
   * @param command the merge's command line
   */
  static RunJson of(RunJson r, List<RunJson> shards, ShardMerge.Result result, List<String> command) {
    RunJson.EngineResultSection engineResult = null;
    List<String> sources = new ArrayList<>();
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long issued = 0;
    Long connections = 0L;
    long started = 0;
    long completed = 0;
    Map<String, Long> extra = new LinkedHashMap<>();
    boolean anyResult = false;
    for (RunJson in : shards) {
      if (in.engine() != null && in.engine().sourceAddresses() != null) {
        sources.addAll(in.engine().sourceAddresses());
      }
      RunJson.EngineResultSection e = in.engineResult();
      if (e == null) {
        continue;
      }
      anyResult = true;
      start = Math.min(start, e.startNanos());
      end = Math.max(end, e.endNanos());
      issued += e.requestsIssued();
      connections = connections == null || e.connectionsOpened() == null ? null : connections + e.connectionsOpened();
      started += e.sessionsStarted();
      completed += e.sessionsCompleted();
      if (e.extra() != null) {
        e.extra().forEach((k, v) -> extra.merge(k, v, NOT_SUMMED.contains(k) ? Math::max : Long::sum));
      }
    }
    if (anyResult) {
      engineResult = new RunJson.EngineResultSection(start, end, end - start, issued, connections, started, completed,
          r.engineResult() == null ? null : r.engineResult().reportedResolutionNanos(), extra);
    }
    RunJson.EngineSection engine = r.engine() == null ? null : new RunJson.EngineSection(r.engine().name(),
        r.engine().policy(), r.engine().connectionsK(), r.engine().eventLoops(), r.engine().connectTimeoutNanos(),
        r.engine().requestTimeoutNanos(), List.copyOf(sources), r.engine().busyPoll());
    String status = result.complete() ? RunJson.COMPLETED : RunJson.FAILED;
    String failure = status.equals(RunJson.FAILED) ? result.headline() : null;
    Instant now = Instant.now();
    RunJson.ShardSection shard = new RunJson.ShardSection(null, result.count(), r.shard().unshardedDigest(), null,
        result.shards());
    Map<String, String> files = new LinkedHashMap<>(r.files() == null ? Map.of() : r.files());
    files.remove("telemetry"); // per JVM: telemetry-shard-I.csv
    files.put("telemetrySum", ShardTelemetry.FILE);
    return new RunJson(r.formatVersion(), status, r.crosscheckVersion(), r.startTimeUtc(), r.startEpochNanos(),
        ProcessHandle.current().pid(), List.copyOf(command), r.seed(), r.scheduleDigest(), r.workload(), engine,
        r.jvm(), r.host(), r.clockStart(), files, r.jitWarmUp(), null, r.scriptOutcomes(), r.generatorJvm(),
        now.toString(), io.crosscheck.record.ClockCalibration.toEpochNanos(now), r.clockEnd(), r.clockDrift(),
        engineResult, null, failure, shard, r.startAt(), r.stall());
  }
}
