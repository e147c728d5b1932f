package io.crosscheck.compare;

import io.crosscheck.record.IntervalRecord;
import io.crosscheck.record.RequestCsv.AgentColumns;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.rundir.Findings.IntervalGroup;
import io.crosscheck.rundir.Findings.ReportedIntervals;
import io.crosscheck.rundir.Findings.ReportedIntervalsState;
import io.crosscheck.text.CsvRows;
import io.crosscheck.wire.WireExchange;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A stage after matching, for runs recorded by the crosscheck agent: each figure the generator
 * reported ({@link IntervalRecord}, intervals.csv) set against the wire exchanges of the requests
 * it covered (requests.csv rows carrying its {@code intervalId}, joined to the wire by {@link
 * Matcher}). Per interval: the wire span (first request byte to last response byte), the summed
 * wire response times, the gap between them, the first exchange's (the page's) wire time; then
 * means per URL group and overall ({@link ReportedIntervals}). Only intervals whose every exchange
 * matched a complete wire exchange count; the rest are counted by reason. Stateless.
 */
public final class ReportedIntervalAnalysis {
  /** The per-interval file a comparison writes beside findings.json. */
  public static final String CSV_FILE = "reported-intervals.csv";

  /** The columns of {@link #CSV_FILE}. */
  public static final String CSV_HEADER = "intervalId,threadId,thread,urlGroup,exchanges,matched,reason,"
      + "reportedMicros,wirePageMicros,wireSpanMicros,wireSumMicros,gapMicros,errorMicros";

  static final String EXCHANGE_UNMATCHED = "exchange-unmatched";
  static final String WIRE_INCOMPLETE = "wire-incomplete";
  static final String EXCHANGE_MISSING = "exchange-missing";
  /** The interval has no figure (-1): its last exchange never ended (e.g. cut by the run's end). */
  static final String NO_FIGURE = "no-figure";

  /**
   * One interval against the wire; the wire figures are -1 when it is not matched.
   *
   * @param reason empty when matched, else why not
   */
  public record Row(IntervalRecord interval, String urlGroup, boolean matched, String reason, long wirePageNanos,
      long wireSpanNanos, long wireSumNanos) {
    long gapNanos() {
      return wireSpanNanos - wireSumNanos;
    }

    long errorNanos() {
      return interval.reportedNanos() - wireSpanNanos;
    }
  }

  /**
   * The section and the rows for {@link #CSV_FILE}; {@link #judged} is what findings.json states.
   *
   * @param section every figure the matched intervals give, whatever the evidence
   * @param rows one per interval, matched or not
   */
  public record Result(ReportedIntervals section, List<Row> rows) {
    /**
     * The section as a comparison may state it: its figures only when the run's records cleared the
     * matching floor ({@code coverage.sufficient()}) and so did the intervals (matched in full, as a
     * share of those recorded, at least {@code coverage.minMatchedPercent()}); otherwise no figure
     * (an empty overall group, no URL group) and its state says why; the counts it rests on stay.
     * The per-interval rows stay as they are, each saying whether it matched.
     */
    public ReportedIntervals judged(Coverage coverage) {
      ReportedIntervals s = section;
      if (s.intervals() == 0 || s.reporting().isEmpty()) {
        return s; // nothing to judge: its state says so already
      }
      ReportedIntervalsState state = !coverage.sufficient() ? ReportedIntervalsState.NOT_JUDGED_RECORDS_BELOW_FLOOR
          : s.intervalsMatchedPercent() < coverage.minMatchedPercent()
              ? ReportedIntervalsState.NOT_JUDGED_INTERVALS_BELOW_FLOOR : ReportedIntervalsState.JUDGED;
      return s.judgedAs(state, coverage.minMatchedPercent(), group("all", List.of(), 0));
    }

