package io.crosscheck.study;

import io.crosscheck.matrix.MatrixRun;
import io.crosscheck.run.WorkerSampler;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.StudySection;
import io.crosscheck.rundir.WireFiles;
import io.crosscheck.wire.WireCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The flash-crowd study's table (its Table II) and conclusion, computed from the cells: the wire
 * median, mean and p95 of every server x policy x schedule (over the cell's matched pairs, measured
 * phase, capture clock), the bursty/non-bursty mean ratio per server x policy where both cells
 * have pairs, and per cell the open connections (connection.csv, the capture) against the server's
 * worker processes (workers.csv) second by second. A figure without evidence is null and a ratio
 * without both cells is not computed; the conclusion says only what the ratios show.
 */
public final class FlashCrowdTable implements MatrixRun.Study {
  private final Path dir;

  FlashCrowdTable(Path dir) {
    this.dir = dir;
  }

  /** One bursty/non-bursty comparison: a server and policy with both cells' wire means. */
  public record Ratio(String server, String policy, double nonBurstyMeanMicros, double burstyMeanMicros, long nonBurstyPairs,
      long burstyPairs) {
    public double ratio() {
      return burstyMeanMicros / nonBurstyMeanMicros;
    }
  }

  @Override
  public StudySection.FlashCrowd section(List<MatrixCell> cells) {
    Map<String, List<long[]>> series = new LinkedHashMap<>();
    List<StudySection.FlashCrowdRow> rows = rows(cells, series);
    List<Ratio> ratios = ratios(cells);
    return new StudySection.FlashCrowd("wire response times over each cell's matched pairs (measured phase, capture"
        + " clock); open connections from the capture's connection.csv, worker processes counted from /proc every"
        + " second", rows, ratios.stream().map(r -> new StudySection.FlashCrowdRatio(r.server(), r.policy(), r.ratio(),
            r.nonBurstyMeanMicros(), r.burstyMeanMicros(), r.nonBurstyPairs(), r.burstyPairs())).toList(),
        conclusion(ratios), List.of("epochSeconds", "openConnections", "workers"), series);
  }

  /** One row per study cell; each cell's per-second series goes into {@code series} by cell id. */
  private List<StudySection.FlashCrowdRow> rows(List<MatrixCell> cells, Map<String, List<long[]>> series) {
    List<StudySection.FlashCrowdRow> rows = new ArrayList<>();
    for (MatrixCell c : cells) {
      if (c.dimensions() == null) {
        continue;
      }
      List<long[]> s = c.runDir() == null ? List.of() : series(dir.resolve(c.runDir()));
      rows.add(new StudySection.FlashCrowdRow(c.dimensions().get("server"), c.dimensions().get("policy"),
          c.dimensions().get("schedule"), c.id(), c.status(), c.wirePairs(), c.wireMedianMicros(), c.wireMeanMicros(),
          c.wireP95Micros(), peak(s, 1), peak(s, 2)));
      if (!s.isEmpty()) {
        series.put(c.id(), s);
      }
    }
    return rows;
  }

  /** The largest value of column {@code k} of a series, or null without one. */
  private static Long peak(List<long[]> series, int k) {
    long max = series.stream().mapToLong(p -> p[k]).max().orElse(-1);
    return max >= 0 ? max : null;
  }

  @Override
  public String text(List<MatrixCell> cells) {
    StringBuilder b = new StringBuilder();
    b.append("Table II: wire response times (ms) over each cell's matched pairs, measured phase, capture clock\n");
    b.append(String.format(Locale.ROOT, "%-15s %-13s %-11s %-11s %8s %9s %9s %9s %10s %8s%n", "server", "policy",
        "schedule", "status", "pairs", "median", "mean", "p95", "peak conns", "workers"));
    for (StudySection.FlashCrowdRow r : rows(cells, new LinkedHashMap<>())) {
      b.append(String.format(Locale.ROOT, "%-15s %-13s %-11s %-11s %8s %9s %9s %9s %10s %8s%n", r.server(),
          r.policy(), r.schedule(), r.status(), r.pairs() == null ? "-" : r.pairs(), ms(r.wireMedianMicros()),
          ms(r.wireMeanMicros()), ms(r.wireP95Micros()), r.peakOpenConnections() == null ? "-"
              : r.peakOpenConnections(), r.peakWorkers() == null ? "-" : r.peakWorkers()));
    }
    b.append("(pairs: matched pairs the times rest on; peak conns: the capture's connection.csv; workers: the"
        + " server's worker processes, counted from /proc every second)\n");
    List<Ratio> ratios = ratios(cells);
    if (!ratios.isEmpty()) {
      b.append("\nbursty / non-bursty wire mean\n");
      for (Ratio r : ratios) {
        b.append(String.format(Locale.ROOT, "  %-15s %-13s %6.2fx  (%.2f -> %.2f ms; %,d and %,d pairs)%n",
            r.server(), r.policy(), r.ratio(), r.nonBurstyMeanMicros() / 1000, r.burstyMeanMicros() / 1000,
            r.nonBurstyPairs(), r.burstyPairs()));
      }
    }
    b.append("\nConclusion: ").append(conclusion(ratios)).append('\n');
    return b.toString();
  }

  private static String ms(Double micros) {
    return micros != null ? String.format(Locale.ROOT, "%.2f", micros / 1000) : "-";
  }

