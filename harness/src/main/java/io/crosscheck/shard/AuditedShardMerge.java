package io.crosscheck.shard;

import io.crosscheck.compare.ClockMap;
import io.crosscheck.compare.ErrorSourceCheck;
import io.crosscheck.compare.GeneratorSide;
import io.crosscheck.compare.Reconstruction;
import io.crosscheck.compare.ShardFindings;
import io.crosscheck.compare.SupportCheck;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.Support;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The comparison step of {@code crosscheck merge} for shards that were audited ({@code audit --shard
 * I/N}: each shard directory holds its own capture.pcap, e.g. each pod of a Kubernetes Job captured
 * its own traffic): reads each shard's records, clock mapping and capture through the run-directory
 * reader, has {@link ShardFindings} match and merge them, and writes into the merged run directory
 * {@code findings.json} (with its {@code shards} section) and {@value #HISTOGRAMS_FILE} (every shard's
 * wire and reported histograms and their exact sums). Runs after {@code ShardMerge} wrote the merged
 * records. Used by one thread.
 */
public final class AuditedShardMerge {
  /** The HdrHistogram log of the shards' wire and reported response times and their merge. */
  public static final String HISTOGRAMS_FILE = "shards-response-time.hlog";
  /** The histograms' tags: {@code wire}, {@code reported}, and {@code wire.shard-I}, {@code reported.shard-I}. */
  public static final String TAG_WIRE = "wire";
  public static final String TAG_REPORTED = "reported";
  /** Interval length of the merged findings' time series, as compare's. */
  private static final long INTERVAL_NANOS = 1_000_000_000L;
  private static final double NANOS_PER_MILLI = 1_000_000.0;

  /**
   * What the merge of the findings gave.
   *
   * @param file the merged findings.json's content
   * @param result the merged figures and histograms
   */
  public record Result(FindingsFile file, ShardFindings.Result result) {
    /** True when the merged findings support a verdict (exit 0 of compare), false for exit 3. */
    public boolean supported() {
      return file.support() == null || file.support().supported();
    }
  }

  private AuditedShardMerge() {}

  /**
   * The shard directories that lack a capture (not audited); empty when every one was audited, and
   * the merged findings can be built.
   */
  public static List<Path> notAudited(List<Path> shardDirs) {
    return shardDirs.stream().filter(d -> !Files.isRegularFile(d.resolve(RunFiles.CAPTURE_PCAP))).toList();
  }

  /**
   * Matches every shard against its own capture and writes the merged findings into {@code out}.
   *
   * @param shardDirs the audited shards' run directories (checked to be shards of one schedule by
   *     {@code ShardMerge} before)
   * @param out the merged run directory (its run.json written)
   * @param minMatchedPercent the matching floor
   */
  public static Result merge(List<Path> shardDirs, Path out, double minMatchedPercent) throws IOException {
    List<ShardFindings.Shard> shards = new ArrayList<>();
    RunJson ref = null;
    List<String> pcaps = new ArrayList<>();
    for (Path dir : shardDirs) {
      RunJson run = RunFiles.readRun(dir);
      ref = ref == null || run.shard().index() < ref.shard().index() ? run : ref;
      shards.add(shard(dir, run));
      pcaps.add(dir.resolve(RunFiles.CAPTURE_PCAP).toString());
    }
    shards.sort(Comparator.comparingInt(ShardFindings.Shard::index));
    ShardFindings.Result merged = ShardFindings.merge(shards, minMatchedPercent, INTERVAL_NANOS, HISTOGRAMS_FILE);
    Findings findings = merged.findings();
    if (findings.responseTime() != null || ref.engine() != null) {
      findings = findings.toBuilder().errorSource(ErrorSourceCheck.judge(findings, ref.engine())).build();
    }
    RunJson mergedRun = RunFiles.readRun(out);
    List<RequestRecord> all = new ArrayList<>();
    shards.forEach(s -> all.addAll(s.gen().records()));
    Support support = SupportCheck.judge(mergedRun.status(), findings, all, merged.outOfOrder());
    FindingsFile.RunEvidence evidence = new FindingsFile.RunEvidence(mergedRun.status(),
        mergedRun.failure() == null ? "" : mergedRun.failure(), all.size(), null, String.join(",", pcaps));
    FindingsFile file = new FindingsFile(RunFiles.FINDINGS_FORMAT_VERSION, evidence, merged.capture(), merged.liveCapture(),
        null, findings, support, null, merged.shards());
    writeHistograms(out.resolve(HISTOGRAMS_FILE), merged, shards);
    RunFiles.writeFindings(out.resolve(RunFiles.FINDINGS_JSON), file);
    return new Result(file, merged);
  }