    /** Writes {@link #rows} as {@link #CSV_HEADER} rows. */
    public void writeCsv(Path file) throws IOException {
      try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        w.write(CSV_HEADER);
        w.write('\n');
        StringBuilder sb = new StringBuilder(160);
        for (Row r : rows) {
          IntervalRecord i = r.interval();
          sb.setLength(0);
          sb.append(i.intervalId()).append(',').append(i.threadId()).append(',');
          CsvRows.appendField(sb, i.thread()).append(',');
          CsvRows.appendField(sb, r.urlGroup()).append(',');
          sb.append(i.exchanges()).append(',').append(r.matched()).append(',').append(r.reason()).append(',')
              .append(micros(i.reportedNanos())).append(',');
          if (r.matched()) {
            sb.append(micros(r.wirePageNanos())).append(',').append(micros(r.wireSpanNanos())).append(',')
                .append(micros(r.wireSumNanos())).append(',').append(micros(r.gapNanos())).append(',')
                .append(micros(r.errorNanos()));
          } else {
            sb.append(",,,,");
          }
          w.append(sb).append('\n');
        }
      }
    }
  }

  private ReportedIntervalAnalysis() {}

  /**
   * @param records every record of the run, as read
   * @param agent the agent's columns, element i of record i
   * @param intervals the reported intervals (intervals.csv)
   * @param match the records joined to the wire
   * @param reporting the reporting spec, empty when none was given
   * @param reportedResolutionNanos the resolution of the reported figure (1 ms for a figure in
   *     milliseconds, 0 for one the agent timed in nanoseconds)
   */
  public static Result analyse(List<RequestRecord> records, List<AgentColumns> agent, List<IntervalRecord> intervals,
      MatchResult match, String reporting, long reportedResolutionNanos) {
    if (agent.size() != records.size()) {
      throw new IllegalArgumentException(agent.size() + " agent rows for " + records.size() + " records");
    }
    Map<RequestRecord, WireExchange> wireOf = new IdentityHashMap<>();
    for (Match m : match.matched()) {
      wireOf.put(m.record(), m.exchange());
    }
    Map<Long, List<RequestRecord>> byInterval = new HashMap<>();
    for (int i = 0; i < records.size(); i++) {
      long id = agent.get(i).intervalId();
      if (id >= 0) {
        byInterval.computeIfAbsent(id, k -> new ArrayList<>(4)).add(records.get(i));
      }
    }
    long toleranceNanos = Math.max(1_000_000L, reportedResolutionNanos);
    List<Row> rows = new ArrayList<>(intervals.size());
    Map<String, Long> unmatched = new TreeMap<>();
    long exchanges = 0;
    long exchangesMatched = 0;
    for (IntervalRecord in : intervals) {
      List<RequestRecord> mine = byInterval.getOrDefault(in.intervalId(), List.of());
      exchanges += Math.max(in.exchanges(), mine.size());
      RequestRecord first = null;
      long startEpochNanos = Long.MAX_VALUE;
      long endEpochNanos = Long.MIN_VALUE;
      long sumNanos = 0;
      String reason = in.reportedNanos() < 0 ? NO_FIGURE
          : mine.size() < in.exchanges() || mine.isEmpty() ? EXCHANGE_MISSING : "";
      for (RequestRecord r : mine) {
        if (first == null || r.seq() < first.seq()) {
          first = r;
        }
        WireExchange e = wireOf.get(r);
        if (e == null) {
          reason = reason.isEmpty() ? EXCHANGE_UNMATCHED : reason;
          continue;
        }
        exchangesMatched++;
        if (!e.complete()) {
          reason = reason.isEmpty() ? WIRE_INCOMPLETE : reason;
          continue;
        }
        startEpochNanos = Math.min(startEpochNanos, e.requestStartEpochNanos());
        endEpochNanos = Math.max(endEpochNanos, e.lastResponseByteEpochNanos());
        sumNanos += e.responseTimeNanos();
      }
      String group = first == null ? "" : urlGroup(first.url());
      if (!reason.isEmpty()) {
        unmatched.merge(reason, 1L, Long::sum);
        rows.add(new Row(in, group, false, reason, -1, -1, -1));
      } else {
        rows.add(new Row(in, group, true, "", wireOf.get(first).responseTimeNanos(), endEpochNanos - startEpochNanos,
            sumNanos));
      }
    }
    List<Row> matched = rows.stream().filter(Row::matched).toList();
    IntervalGroup overall = group("all", matched, toleranceNanos);
    Map<String, List<Row>> byGroup = new LinkedHashMap<>();
    for (Row r : matched) {
      byGroup.computeIfAbsent(r.urlGroup(), k -> new ArrayList<>()).add(r);
    }
    List<IntervalGroup> groups = new ArrayList<>();
    byGroup.forEach((name, list) -> groups.add(group(name, list, toleranceNanos)));
    groups.sort((a, b) -> a.count() != b.count() ? Long.compare(b.count(), a.count())
        : a.urlGroup().compareTo(b.urlGroup()));
    ReportedIntervalsState state = reporting.isEmpty() ? ReportedIntervalsState.NO_REPORTING_METHOD
        : intervals.isEmpty() ? ReportedIntervalsState.NO_INTERVAL : ReportedIntervalsState.JUDGED;
    return new Result(new ReportedIntervals(reporting, intervals.size(), matched.size(), exchanges, exchangesMatched,
        unmatched, toleranceNanos / 1e3, null, null, overall, groups, state, null), rows);
  }

  /** The path of a request target, without its query (and without a {@code ;jsessionid=...}). */
  static String urlGroup(String url) {
    int end = url.length();
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (c == '?' || c == ';' || c == '#') {
        end = i;
        break;
      }
    }
    return url.substring(0, end);
  }

  private static IntervalGroup group(String name, List<Row> rows, long toleranceNanos) {
    int n = rows.size();
    if (n == 0) {
      return new IntervalGroup(name, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
          Double.NaN, Double.NaN, Double.NaN, 0);
    }
    double exchanges = 0;
    double reported = 0;
    double page = 0;
    double span = 0;
    double sum = 0;
    long[] error = new long[n];
    long below = 0;
    for (int i = 0; i < n; i++) {
      Row r = rows.get(i);
      exchanges += r.interval().exchanges();
      reported += r.interval().reportedNanos();
      page += r.wirePageNanos();
      span += r.wireSpanNanos();
      sum += r.wireSumNanos();
      error[i] = r.errorNanos();
      if (error[i] < -toleranceNanos) {
        below++;
      }
    }
    double meanError = Arrays.stream(error).asDoubleStream().sum() / n;
    long[] magnitude = Arrays.stream(error).map(Math::abs).sorted().toArray();
    Arrays.sort(error);
    return new IntervalGroup(name, n, exchanges / n, reported / n / 1e3, page / n / 1e3, span / n / 1e3,
        sum / n / 1e3, (span - sum) / n / 1e3, meanError / 1e3, FindingsBuilder.quantile(error, 0.5) / 1e3,
        FindingsBuilder.quantile(error, 0.99) / 1e3, below, FindingsBuilder.sortedStats(magnitude));
  }

  private static String micros(long nanos) {
    return String.format(Locale.ROOT, "%.1f", nanos / 1e3);
  }
}
