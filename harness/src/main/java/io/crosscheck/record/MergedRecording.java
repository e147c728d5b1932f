package io.crosscheck.record;

import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes the recording files of a run directory merged from shards, in the formats {@link
 * RecordingSink} writes: {@code requests.csv} (every record, one header), {@code latency.hlog} (the
 * shards' interval histograms added exactly, interval by interval on one absolute timeline) and
 * {@code summary.json} (recomputed from the merged records, as the sink computes it). Each file is
 * written to {@code NAME.tmp} and moved into place. Stateless and thread-safe.
 */
public final class MergedRecording {
  private static final double MICROS_PER_MILLI = 1_000.0;

  private MergedRecording() {}

  /** Writes {@code records} as {@code dir/requests.csv} (plain columns), atomically. */
  public static void writeRequestsCsv(Path dir, List<RequestRecord> records) throws IOException {
    Path file = dir.resolve(RecordingSink.REQUESTS_CSV);
    Path tmp = dir.resolve(RecordingSink.REQUESTS_CSV + ".tmp");
    try (FileOutputStream out = new FileOutputStream(tmp.toFile());
        BufferedWriter w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16)) {
      w.write(RequestCsv.HEADER);
      w.write('\n');
      StringBuilder sb = new StringBuilder(256);
      for (RequestRecord r : records) {
        sb.setLength(0);
        RequestCsv.appendRow(sb, r);
        w.append(sb);
      }
      w.flush();
      out.getFD().sync();
    } catch (IOException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    JsonFiles.replace(tmp, file);
  }

  /**
   * The summary of {@code records} as the sink computes it, written to {@code dir/summary.json}.
   *
   * @param measuredWindowNanos the throughput window (the measure phase the run covered)
   * @param runStartNanos the schedule's offset 0 on the records' clock, {@link Long#MIN_VALUE} when unknown
   */
  public static Summary writeSummary(Path dir, Iterable<RequestRecord> records, long measuredWindowNanos,
      long runStartNanos) throws IOException {
    SummaryAccumulator acc = new SummaryAccumulator();
    records.forEach(acc::add);
    Summary s = acc.toSummary(measuredWindowNanos, runStartNanos);
    s.writeJson(dir.resolve(RecordingSink.SUMMARY_JSON));
    return s;
  }

  /**
   * The merge of interval logs.
   *
   * @param counts per tag ({@code service}, {@code response}), the values of every interval added
   */
  public record HlogMerge(Map<String, Long> counts) {
    /** The count of the histograms of {@code tag} (0 when none). */
    public long totalCount(String tag) {
      return counts.getOrDefault(tag, 0L);
    }
  }

  /**
   * Adds the interval histograms of {@code inputs} (latency.hlog files) into one interval log at
   * {@code out}: each input interval goes, whole, into the merged interval of {@value
   * RecordingSink#HLOG_INTERVAL_MILLIS} ms that holds its absolute start, counted from {@code
   * commonStartEpochMillis} (the shards' common start instant); histograms of one tag and interval
   * are added, never averaged. {@code extra} holds histograms already per tag and merged interval
   * (a killed shard's, rebuilt from its records), added as well.
   *
   * @throws IOException naming the file that cannot be read
   */
  public static HlogMerge mergeHlogs(List<Path> inputs, Map<String, TreeMap<Long, Histogram>> extra,
      long commonStartEpochMillis, Path out) throws IOException {
    // tag -> merged interval index -> histogram
    Map<String, TreeMap<Long, Histogram>> byTag = new TreeMap<>();
    Map<String, Long> counts = new TreeMap<>();
    for (Map.Entry<String, TreeMap<Long, Histogram>> tag : extra.entrySet()) {
      for (Map.Entry<Long, Histogram> interval : tag.getValue().entrySet()) {
        byTag.computeIfAbsent(tag.getKey(), t -> new TreeMap<>())
            .computeIfAbsent(interval.getKey(), i -> new Histogram(3)).add(interval.getValue());
        counts.merge(tag.getKey(), interval.getValue().getTotalCount(), Long::sum);
      }
    }
    for (Path in : inputs) {
      HistogramLogReader reader;
      try {
        reader = new HistogramLogReader(in.toFile());
      } catch (IOException e) {
        throw new IOException(in + ": cannot read the interval log: " + e.getMessage(), e);
      }
      try {
        for (EncodableHistogram e; (e = reader.nextIntervalHistogram()) != null; ) {
          Histogram h = (Histogram) e;
          String tag = h.getTag() == null ? "" : h.getTag();
          long interval = Math.floorDiv(h.getStartTimeStamp() - commonStartEpochMillis,
              LatencyHistograms.HLOG_INTERVAL_MILLIS);
          byTag.computeIfAbsent(tag, t -> new TreeMap<>())
              .computeIfAbsent(interval, i -> new Histogram(3)).add(h);
          counts.merge(tag, h.getTotalCount(), Long::sum);
        }
      } catch (RuntimeException e) {
        throw new IOException(in + ": malformed interval log: " + e, e);
      } finally {
        reader.close();
      }
    }
    long first = byTag.values().stream().filter(m -> !m.isEmpty()).mapToLong(TreeMap::firstKey).min().orElse(0);
    long last = byTag.values().stream().filter(m -> !m.isEmpty()).mapToLong(TreeMap::lastKey).max().orElse(-1);
    long baseMillis = commonStartEpochMillis + first * LatencyHistograms.HLOG_INTERVAL_MILLIS;
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    try (FileOutputStream file = new FileOutputStream(tmp.toFile());
        PrintStream ps = new PrintStream(file, false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputComment("crosscheck latency log merged from " + inputs.size() + " shards: values in microseconds;"
          + " tags: " + LatencyHistograms.TAG_SERVICE + " (send start to last byte), " + LatencyHistograms.TAG_RESPONSE
          + " (intended start to last byte); each shard's interval added, whole, into the "
          + LatencyHistograms.HLOG_INTERVAL_MILLIS + " ms interval of its start on the common timeline");
      w.outputLogFormatVersion();
      w.outputStartTime(baseMillis);
      w.setBaseTime(baseMillis);
      w.outputLegend();
      Histogram empty = new Histogram(3);
      for (long i = first; i <= last; i++) {
        long startMillis = commonStartEpochMillis + i * LatencyHistograms.HLOG_INTERVAL_MILLIS;
        for (String tag : List.of(LatencyHistograms.TAG_SERVICE, LatencyHistograms.TAG_RESPONSE)) {
          TreeMap<Long, Histogram> intervals = byTag.get(tag);
          Histogram h = intervals == null ? null : intervals.get(i);
          Histogram outH = h != null ? h : empty;
          outH.setTag(tag);
          outH.setStartTimeStamp(startMillis);
          outH.setEndTimeStamp(startMillis + LatencyHistograms.HLOG_INTERVAL_MILLIS);
          w.outputIntervalHistogram((startMillis - baseMillis) / 1_000.0,
              (startMillis + LatencyHistograms.HLOG_INTERVAL_MILLIS - baseMillis) / 1_000.0, outH, MICROS_PER_MILLI);
        }
      }
      ps.flush();
      if (ps.checkError()) {
        throw new IOException("cannot write " + tmp);
      }
      file.getFD().sync();
    } catch (IOException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    JsonFiles.replace(tmp, out);
    return new HlogMerge(counts);
  }
}
