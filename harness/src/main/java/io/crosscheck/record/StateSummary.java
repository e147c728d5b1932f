package io.crosscheck.record;

import io.crosscheck.model.Phase;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The RUBiS client's {@code stat_client0.html} view, from crosscheck's own records: per state (a
 * page and the images fetched after it count under the page's state, as the client times them) and
 * per phase: count, errors, min/max/avg response time in ms, throughput, and per phase the sessions
 * and their mean duration. Written to {@code states.csv}; {@link #format()} gives the text table.
 */
public final class StateSummary {
  private static final class Cell {
    long count;
    long timed;
    long errors;
    long minNanos = Long.MAX_VALUE;
    long maxNanos;
    double sumNanos;
  }

  private final Map<Phase, Map<String, Cell>> cells = new EnumMap<>(Phase.class);
  private final Map<Phase, long[]> sessions = new EnumMap<>(Phase.class);
  private final Map<Phase, Long> phaseNanos;

  private StateSummary(Map<Phase, Long> phaseNanos) {
    this.phaseNanos = phaseNanos;
  }

  /**
   * @param records the run's records
   * @param stateOf a page's state from its request target, null for an image (it joins the page
   *     before it in its session)
   * @param phaseNanos each phase's length, for throughput
   */
  public static StateSummary of(List<RequestRecord> records, Function<String, String> stateOf,
      Map<Phase, Long> phaseNanos) {
    StateSummary s = new StateSummary(phaseNanos);
    Map<Long, List<RequestRecord>> bySession = new HashMap<>();
    for (RequestRecord r : records) {
      bySession.computeIfAbsent(r.sessionId(), k -> new ArrayList<>()).add(r);
    }
    for (List<RequestRecord> session : bySession.values()) {
      session.sort(Comparator.comparingInt(RequestRecord::seq));
      s.addSession(session, stateOf);
    }
    return s;
  }

  private void addSession(List<RequestRecord> session, Function<String, String> stateOf) {
    Cell cell = null;
    long startNanos = -1;
    long endNanos = -1;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (RequestRecord r : session) {
      String state = stateOf.apply(r.url());
      if (state != null || cell == null) {
        time(cell, startNanos, endNanos);
        cell = cells.computeIfAbsent(r.phase(), p -> new TreeMap<>())
            .computeIfAbsent(state != null ? state : "(other)", k -> new Cell());
        cell.count++;
        startNanos = r.sendStartNanos();
        endNanos = r.lastByteNanos();
      } else if (r.lastByteNanos() >= 0) {
        endNanos = Math.max(endNanos, r.lastByteNanos()); // the client's time runs to its last image
      }
      if (r.outcome().isError()) {
        cell.errors++;
      }
      if (r.intendedStartNanos() >= 0) {
        first = Math.min(first, r.intendedStartNanos());
      }
      last = Math.max(last, Math.max(r.lastByteNanos(), r.sendStartNanos()));
    }
    time(cell, startNanos, endNanos);
    if (first != Long.MAX_VALUE && last > first) {
      long[] agg = sessions.computeIfAbsent(session.get(0).phase(), p -> new long[2]);
      agg[0]++;
      agg[1] += last - first;
    }
  }

  private static void time(Cell cell, long startNanos, long endNanos) {
    if (cell != null && startNanos >= 0 && endNanos >= startNanos) {
      long nanos = endNanos - startNanos;
      cell.sumNanos += nanos;
      cell.timed++;
      cell.minNanos = Math.min(cell.minNanos, nanos);
      cell.maxNanos = Math.max(cell.maxNanos, nanos);
    }
  }

  /** Writes {@code states.csv}: phase, state, count, errors, minMillis, maxMillis, avgMillis, perSecond. */
  public void writeCsv(Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write("phase,state,count,errors,minMillis,maxMillis,avgMillis,perSecond\n");
      for (Map.Entry<Phase, Map<String, Cell>> p : cells.entrySet()) {
        for (Map.Entry<String, Cell> e : p.getValue().entrySet()) {
          w.write(row(p.getKey(), e.getKey(), e.getValue(), ","));
        }
      }
    }
  }

  /** The text table: one block per phase with its sessions and mean session time. */
  public String format() {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<Phase, Map<String, Cell>> p : cells.entrySet()) {
      long[] agg = sessions.getOrDefault(p.getKey(), new long[2]);
      out.append(String.format(Locale.ROOT, "%n%s: %,d sessions, mean session time %.1f s%n", p.getKey().label(),
          agg[0], agg[0] == 0 ? 0.0 : agg[1] / 1e9 / agg[0]));
      out.append(String.format(Locale.ROOT, "%-26s %9s %7s %10s %10s %10s %9s%n", "state", "count", "errors",
          "minMillis", "maxMillis", "avgMillis", "perSecond"));
      p.getValue().forEach((state, c) -> out.append(row(p.getKey(), state, c, null)));
    }
    return out.toString();
  }

  private String row(Phase phase, String state, Cell c, String sep) {
    double seconds = phaseNanos.getOrDefault(phase, 0L) / 1e9;
    double min = c.minNanos == Long.MAX_VALUE ? Double.NaN : c.minNanos / 1e6;
    double avg = c.timed == 0 ? Double.NaN : c.sumNanos / c.timed / 1e6;
    double rate = seconds > 0 ? c.count / seconds : Double.NaN;
    if (sep != null) {
      return String.format(Locale.ROOT, "%s,%s,%d,%d,%.3f,%.3f,%.3f,%.3f%n", phase.label(), state, c.count, c.errors,
          min, c.maxNanos / 1e6, avg, rate);
    }
    return String.format(Locale.ROOT, "%-26s %,9d %7d %10.2f %10.2f %10.2f %9.2f%n", state, c.count, c.errors, min,
        c.maxNanos / 1e6, avg, rate);
  }
}