  /** Per server and policy with both schedules' cells completed and matched: the ratio of their wire means. */
  public static List<Ratio> ratios(List<MatrixCell> cells) {
    List<Ratio> out = new ArrayList<>();
    Map<String, MatrixCell> byKey = new LinkedHashMap<>();
    for (MatrixCell c : cells) {
      if (c.dimensions() != null && MatrixCell.COMPLETED.equals(c.status()) && c.wireMeanMicros() != null
          && c.wirePairs() != null && c.wirePairs() > 0) {
        byKey.put(c.dimensions().get("server") + "|" + c.dimensions().get("policy") + "|"
            + c.dimensions().get("schedule"), c);
      }
    }
    for (MatrixCell c : cells) {
      if (c.dimensions() == null || !FlashCrowdStudy.NON_BURSTY.equals(c.dimensions().get("schedule"))) {
        continue;
      }
      String key = c.dimensions().get("server") + "|" + c.dimensions().get("policy") + "|";
      MatrixCell calm = byKey.get(key + FlashCrowdStudy.NON_BURSTY);
      MatrixCell burst = byKey.get(key + FlashCrowdStudy.BURSTY);
      if (calm != null && burst != null && calm.wireMeanMicros() > 0) {
        out.add(new Ratio(c.dimensions().get("server"), c.dimensions().get("policy"), calm.wireMeanMicros(),
            burst.wireMeanMicros(), calm.wirePairs(), burst.wirePairs()));
      }
    }
    return out;
  }

  /**
   * One paragraph from the ratios: per server, how much each policy's bursty mean rose over its
   * non-bursty one, the largest first, and what the shared-cache policy (the JDK's) showed beside
   * one connection per session. Nothing is said of a server or policy without both cells.
   */
  public static String conclusion(List<Ratio> ratios) {
    if (ratios.isEmpty()) {
      return "no server and policy has both a bursty and a non-bursty cell with matched pairs: nothing to compare.";
    }
    Map<String, List<Ratio>> byServer = new TreeMap<>();
    ratios.forEach(r -> byServer.computeIfAbsent(r.server(), k -> new ArrayList<>()).add(r));
    List<String> sentences = new ArrayList<>();
    for (Map.Entry<String, List<Ratio>> e : byServer.entrySet()) {
      List<Ratio> rs = new ArrayList<>(e.getValue());
      rs.sort((a, b) -> Double.compare(b.ratio(), a.ratio()));
      List<String> parts = new ArrayList<>();
      for (Ratio r : rs) {
        parts.add(String.format(Locale.ROOT, "%s %.2fx (%.2f -> %.2f ms)", r.policy(), r.ratio(),
            r.nonBurstyMeanMicros() / 1000, r.burstyMeanMicros() / 1000));
      }
      StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
          "On %s the bursty/non-bursty wire-mean ratio was %s", e.getKey(), String.join(", ", parts)));
      Ratio shared = rs.stream().filter(r -> r.policy().equals("shared-cache")).findFirst().orElse(null);
      Ratio session = rs.stream().filter(r -> r.policy().equals("per-session")).findFirst().orElse(null);
      if (shared != null && session != null) {
        double k = session.ratio() / shared.ratio();
        if (k >= 1.25) {
          s.append(String.format(Locale.ROOT, "; per-session connections exposed %.1fx more of the burst than the"
              + " shared-cache policy, which hid it", k));
        } else if (k <= 0.8) {
          s.append(String.format(Locale.ROOT, "; here the shared-cache client was the pessimistic one (its ratio"
              + " %.1fx per-session's)", 1 / k));
        } else {
          s.append("; per-session and shared-cache saw the burst alike (ratios within 25 % of each other)");
        }
      }
      sentences.add(s.toString());
    }
    return String.join(". ", sentences) + ". (Wire means over each cell's matched pairs, measured phase.)";
  }

  /**
   * A cell's seconds: {@code [epochSeconds, openConnections, workers]}, -1 where a file has no value
   * for that second. Open connections: the most open in that second by connection.csv's events,
   * carried over seconds without events; workers: workers.csv's count of that second.
   */
  static List<long[]> series(Path runDir) {
    TreeMap<Long, long[]> bySecond = new TreeMap<>();
    Path conns = runDir.resolve(WireCsv.CONNECTION_FILE);
    Path workers = runDir.resolve(WorkerSampler.WORKERS_CSV);
    try {
      if (Files.isRegularFile(conns)) {
        for (WireFiles.OpenCount c : WireFiles.readOpenCounts(conns)) {
          long second = (long) Math.floor(c.epochSeconds());
          long[] row = bySecond.computeIfAbsent(second, k -> new long[] {k, -1, -1});
          row[1] = Math.max(row[1], c.openConnections());
        }
      }
      if (Files.isRegularFile(workers)) {
        for (String line : Files.readAllLines(workers, StandardCharsets.UTF_8)) {
          String[] f = line.split(",");
          if (f.length == 2 && !f[0].equals("epochSeconds")) {
            long second = Long.parseLong(f[0].trim());
            bySecond.computeIfAbsent(second, k -> new long[] {k, -1, -1})[2] = Long.parseLong(f[1].trim());
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      return List.of(); // unreadable: no series rather than a wrong one
    }
    long last = -1;
    boolean seen = false;
    List<long[]> out = new ArrayList<>();
    for (long[] row : bySecond.values()) {
      if (row[1] >= 0) {
        last = row[1];
        seen = true;
      } else if (seen) {
        row[1] = last;
      }
      out.add(row);
    }
    return out;
  }
}