  /** One shard's evidence, read as compare reads a run directory. */
  private static ShardFindings.Shard shard(Path dir, RunJson run) throws IOException {
    RequestCsv.ReadResult read = RequestCsv.readAll(dir.resolve(RunFiles.REQUESTS_CSV));
    ClockMap clock = ClockMap.ofRun(dir, run);
    long startEpochNanos = run.engineResult() != null ? clock.toEpochNanos(run.engineResult().startNanos())
        : run.startEpochNanos() != null ? run.startEpochNanos() : Long.MIN_VALUE;
    long runEndNanos = run.engineResult() != null ? run.engineResult().endNanos() : -1;
    GeneratorSide gen = new GeneratorSide(read.records(), clock, startEpochNanos, run.reportedResolutionNanos(),
        List.of(), null, 0, io.crosscheck.rundir.Findings.CoresSource.UNKNOWN, 0, runEndNanos,
        run.target() == null || !"attach".equals(run.target().mode()));
    Reconstruction wire = Reconstruction.of(dir.resolve(RunFiles.CAPTURE_PCAP), run.targetPort(), null);
    CaptureJson live = RunFiles.readCapture(dir).orElse(null);
    Long ownMatched = null;
    Path findings = dir.resolve(RunFiles.FINDINGS_JSON);
    if (Files.exists(findings)) {
      FindingsFile own = RunFiles.readFindings(findings);
      if (own.findings() != null && own.findings().coverage() != null) {
        ownMatched = own.findings().coverage().matched();
      }
    }
    return new ShardFindings.Shard(run.shard().index(), dir.toString(), RunFiles.status(run).status(), gen, wire,
        live, ownMatched);
  }

  /** Each shard's histograms, then their sums, as one HdrHistogram log written atomically. */
  private static void writeHistograms(Path file, ShardFindings.Result merged, List<ShardFindings.Shard> shards)
      throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (FileOutputStream stream = new FileOutputStream(tmp.toFile());
        PrintStream ps = new PrintStream(stream, false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputComment(String.format(Locale.ROOT, "crosscheck merge: response times of the matched pairs complete on"
          + " both sides in the measured phase, in nanoseconds (max column in ms); %s = request start to last"
          + " response byte on the capture, %s = the generator's send start to last byte; %s.shard-I and"
          + " %s.shard-I are shard I's, %s and %s their exact sums (Histogram.add)", TAG_WIRE, TAG_REPORTED,
          TAG_WIRE, TAG_REPORTED, TAG_WIRE, TAG_REPORTED));
      w.outputLogFormatVersion();
      w.outputStartTime(0);
      w.setBaseTime(0);
      w.outputLegend();
      for (int i = 0; i < shards.size(); i++) {
        String suffix = ".shard-" + shards.get(i).index();
        output(w, merged.shardWire().get(i), TAG_WIRE + suffix);
        output(w, merged.shardReported().get(i), TAG_REPORTED + suffix);
      }
      output(w, merged.wire(), TAG_WIRE);
      output(w, merged.reported(), TAG_REPORTED);
      ps.flush();
      if (ps.checkError()) {
        throw new IOException("cannot write " + tmp);
      }
      stream.getFD().sync();
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void output(HistogramLogWriter w, Histogram h, String tag) {
    Histogram copy = h.copy();
    copy.setTag(tag);
    w.outputIntervalHistogram(0, 0, copy, NANOS_PER_MILLI);
  }
}
