package io.crosscheck.matrix;

import io.crosscheck.rundir.MatrixCell;
import java.util.List;
import java.util.Locale;

/**
 * The table of every cell a {@code crosscheck matrix} prints at its end: one row per cell, units in
 * the headers, "-" where a cell has no evidence for a figure. Numbers in {@link Locale#ROOT}.
 */
final class MatrixTable {
  private static final String[] HEADERS = {"cell", "JVM", "options", "users", "status", "matched %",
    "abs error us", "ratio", "reported mean us", "wire mean us", "CPU mean cores", "CPU max cores",
    "heap max MiB", "threads max", "GC pauses", "connections", "sessions", "sharing", "step"};

  private MatrixTable() {}

  static String format(List<MatrixCell> cells) {
    String[][] rows = new String[cells.size() + 1][];
    rows[0] = HEADERS;
    for (int i = 0; i < cells.size(); i++) {
      MatrixCell c = cells.get(i);
      rows[i + 1] = new String[] {c.id(), c.jvmLabel(), c.optsLabel(), String.valueOf(c.users()), c.status(),
        MatrixRun.fmt(c.matchedPercent(), 1), MatrixRun.fmt(c.absoluteErrorMicros(), 1), MatrixRun.fmt(c.ratio(), 3),
        MatrixRun.fmt(c.reportedMeanMicros(), 1), MatrixRun.fmt(c.wireMeanMicros(), 1),
        MatrixRun.fmt(c.generatorCpuCoresMean(), 2), MatrixRun.fmt(c.generatorCpuCoresMax(), 2),
        c.heapUsedMaxBytes() == null ? "-" : String.format(Locale.ROOT, "%.1f", c.heapUsedMaxBytes() / 1048576.0),
        c.threadsMax() == null ? "-" : String.valueOf(c.threadsMax()),
        c.gcPauses() == null ? "-" : String.valueOf(c.gcPauses()),
        c.connectionsWithRequests() == null ? "-" : String.valueOf(c.connectionsWithRequests()),
        c.sessions() == null ? "-" : String.valueOf(c.sessions()),
        c.sharing() == null ? "-" : c.sharing() ? "yes" : "no",
        c.searchStep() == null ? "-" : String.valueOf(c.searchStep())};
    }
    int[] widths = new int[HEADERS.length];
    for (String[] r : rows) {
      for (int j = 0; j < r.length; j++) {
        widths[j] = Math.max(widths[j], r[j].length());
      }
    }
    StringBuilder b = new StringBuilder();
    for (String[] r : rows) {
      b.append('|');
      for (int j = 0; j < r.length; j++) {
        String cell = r[j];
        boolean left = j <= 2 || j == 4 || j == 17;
        b.append(' ').append(left ? pad(cell, widths[j], true) : pad(cell, widths[j], false)).append(" |");
      }
      b.append('\n');
      if (r == rows[0]) {
        b.append('|');
        for (int w : widths) {
          b.append("-".repeat(w + 2)).append('|');
        }
        b.append('\n');
      }
    }
    for (MatrixCell c : cells) {
      if (c.reason() != null) {
        b.append(c.id()).append(": ").append(c.reason()).append('\n');
      }
    }
    return b.toString();
  }

  private static String pad(String s, int width, boolean left) {
    String fill = " ".repeat(Math.max(0, width - s.length()));
    return left ? s + fill : fill + s;
  }
}
