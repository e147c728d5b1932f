package io.crosscheck.compare;

import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.text.CsvFormatException;
import io.crosscheck.text.CsvRows;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Maps a generator's monotonic instants to the capture's wall clock through the offsets calibrated
 * during the run ({@code clock.csv}, or the start and end offsets of {@code run.json}): between two
 * calibrations the offset is interpolated linearly, outside them the nearest is used. Immutable.
 */
public final class ClockMap {
  private final long[] atNanos;
  private final long[] offsetNanos;
  private final long[] uncertaintyNanos;

  private ClockMap(List<ClockOffset> offsets) {
    if (offsets.isEmpty()) {
      throw new IllegalArgumentException("a clock map needs at least one calibration");
    }
    List<ClockOffset> sorted = new ArrayList<>(offsets);
    sorted.sort(Comparator.comparingLong(ClockOffset::measuredAtNanos));
    atNanos = sorted.stream().mapToLong(ClockOffset::measuredAtNanos).toArray();
    offsetNanos = sorted.stream().mapToLong(ClockOffset::offsetNanos).toArray();
    uncertaintyNanos = sorted.stream().mapToLong(ClockOffset::uncertaintyNanos).toArray();
  }

  public static ClockMap of(List<ClockOffset> offsets) {
    return new ClockMap(offsets);
  }

  /**
   * The clock map of a run directory: the calibrations of its clock.csv, and the start and end
   * offsets of its run.json ({@code run}).
   *
   * @throws IOException when there is neither (the message names run.json), or clock.csv is malformed
   */
  public static ClockMap ofRun(Path runDir, io.crosscheck.rundir.RunJson run) throws IOException {
    Path csv = runDir.resolve(io.crosscheck.rundir.RunFiles.CLOCK_CSV);
    List<ClockOffset> offsets = new ArrayList<>();
    if (Files.exists(csv)) {
      offsets.addAll(read(csv));
    }
    offsets.addAll(run.clockOffsets());
    if (offsets.isEmpty()) {
      throw new MalformedInputException(runDir.resolve(io.crosscheck.rundir.RunFiles.RUN_JSON)
          + ": no clock offset (clockStart) and no clock.csv: cannot map the run's instants to the capture's");
    }
    return of(offsets);
  }

  /**
   * Reads {@code clock.csv} (see {@code ClockSampler}).
   *
   * @throws IOException naming {@code file:line} for a malformed row
   */
  public static List<ClockOffset> read(Path file) throws IOException {
    List<ClockOffset> out = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      CsvRows rows = new CsvRows(in, String.valueOf(file.getFileName()));
      rows.next(); // the header: measuredAtNanos,offsetNanos,uncertaintyNanos
      // a partial last row (the sampler was killed mid-row) is not a calibration
      while (rows.next() && rows.endedWithLineEnd()) {
        if (rows.blank()) {
          continue;
        }
        try {
          if (rows.fieldCount() != 3) {
            throw new NumberFormatException("3 columns expected, " + rows.fieldCount() + " found");
          }
          out.add(new ClockOffset(Long.parseLong(rows.text(1)), Long.parseLong(rows.text(2)),
              Long.parseLong(rows.text(0))));
        } catch (NumberFormatException e) {
          throw new MalformedInputException(file.getFileName() + ":" + rows.line() + ": \""
              + String.join(",", rows.texts()) + "\": expected measuredAtNanos,offsetNanos,uncertaintyNanos ("
              + e.getMessage() + ")");
        }
      }
    } catch (CsvFormatException e) {
      throw new MalformedInputException(e.getMessage(), e);
    }
    return out;
  }

  /** The epoch instant of a monotonic instant. */
  public long toEpochNanos(long monotonicNanos) {
    return monotonicNanos + offsetAt(monotonicNanos);
  }

  /** The offset in force at a monotonic instant. */
  public long offsetAt(long monotonicNanos) {
    int i = upper(monotonicNanos);
    if (i == 0) {
      return offsetNanos[0];
    }
    if (i == atNanos.length) {
      return offsetNanos[atNanos.length - 1];
    }
    double f = (double) (monotonicNanos - atNanos[i - 1]) / (atNanos[i] - atNanos[i - 1]);
    return offsetNanos[i - 1] + Math.round(f * (offsetNanos[i] - offsetNanos[i - 1]));
  }

  /** The mapping's uncertainty at a monotonic instant: the larger of its neighbours'. */
  public long uncertaintyAt(long monotonicNanos) {
    int i = upper(monotonicNanos);
    long u = i < atNanos.length ? uncertaintyNanos[i] : 0;
    return i > 0 ? Math.max(u, uncertaintyNanos[i - 1]) : u;
  }

  /** The largest uncertainty of any calibration. */
  public long maxUncertaintyNanos() {
    long m = 0;
    for (long u : uncertaintyNanos) {
      m = Math.max(m, u);
    }
    return m;
  }

  /** Last offset minus first: how far the two clocks drifted apart over the run. */
  public long driftNanos() {
    return offsetNanos[offsetNanos.length - 1] - offsetNanos[0];
  }

  /**
   * This mapping followed by {@code delta} (the offset of another clock from this mapping's epoch,
   * itself as calibrations on the same monotonic clock): offsets and uncertainties add at every
   * calibration instant of either. A single-calibration delta is a constant shift and adds no
   * calibration instant of its own.
   */
  public ClockMap plus(ClockMap delta) {
    java.util.TreeSet<Long> at = new java.util.TreeSet<>();
    for (long t : atNanos) {
      at.add(t);
    }
    if (delta.atNanos.length > 1) {
      for (long t : delta.atNanos) {
        at.add(t);
      }
    }
    List<ClockOffset> sum = new ArrayList<>(at.size());
    for (long t : at) {
      sum.add(new ClockOffset(offsetAt(t) + delta.offsetAt(t), uncertaintyAt(t) + delta.uncertaintyAt(t), t));
    }
    return new ClockMap(sum);
  }

  /** A constant shift of this mapping by {@code offsetNanos}, its uncertainty widened by {@code uncertaintyNanos}. */
  public ClockMap shifted(long offsetNanos, long uncertaintyNanos) {
    return plus(new ClockMap(List.of(new ClockOffset(offsetNanos, uncertaintyNanos, atNanos[0]))));
  }

  public int calibrations() {
    return atNanos.length;
  }

  /** Index of the first calibration after {@code nanos}. */
  private int upper(long nanos) {
    int lo = 0;
    int hi = atNanos.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (atNanos[mid] <= nanos) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
