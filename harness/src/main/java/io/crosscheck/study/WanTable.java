package io.crosscheck.study;

import io.crosscheck.matrix.MatrixRun;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.StudySection;
import io.crosscheck.rundir.WanJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The WAN study's table and conclusion: per level (cell) the transaction rate (matched pairs per
 * measured second) and the wire median, mean and p95 over those pairs, and per client class the
 * handshake RTT the capture measured beside the configured one (the cell's wan.json). A cell
 * without pairs has no figures; the conclusion compares only cells that have them.
 */
public final class WanTable implements MatrixRun.Study {
  private final Path dir;
  private final long measureNanos;

  public WanTable(Path dir, long measureNanos) {
    this.dir = dir;
    this.measureNanos = measureNanos;
  }

  List<StudySection.WanRow> rows(List<MatrixCell> cells) {
    List<StudySection.WanRow> rows = new ArrayList<>();
    for (MatrixCell c : cells) {
      if (c.dimensions() == null) {
        continue;
      }
      boolean evidence = MatrixCell.COMPLETED.equals(c.status()) && c.wirePairs() != null && c.wirePairs() > 0;
      rows.add(new StudySection.WanRow(c.id(), c.dimensions().get("level"), c.status(), c.wirePairs(),
          evidence ? c.wirePairs() / (measureNanos / 1e9) : null, evidence ? c.wireMedianMicros() : null,
          evidence ? c.wireMeanMicros() : null, evidence ? c.wireP95Micros() : null, classes(dir.resolve(c.id()))));
    }
    return rows;
  }

  /** The classes' measured RTTs of a cell's wan.json; none when it has none or cannot be read. */
  private static List<WanJson.MeasuredRtt> classes(Path cellDir) {
    Path f = cellDir.resolve(WanJson.FILE);
    if (!Files.isRegularFile(f)) {
      return List.of();
    }
    try {
      List<WanJson.MeasuredRtt> measured = WanJson.read(f).measuredRtt();
      return measured == null ? List.of() : measured;
    } catch (IOException e) {
      return List.of();
    }
  }

  @Override
  public StudySection.Wan section(List<MatrixCell> cells) {
    List<StudySection.WanRow> rows = rows(cells);
    return new StudySection.Wan("transactions: matched pairs per measured second; response times over those pairs"
        + " (measured phase, capture clock, the client namespace's interface); RTT: SYN to SYN-ACK of each class's"
        + " connections in wire-exchanges.csv", rows, conclusion(rows));
  }

  @Override
  public String text(List<MatrixCell> cells) {
    List<StudySection.WanRow> rows = rows(cells);
    StringBuilder b = new StringBuilder();
    b.append("WAN levels: transactions per measured second and wire response times (ms) over the matched pairs\n");
    b.append(String.format(Locale.ROOT, "%-22s %-11s %8s %9s %9s %9s %9s  %s%n", "level", "status", "pairs", "tx/s",
        "median", "mean", "p95", "RTT per class: configured / measured median (handshakes)"));
    for (StudySection.WanRow r : rows) {
      List<String> cls = new ArrayList<>();
      for (WanJson.MeasuredRtt c : r.classes()) {
        cls.add(String.format(Locale.ROOT, "%s %.1f / %s ms (%d)", c.address(), c.configuredRttMicros() / 1000,
            c.medianRttMicros() == null ? "-" : String.format(Locale.ROOT, "%.1f", c.medianRttMicros() / 1000),
            c.handshakes()));
      }
      b.append(String.format(Locale.ROOT, "%-22s %-11s %8s %9s %9s %9s %9s  %s%n", r.level(), r.status(),
          r.pairs() == null ? "-" : r.pairs(), fmt(r.transactionsPerSecond(), 1), ms(r.medianMicros()),
          ms(r.meanMicros()), ms(r.p95Micros()), String.join("; ", cls)));
    }
    b.append("\nConclusion: ").append(conclusion(rows)).append('\n');
    return b.toString();
  }

  /** The lowest and highest level with figures, side by side; nothing when fewer than two have them. */
  static String conclusion(List<StudySection.WanRow> rows) {
    List<StudySection.WanRow> with = rows.stream().filter(r -> r.meanMicros() != null).toList();
    if (with.size() < 2) {
      return "fewer than two levels have matched pairs: nothing to compare.";
    }
    StudySection.WanRow best = with.stream().min((a, b) -> Double.compare(a.meanMicros(), b.meanMicros())).orElseThrow();
    StudySection.WanRow worst = with.stream().max((a, b) -> Double.compare(a.meanMicros(), b.meanMicros())).orElseThrow();
    String p95 = best.p95Micros() == null || worst.p95Micros() == null ? ""
        : String.format(Locale.ROOT, ", the p95 from %.2f to %.2f ms", best.p95Micros() / 1000, worst.p95Micros() / 1000);
    return String.format(Locale.ROOT, "From %s to %s the wire mean rose %.1fx (%.2f -> %.2f ms)%s, and the transaction"
        + " rate went from %.1f to %.1f per second (%,d and %,d matched pairs, measured phase).", best.level(),
        worst.level(), worst.meanMicros() / best.meanMicros(), best.meanMicros() / 1000, worst.meanMicros() / 1000, p95,
        best.transactionsPerSecond(), worst.transactionsPerSecond(), best.pairs(), worst.pairs());
  }

  private static String ms(Double micros) {
    return micros == null ? "-" : String.format(Locale.ROOT, "%.2f", micros / 1000);
  }

  private static String fmt(Double v, int d) {
    return v == null ? "-" : String.format(Locale.ROOT, "%." + d + "f", v);
  }
}
