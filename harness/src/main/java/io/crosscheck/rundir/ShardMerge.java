package io.crosscheck.rundir;

import io.crosscheck.record.MergedRecording;
import io.crosscheck.record.LatencyHistograms;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.record.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Merges the run directories of the shards of one schedule ({@code run --shard I/N}) into one run
 * directory, as if one generator had run: requests.csv (every record), latency.hlog (exact histogram
 * merge), summary.json (recomputed from the merged records), run.json (the shards' and their
 * outcomes in {@code shard.merged}), clock.csv (the first shard's) and each shard's telemetry.csv as
 * {@code telemetry-shard-I.csv} with their sum in {@link ShardTelemetry#FILE}.
 *
 * <p>Checks first, and refuses with every problem listed: each input is a shard run directory, all of
 * the same schedule (same unsharded digest) and shard count, with distinct indexes. Missing indexes
 * and failed shards (status other than completed, or a failure the caller saw) are reported and the
 * others merged. Verifies after: merged records = the sum of the shards' records, and the merged
 * histogram's count = the records that belong in it.
 *
 * <p>Clocks: records are monotonic nanoseconds of their shard's JVM. Shards of one host share that
 * clock (Linux CLOCK_MONOTONIC) and are kept as they are; a shard of another host is moved onto the
 * first shard's clock through both run.json clock offsets (epoch = monotonic + offset). Not thread-safe.
 */
public final class ShardMerge {
  /** One input that is not a shard of the schedule, or a set of inputs that do not belong together. */
  public static final class MergeRefused extends IOException {
    private final List<String> problems;

    MergeRefused(List<String> problems) {
      super("nothing was merged:\n  " + String.join("\n  ", problems));
      this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
      return problems;
    }
  }

  /**
   * What the merge did.
   *
   * @param count the shard count
   * @param shards one entry per index 0..count-1
   * @param recordsMerged records in the merged requests.csv
   * @param recordsSum the sum of the shards' records
   * @param histogramCount the merged latency.hlog's service count
   * @param histogramExpected merged records that belong in it (complete replies)
   * @param summary the merged summary
   */
  public record Result(int count, List<RunJson.MergedShard> shards, long recordsMerged, long recordsSum,
      long histogramCount, long histogramExpected, Summary summary) {
    /** True when every shard merged completed and the counts check out. */
    public boolean complete() {
      return consistent() && shards.stream().allMatch(s -> "merged".equals(s.status()));
    }

    /** The accounting holds: no record lost in the merge. */
    public boolean consistent() {
      return recordsMerged == recordsSum && histogramCount == histogramExpected;
    }

    /** One line per shard and the evidence, for stdout. */
    public List<String> describe() {
      List<String> lines = new ArrayList<>();
      lines.add(headline());
      for (RunJson.MergedShard s : shards) {
        lines.add("  shard " + s.index() + "/" + count + ": " + s.status() + ", " + s.records() + " records"
            + (s.directory() == null ? "" : " (" + s.directory() + ")"));
      }
      lines.add("records: merged " + recordsMerged + (recordsMerged == recordsSum ? " = " : " != ")
          + "sum of shards " + recordsSum + (recordsMerged == recordsSum ? " (none lost)" : " (MISMATCH)"));
      lines.add("latency.hlog service count " + histogramCount + (histogramCount == histogramExpected ? " = " : " != ")
          + "complete replies in the records " + histogramExpected
          + (histogramCount == histogramExpected ? "" : " (MISMATCH)"));
      return lines;
    }

    /** The first line: shards merged of the count, and each failed or missing one with its reason. */
    public String headline() {
      long merged = shards.stream().filter(s -> !"missing".equals(s.status()) && s.reason() == null).count();
      StringBuilder head = new StringBuilder("merged " + merged + " of " + count + " shards");
      for (RunJson.MergedShard s : shards) {
        if (s.reason() != null) {
          head.append("; shard ").append(s.index()).append(' ').append(s.status()).append(": ").append(s.reason());
        }
      }
      return head.toString();
    }
  }

  private record Input(Path dir, RunJson run, int index) {}

  private ShardMerge() {}

  /**
   * Merges {@code inputs} into {@code out} (an existing directory without run.json).
   *
   * @param knownFailures why shards failed as their launcher saw it (index to reason), e.g. an exit
   *     code; merged with what their run.json says
   * @param command the merge's command line, for run.json
   * @throws MergeRefused when the inputs are not shards of one schedule (nothing written)
   */
  public static Result merge(List<Path> inputs, Path out, Map<Integer, String> knownFailures, List<String> command)
      throws IOException {
    List<Input> shards = check(inputs);
    int count = shards.get(0).run.shard().count();
    shards.sort(Comparator.comparingInt(Input::index));
    Input ref = shards.get(0);
    if (Files.exists(out.resolve(RunFiles.RUN_JSON))) {
      throw new MergeRefused(List.of(out + ": already holds a run (run.json); give an empty directory"));
    }
    Files.createDirectories(out);
    long refOffset = ref.run.clockStart() == null ? 0 : ref.run.clockStart().offsetNanos();
    List<RequestRecord> all = new ArrayList<>();
    Map<Integer, RunJson.MergedShard> outcomes = new TreeMap<>();
    long sum = 0;
    long windowNanos = 0;
    List<Path> hlogs = new ArrayList<>();
    Map<String, TreeMap<Long, Histogram>> rebuilt = new TreeMap<>();
    long commonStartMillis = commonStartEpochMillis(ref.run);
    for (Input in : shards) {
      long shift = shiftNanos(ref.run, in.run, refOffset);
      RequestCsv.ReadResult read = RequestCsv.readAll(in.dir.resolve(RunFiles.REQUESTS_CSV));
      for (RequestRecord r : read.records()) {
        all.add(shift == 0 ? r : shifted(r, shift));
      }
      sum += read.records().size();
      RunFiles.Status status = RunFiles.status(in.run);
      String reason = knownFailures.get(in.index);
      if (reason == null && !RunJson.COMPLETED.equals(status.status())) {
        reason = "its run ended " + status.status()
            + (in.run.failure() != null ? " (" + in.run.failure() + ")" : status.note().isEmpty() ? "" : " (" + status.note() + ")");
      }
      var summary = RunFiles.readSummary(in.dir);
      if (summary.isPresent() && Files.exists(in.dir.resolve(RunFiles.LATENCY_HLOG))) {
        hlogs.add(in.dir.resolve(RunFiles.LATENCY_HLOG));
        windowNanos = Math.max(windowNanos, summary.get().measuredWindowNanos());
      } else {
        // its recording never closed (killed): latency.hlog misses its last interval, so its
        // histograms are rebuilt from its records, the only complete account
        long epochOffset = (in.run.clockStart() == null ? refOffset : in.run.clockStart().offsetNanos());
        rebuild(read.records(), epochOffset, commonStartMillis, rebuilt);
        reason = reason == null ? "its recording was not closed (no summary.json)" : reason;
      }
      if (read.tornLastLine().isPresent()) {
        reason = (reason == null ? "" : reason + "; ") + "torn last line of requests.csv dropped";
      }
      outcomes.put(in.index, new RunJson.MergedShard(in.index, reason == null ? "merged" : "failed",
          in.dir.toString(), status.status(), read.records().size(), reason));
    }
    for (int i = 0; i < count; i++) {
      if (!outcomes.containsKey(i)) {
        String why = knownFailures.getOrDefault(i, "no run directory of this shard was given");
        outcomes.put(i, new RunJson.MergedShard(i, "missing", null, null, 0, why));
      }
    }
    // completion order, as one sink writes them
    all.sort(Comparator.comparingLong(ShardMerge::completionNanos));
    MergedRecording.writeRequestsCsv(out, all);
    MergedRecording.HlogMerge hlog = MergedRecording.mergeHlogs(hlogs, rebuilt, commonStartMillis,
        out.resolve(RunFiles.LATENCY_HLOG));
    long startNanos = ref.run.engineResult() != null ? ref.run.engineResult().startNanos()
        : ref.run.startAt() != null ? ref.run.startAt().monotonicNanos() : Long.MIN_VALUE;
    Summary summary = MergedRecording.writeSummary(out, all, windowNanos, startNanos);
    long expected = all.stream().filter(LatencyHistograms::inServiceHistogram).count();
    List<RunJson.MergedShard> list = List.copyOf(outcomes.values());
    Result result = new Result(count, list, all.size(), sum, hlog.totalCount(LatencyHistograms.TAG_SERVICE), expected,
        summary);
    copyIfPresent(ref.dir.resolve(RunFiles.CLOCK_CSV), out.resolve(RunFiles.CLOCK_CSV));
    ShardTelemetry.write(shards.stream().map(Input::dir).toList(), shards.stream().map(Input::index).toList(), out);
    RunFiles.writeRun(out, MergedRunJson.of(ref.run, shards.stream().map(Input::run).toList(), result, command));
    return result;
  }

  private static List<Input> check(List<Path> inputs) throws IOException {
    List<String> problems = new ArrayList<>();
    List<Input> shards = new ArrayList<>();
    if (inputs.isEmpty()) {
      throw new MergeRefused(List.of("no shard run directory given"));
    }
    for (Path dir : inputs) {
      RunJson run;
      try {
        run = RunFiles.readRun(dir);
      } catch (IOException e) {
        problems.add(dir + ": not a shard run directory: " + e.getMessage());
        continue;
      }
      if (run.shard() == null || run.shard().index() == null) {
        problems.add(dir + ": not a shard: its run.json has no shard section (run it with --shard I/N)");
        continue;
      }
      shards.add(new Input(dir, run, run.shard().index()));
    }
    if (!shards.isEmpty()) {
      Input first = shards.get(0);
      Set<Integer> seen = new java.util.HashSet<>();
      for (Input in : shards) {
        if (in.run.shard().count() != first.run.shard().count()) {
          problems.add(in.dir + ": shard " + in.index + " of " + in.run.shard().count() + ", but " + first.dir
              + " is one of " + first.run.shard().count() + " (all inputs must split the schedule the same way)");
        }
        if (!java.util.Objects.equals(in.run.shard().unshardedDigest(), first.run.shard().unshardedDigest())) {
          problems.add(in.dir + ": another schedule (unsharded digest " + abbrev(in.run.shard().unshardedDigest())
              + ", " + first.dir + " has " + abbrev(first.run.shard().unshardedDigest()) + ")");
        }
        if (!seen.add(in.index)) {
          problems.add(in.dir + ": shard index " + in.index + " given twice");
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new MergeRefused(problems);
    }
    return shards;
  }

  private static String abbrev(String digest) {
    return digest == null ? "none" : digest.substring(0, Math.min(12, digest.length()));
  }

  /** The common start instant in epoch ms: --start-at's, else the first shard's offset 0, else its start. */
  private static long commonStartEpochMillis(RunJson ref) {
    if (ref.startAt() != null) {
      return Math.floorDiv(ref.startAt().epochNanos(), 1_000_000L);
    }
    if (ref.engineResult() != null && ref.clockStart() != null) {
      return Math.floorDiv(ref.engineResult().startNanos() + ref.clockStart().offsetNanos(), 1_000_000L);
    }
    return ref.startEpochNanos() == null ? 0 : ref.startEpochNanos() / 1_000_000L;
  }

  /** 0 for a shard of the reference's host; otherwise its offset's difference to the reference's. */
  private static long shiftNanos(RunJson ref, RunJson run, long refOffset) {
    boolean sameHost = ref.host() != null && run.host() != null
        && java.util.Objects.equals(ref.host().hostname(), run.host().hostname());
    if (sameHost || run.clockStart() == null) {
      return 0;
    }
    return run.clockStart().offsetNanos() - refOffset;
  }

  private static long shift(long nanos, long by) {
    return nanos < 0 ? nanos : nanos + by;
  }

  private static RequestRecord shifted(RequestRecord r, long by) {
    return new RequestRecord(r.sessionId(), r.userId(), r.seq(), r.method(), r.url(), r.connectionId(),
        shift(r.connectionOpenNanos(), by), r.connectionReused(), shift(r.intendedStartNanos(), by),
        shift(r.sendStartNanos(), by), shift(r.firstByteNanos(), by), shift(r.lastByteNanos(), by), r.status(),
        r.requestBytes(), r.responseBytes(), r.outcome(), r.phase(), r.detail());
  }

  private static long completionNanos(RequestRecord r) {
    return Math.max(Math.max(r.lastByteNanos(), r.sendStartNanos()), r.intendedStartNanos());
  }

  /** The histograms a killed shard's sink would have logged, per tag and merged interval. */
  private static void rebuild(List<RequestRecord> records, long epochOffsetNanos, long commonStartMillis,
      Map<String, TreeMap<Long, Histogram>> into) {
    for (RequestRecord r : records) {
      if (!LatencyHistograms.completeReply(r)) {
        continue;
      }
      long atMillis = Math.floorDiv(r.lastByteNanos() + epochOffsetNanos, 1_000_000L);
      long interval = Math.floorDiv(atMillis - commonStartMillis, LatencyHistograms.HLOG_INTERVAL_MILLIS);
      LatencyHistograms.recordLatencies(r, intervalHistogram(into, LatencyHistograms.TAG_SERVICE, interval),
          intervalHistogram(into, LatencyHistograms.TAG_RESPONSE, interval));
    }
  }

  private static Histogram intervalHistogram(Map<String, TreeMap<Long, Histogram>> byTag, String tag, long interval) {
    return byTag.computeIfAbsent(tag, t -> new TreeMap<>()).computeIfAbsent(interval, i -> new Histogram(3));
  }

  private static void copyIfPresent(Path from, Path to) throws IOException {
    if (Files.exists(from)) {
      Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
