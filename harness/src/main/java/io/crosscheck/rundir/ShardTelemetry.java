package io.crosscheck.rundir;

import java.io.BufferedReader;
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

  /** Copies each shard's telemetry.csv beside the merge and writes their sum. */
  static void write(List<Path> shardDirs, List<Integer> indexes, Path out) throws IOException {
    // bucket -> {shards, threads, heap, user, sys}
    TreeMap<Long, double[]> sum = new TreeMap<>();
    for (int i = 0; i < shardDirs.size(); i++) {
      Path in = shardDirs.get(i).resolve(RunFiles.TELEMETRY_CSV);
      if (!Files.exists(in)) {
        continue;
      }
      Files.copy(in, out.resolve("telemetry-shard-" + indexes.get(i) + ".csv"), StandardCopyOption.REPLACE_EXISTING);
      Map<Long, double[]> last = new TreeMap<>();
      try (BufferedReader r = Files.newBufferedReader(in, StandardCharsets.UTF_8)) {
        String header = r.readLine();
        if (header == null) {
          continue;
        }
        List<String> cols = List.of(header.split(","));
        int t = cols.indexOf("sampleNanos");
        int th = cols.indexOf("threadsLive");
        int heap = cols.indexOf("heapUsedBytes");
        int user = cols.indexOf("processCpuUserCores");
        int sys = cols.indexOf("processCpuSysCores");
        for (String line; (line = r.readLine()) != null; ) {
          String[] f = line.split(",", -1);
          if (f.length < cols.size()) {
            continue; // a torn last line
          }
          try {
            long bucket = Math.floorDiv(Long.parseLong(f[t]), BUCKET_NANOS) * BUCKET_NANOS;
            last.put(bucket, new double[] {1, num(f[th]), num(f[heap]), num(f[user]), num(f[sys])});
          } catch (NumberFormatException e) {
            // not a row
          }
        }
      }
      last.forEach((bucket, row) -> {
        double[] acc = sum.computeIfAbsent(bucket, b -> new double[5]);
        for (int k = 0; k < 5; k++) {
          acc[k] += row[k];
        }
      });
    }
    StringBuilder sb = new StringBuilder("# summed over shards: threadsLive, heapUsedBytes, processCpuUserCores,"
        + " processCpuSysCores (the other telemetry columns are per JVM: see telemetry-shard-I.csv)\n");
    sb.append(HEADER).append('\n');
    sum.forEach((bucket, a) -> sb.append(bucket).append(',').append((long) a[0]).append(',').append((long) a[1])
        .append(',').append((long) a[2]).append(',').append(String.format(java.util.Locale.ROOT, "%.4f", a[3]))
        .append(',').append(String.format(java.util.Locale.ROOT, "%.4f", a[4])).append('\n'));
    io.crosscheck.record.JsonFiles.writeAtomically(out.resolve(FILE), sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static double num(String s) {
    return s.isEmpty() ? 0 : Double.parseDouble(s);
  }
}
