package io.crosscheck.rundir;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.telemetry.TelemetryCsv;
import io.crosscheck.telemetry.TelemetrySample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The telemetry of a merged run: each shard's telemetry.csv kept as {@code telemetry-shard-I.csv}
 * (the {@code TelemetryCsv} format, its own JVM's monotonic clock), and {@value #FILE}, the sum over
 * the shards of the columns whose sum means something for the generator as a whole: live threads,
 * heap used, process CPU (user, sys, cores). Every other column (peaks, GC counts, per-JVM maxima)
 * is per JVM and is not summed. Rows are {@value #BUCKET_NANOS} ns buckets of the samples' clock
 * (the shards of one host share it); a shard without a sample in a bucket adds nothing there, and
 * the {@code shards} column says how many did. Stateless.
 */
final class ShardTelemetry {
  static final String FILE = "telemetry-sum.csv";
  static final long BUCKET_NANOS = 100_000_000L;
  private static final String HEADER = "bucketStartNanos,shards,threadsLive,heapUsedBytes,processCpuUserCores,"
      + "processCpuSysCores";

  private ShardTelemetry() {}

  /**
   * Copies each shard's telemetry.csv beside the merge and writes their sum. A shard whose file
   * {@link TelemetryCsv#read} refuses (a malformed row or header) is copied but left out of the sum,
   * and the file's first line says which and why.
   */
  static void write(List<Path> shardDirs, List<Integer> indexes, Path out) throws IOException {
    // bucket -> {shards, threads, heap, user, sys}
    TreeMap<Long, double[]> sum = new TreeMap<>();
    StringBuilder leftOut = new StringBuilder();
    for (int i = 0; i < shardDirs.size(); i++) {
      Path in = shardDirs.get(i).resolve(RunFiles.TELEMETRY_CSV);
      if (!Files.exists(in)) {
        continue;
      }
      Files.copy(in, out.resolve("telemetry-shard-" + indexes.get(i) + ".csv"), StandardCopyOption.REPLACE_EXISTING);
      List<TelemetrySample> samples;
      try {
        samples = TelemetryCsv.read(in);
      } catch (MalformedInputException e) {
        leftOut.append("; shard ").append(indexes.get(i)).append(" left out: ").append(e.getMessage());
        continue;
      }
      Map<Long, double[]> last = new TreeMap<>();
      for (TelemetrySample t : samples) {
        long bucket = Math.floorDiv(t.sampleNanos(), BUCKET_NANOS) * BUCKET_NANOS;
        last.put(bucket, new double[] {1, t.threadsLive(), t.heapUsedBytes(), orZero(t.processCpuUserCores()),
            orZero(t.processCpuSysCores())});
      }
      last.forEach((bucket, row) -> {
        double[] acc = sum.computeIfAbsent(bucket, b -> new double[5]);
        for (int k = 0; k < 5; k++) {
          acc[k] += row[k];
        }
      });
    }
    StringBuilder sb = new StringBuilder("# summed over shards: threadsLive, heapUsedBytes, processCpuUserCores,"
        + " processCpuSysCores (the other telemetry columns are per JVM: see telemetry-shard-I.csv)")
        .append(leftOut).append('\n');
    sb.append(HEADER).append('\n');
    sum.forEach((bucket, a) -> sb.append(bucket).append(',').append((long) a[0]).append(',').append((long) a[1])
        .append(',').append((long) a[2]).append(',').append(String.format(java.util.Locale.ROOT, "%.4f", a[3]))
        .append(',').append(String.format(java.util.Locale.ROOT, "%.4f", a[4])).append('\n'));
    io.crosscheck.record.JsonFiles.writeAtomically(out.resolve(FILE), sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** An unavailable CPU figure (NaN, an empty field) adds nothing. */
  private static double orZero(double v) {
    return Double.isNaN(v) ? 0 : v;
  }
}
