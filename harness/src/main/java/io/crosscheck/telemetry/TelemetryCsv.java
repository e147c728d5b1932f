package io.crosscheck.telemetry;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.text.CsvFormatException;
import io.crosscheck.text.CsvRows;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The telemetry.csv format: writer helpers for {@link TelemetryRecorder} and a reader for the
 * comparator, which aligns the rows with per-interval measurement error.
 *
 * <p>Format: UTF-8, {@code \n} line ends, one header line exactly {@link #HEADER}, then one row
 * per {@link TelemetrySample} in increasing {@code sampleNanos}. Fields, in order:
 *
 * <ol>
 *   <li>{@code sampleNanos} — integer, monotonic ({@code System.nanoTime()} of the sampled JVM)
 *   <li>{@code threadsLive}, {@code threadsPeak}, {@code threadsStarted} — integers
 *   <li>{@code heapUsedBytes}, {@code heapCommittedBytes} — integers; {@code heapMaxBytes} —
 *       integer, -1 when the JVM defines no maximum
 *   <li>{@code gcCount}, {@code gcTimeMillis} — integers, cumulative since the JVM started
 *   <li>{@code gcPausesInInterval}, {@code gcPauseMaxMicrosInInterval} — integers, empty when no
 *       pause source ran; with the default JMX source the maximum is a multiple of 1000 (1 ms
 *       resolution), with JFR it is exact to the µs
 *   <li>{@code allocatedBytesPerSecond} — integer (rounded), empty when unavailable
 *   <li>{@code processCpuUserCores}, {@code processCpuSysCores} — decimals with 4 places, cores
 *       (0..N), empty when unavailable
 *   <li>{@code systemCpuFraction} — decimal with 4 places, 0..1 of all cores, empty when
 *       unavailable
 *   <li>{@code runQueueWaitMicrosPerSecond} — integer (rounded): the threads' run-queue wait over
 *       the interval, µs per second ({@link TaskSchedstat}), empty when unavailable or not read
 *       in this row (it costs ~15 µs per thread and is read at most at 1 % of a core: with many
 *       threads every few rows, each read covering the rows since the previous one)
 *   <li>{@code cpuCoresAvailable} — integer, the sampled JVM's available processors
 * </ol>
 *
 * <p>Format 1 (before the last two columns) is {@link #HEADER_V1} with 15 fields; {@link #read}
 * accepts both, and a format-1 row reads with the run-queue wait NaN and the cores -1. The
 * crosscheck agent writes the same format.
 *
 * Numbers never use a locale (a dot, no grouping). The recorder flushes after every row, so a
 * crash or Ctrl-C can leave at most a final partial line, which {@link #read} drops.
 *
 * <p>Thread-safety: stateless.
 */
public final class TelemetryCsv {
  /** The header line of format 1 (without its line end): still read. */
  public static final String HEADER_V1 =
      "sampleNanos,threadsLive,threadsPeak,threadsStarted,heapUsedBytes,heapCommittedBytes,"
          + "heapMaxBytes,gcCount,gcTimeMillis,gcPausesInInterval,gcPauseMaxMicrosInInterval,"
          + "allocatedBytesPerSecond,processCpuUserCores,processCpuSysCores,systemCpuFraction";

  /** The exact header line written (without its line end). */
  public static final String HEADER = HEADER_V1 + ",runQueueWaitMicrosPerSecond,cpuCoresAvailable";

  private static final int COLUMNS_V1 = 15;
  private static final int COLUMNS = 17;

  private TelemetryCsv() {}

  /** Appends one row of {@code s} (with its line end) to {@code out}. */
  static void appendRow(StringBuilder out, TelemetrySample s) {
    out.append(s.sampleNanos()).append(',')
        .append(s.threadsLive()).append(',')
        .append(s.threadsPeak()).append(',')
        .append(s.threadsStarted()).append(',')
        .append(s.heapUsedBytes()).append(',')
        .append(s.heapCommittedBytes()).append(',')
        .append(s.heapMaxBytes()).append(',')
        .append(s.gcCount()).append(',')
        .append(s.gcTimeMillis()).append(',');
    if (s.gcPausesInInterval() >= 0) {
      out.append(s.gcPausesInInterval()).append(',').append(s.gcPauseMaxMicrosInInterval());
    } else {
      out.append(',');
    }
    out.append(',');
    if (!Double.isNaN(s.allocatedBytesPerSecond())) {
      out.append(Math.round(s.allocatedBytesPerSecond()));
    }
    out.append(',');
    appendFixed4(out, s.processCpuUserCores());
    out.append(',');
    appendFixed4(out, s.processCpuSysCores());
    out.append(',');
    appendFixed4(out, s.systemCpuFraction());
    out.append(',');
    if (!Double.isNaN(s.runQueueWaitMicrosPerSecond()) && !Double.isInfinite(s.runQueueWaitMicrosPerSecond())) {
      out.append(Math.round(s.runQueueWaitMicrosPerSecond()));
    }
    out.append(',');
    if (s.cpuCoresAvailable() > 0) {
      out.append(s.cpuCoresAvailable());
    }
    out.append('\n');
  }

  /** Four decimal places without {@code String.format} (no locale, no garbage); NaN is empty. */
  static void appendFixed4(StringBuilder out, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return;
    }
    long scaled = Math.round(v * 10_000);
    if (scaled < 0) {
      out.append('-');
      scaled = -scaled;
    }
    long frac = scaled % 10_000;
    out.append(scaled / 10_000).append('.');
    for (long div = 1_000; div > frac && div > 1; div /= 10) {
      out.append('0');
    }
    out.append(frac);
  }

  /**
   * Reads a telemetry.csv. A final line without its line end (a run killed mid-write) is dropped.
   *
   * @throws IOException if the file cannot be read, its header is neither {@link #HEADER} nor {@link
   *     #HEADER_V1}, or a
   *     complete row is malformed; the message names the file, line and column
   */
  public static List<TelemetrySample> read(Path csv) throws IOException {
    List<TelemetrySample> rows = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      CsvRows r = new CsvRows(in, csv.toString());
      if (!r.next() || !r.endedWithLineEnd()) {
        throw new MalformedInputException(csv + ":1: no header (expected \"" + HEADER + "\")");
      }
      String header = String.join(",", r.texts());
      int columns;
      if (HEADER_V1.equals(header)) {
        columns = COLUMNS_V1;
      } else if (HEADER.equals(header)) {
        columns = COLUMNS;
      } else {
        throw new MalformedInputException(csv + ":1: header is \"" + header + "\" (expected \"" + HEADER
            + "\", or format 1's without the last two columns)");
      }
      while (r.next() && r.endedWithLineEnd()) { // a partial last row: the writer was stopped mid-row
        rows.add(parse(csv, r.line(), r.texts().toArray(new String[0]), columns));
      }
    } catch (CsvFormatException e) {
      throw new MalformedInputException(e.getMessage(), e);
    }
    return rows;
  }

  private static TelemetrySample parse(Path csv, int lineNo, String[] f, int columns) throws IOException {
    if (f.length != columns) {
      throw new MalformedInputException(csv + ":" + lineNo + ": " + f.length + " fields (expected " + columns + ")");
    }
    boolean v2 = columns == COLUMNS;
    try {
      boolean pauses = !f[9].isEmpty();
      return new TelemetrySample(
          Long.parseLong(f[0]),
          Integer.parseInt(f[1]),
          Integer.parseInt(f[2]),
          Long.parseLong(f[3]),
          Long.parseLong(f[4]),
          Long.parseLong(f[5]),
          Long.parseLong(f[6]),
          Long.parseLong(f[7]),
          Long.parseLong(f[8]),
          pauses ? Integer.parseInt(f[9]) : -1,
          pauses ? Long.parseLong(f[10]) : -1,
          decimal(f[11]),
          decimal(f[12]),
          decimal(f[13]),
          decimal(f[14]),
          v2 ? decimal(f[15]) : Double.NaN,
          v2 && !f[16].isEmpty() ? Integer.parseInt(f[16]) : -1);
    } catch (NumberFormatException e) {
      int column = 1;
      for (String field : f) {
        try {
          if (!field.isEmpty()) {
            Double.parseDouble(field);
          }
        } catch (NumberFormatException bad) {
          break;
        }
        column++;
      }
      throw new MalformedInputException(csv + ":" + lineNo + ": field " + column + ": not a number ("
          + e.getMessage() + ")", e);
    }
  }

  private static double decimal(String field) {
    return field.isEmpty() ? Double.NaN : Double.parseDouble(field);
  }
}
