package io.crosscheck.check;

import io.crosscheck.record.SummaryJson;
import io.crosscheck.report.FindingsSentences;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.Connections;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.rundir.Findings.Percentiles;
import io.crosscheck.rundir.Findings.ResponseTime;
import io.crosscheck.rundir.Findings.Stats;
import io.crosscheck.rundir.Findings.VerdictKind;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The metrics a rule can name: each with its dimension, its source in findings.json, and how to
 * read it from a {@link CheckedRun}. The one table both the evaluator and the help text (and the
 * docs/ci-gate.md's table, which {@code MetricsTest} holds equal to {@link #markdownTable}) are made from,
 * so they cannot drift apart. Stateless.
 */
public final class Metrics {
  /** The percentiles the {@code wire.}, {@code reported.} and {@code intended.} metrics offer. */
  private static final double[] PERCENTILES = {50, 90, 95, 99, 99.9};

  /** The statuses (declared before {@link #ALL}, which reads them) a run can have ({@code run.status}'s words). */
  static final List<String> RUN_STATUSES = List.of(RunJson.COMPLETED, RunJson.INTERRUPTED, RunJson.FAILED,
      RunFiles.UNFINISHED, RunJson.RUNNING, RunJson.WIRE_ONLY, RunJson.STALLED);

  /** Every metric, in the order the help lists them. */
  public static final List<Metric> ALL = build();

  private Metrics() {}

  /**
   * One metric.
   *
   * @param name as a rule writes it, e.g. {@code wire.p95}
   * @param dimension what its values are
   * @param source where in findings.json (or summary.json) it is read, in words
   * @param words the tokens a word metric takes (empty for the others)
   * @param read reads it from a run: its value with evidence, or why the run holds none
   */
  public record Metric(String name, Dimension dimension, String source, List<String> words,
      Function<CheckedRun, Measure> read) {}

  /** The metric named {@code name}. */
  public static Optional<Metric> named(String name) {
    return ALL.stream().filter(m -> m.name().equals(name)).findFirst();
  }

  /** Every metric's name, comma-separated, for messages. */
  public static String names() {
    return String.join(", ", ALL.stream().map(Metric::name).toList());
  }

  /**
   * The table of metrics as plain-text lines of at most 78 characters (for {@code check --help}):
   * each metric's name and unit on one line, its source below it, indented.
   */
  public static List<String> helpTable() {
    List<String> lines = new ArrayList<>();
    for (Metric m : ALL) {
      String unit = m.dimension() == Dimension.WORD ? String.join(", ", m.words()) : m.dimension().units();
      wrap("  " + m.name() + " (" + unit + ")", "      ", lines);
      wrap("      " + m.source(), "      ", lines);
    }
    return lines;
  }

  /** Adds {@code text} as lines of at most 78 characters, cut at spaces, continued after {@code indent}. */
  private static void wrap(String text, String indent, List<String> out) {
    String rest = text;
    while (rest.length() > 78) {
      int cut = rest.lastIndexOf(' ', 78);
      if (cut <= indent.length()) {
        break;
      }
      out.add(rest.substring(0, cut));
      rest = indent + rest.substring(cut + 1);
    }
    out.add(rest);
  }

  /** The table of metrics as a Markdown table (docs/ci-gate.md holds it verbatim). */
  public static String markdownTable() {
    StringBuilder s = new StringBuilder("| metric | unit | source |\n| --- | --- | --- |\n");
    for (Metric m : ALL) {
      s.append("| `").append(m.name()).append("` | ").append(unit(m)).append(" | ").append(m.source()).append(" |\n");
    }
    return s.toString();
  }

  private static String unit(Metric m) {
    return m.dimension() == Dimension.WORD ? String.join("/", m.words()) : m.dimension().units();
  }

  private static List<Metric> build() {
    List<Metric> all = new ArrayList<>();
    all.add(number("abs-error", Dimension.TIME, "reported mean - wire mean without its sign (the magnitude"
        + " of the study's absolute error, responseTime.absoluteErrorMicros; for an audit of the generator's own figure,"
        + " --reported-value/--reported-by: reportedIntervals.overall.meanErrorMicros, against each interval's wire"
        + " span); no evidence when a pair is impossible (see impossible)", r -> ErrorMetrics.error(r, ErrorMetrics.Figure.ABS)));
    all.add(number("abs-error.ci95.low", Dimension.TIME, "the lower bound of abs-error's 95 % interval"
        + " (responseTime.confidence.absoluteErrorMicros, batch means or Student t over the pairs, as a magnitude:"
        + " 0 when the interval spans 0); not for the generator's own figure", r -> ErrorMetrics.error(r,
        ErrorMetrics.Figure.ABS_CI95_LOW)));
    all.add(number("abs-error.ci95.high", Dimension.TIME, "the upper bound of abs-error's 95 % interval (as"
        + " abs-error.ci95.low): 'abs-error.ci95.high < 50us' passes only when the error is below 50 us with"
        + " 95 % confidence", r -> ErrorMetrics.error(r, ErrorMetrics.Figure.ABS_CI95_HIGH)));
    all.add(number("ratio", Dimension.NUMBER, "reported mean / wire mean (responseTime.ratio; the generator's own"
        + " figure: meanReportedMicros / meanWireSpanMicros); no evidence when a pair is impossible",
        r -> ErrorMetrics.error(r, ErrorMetrics.Figure.RATIO)));
    all.add(number("p50-error", Dimension.TIME, "median of the per-request error's magnitude (reported -"
        + " wire without its sign: responseTime.perRequestErrorMagnitude; the generator's own figure:"
        + " reportedIntervals.overall.errorMagnitude); no evidence when a pair is impossible",
        r -> ErrorMetrics.error(r, ErrorMetrics.Figure.P50)));
    all.add(number("p90-error", Dimension.TIME, "p90 of the per-request error's magnitude (as p50-error)",
        r -> ErrorMetrics.error(r, ErrorMetrics.Figure.P90)));
    all.add(number("p99-error", Dimension.TIME, "p99 of the per-request error's magnitude (as p50-error)",
        r -> ErrorMetrics.error(r, ErrorMetrics.Figure.P99)));
    all.add(number("max-error", Dimension.TIME, "max of the per-request error's magnitude (as p50-error)",
        r -> ErrorMetrics.error(r, ErrorMetrics.Figure.MAX)));
    all.add(number("impossible", Dimension.NUMBER, "pairs whose reported time is below the wire's beyond the clock"
        + " uncertainty and timing resolution (lags.belowUncertainty; the generator's own figure:"
        + " reportedIntervals.overall.reportedBelowSpan)", ErrorMetrics::impossible));
    all.add(number("pairs", Dimension.NUMBER, "responseTime.pairs: matched complete pairs of the measured phase",
        r -> responseTime(r, t -> t.pairs())));
    all.add(number("matched", Dimension.PERCENT, "coverage.recordsMatchedPercent: records matched of those sent"
        + " within the capture", Metrics::matched));
    all.add(number("errors", Dimension.NUMBER, "records of the measured phase that did not end ok: the sum of"
        + " urls.groups[].errors, else summary.json overall.errors", Metrics::errors));
    all.add(new Metric("connections.verdict", Dimension.WORD, "connections.verdictKind (from the verdict sentence"
        + " in files of formatVersion 2); not-judged is no evidence", tokens(), Metrics::verdict));
    all.add(new Metric("workload.think", Dimension.WORD, "workload.think.verdict: the wire's think times against"
        + " the declared think time (run.json, --expect-think); late is the declared shape delayed beyond the"
        + " tolerance; not-judged is no evidence", verdictWords(),
        r -> workload(r, "think", w -> w.think() == null ? null : w.think().verdict())));
    all.add(new Metric("workload.arrival", Dimension.WORD, "workload.arrival.verdict: the wire's arrivals against the"
        + " declared rate and process (run.json, --expect-arrival); not-judged is no evidence", verdictWords(),
        r -> workload(r, "arrival", w -> w.arrival() == null ? null : w.arrival().verdict())));
    all.add(new Metric("workload.mix", Dimension.WORD, "workload.mix.verdict: the page mix against the declared"
        + " transition table's (--tpcw, --rubis); not-judged is no evidence", verdictWords(),
        r -> workload(r, "mix", w -> w.mix() == null ? null : w.mix().verdict())));
    all.add(new Metric("workload.loop", Dimension.WORD, "workload.loop.verdict: closed when each user's next send"
        + " waited for its previous reply, open when not; coordinated-omission when declared open and found"
        + " closed; not-judged is no evidence", List.of("closed", "open", "coordinated-omission"), Metrics::loop));
    all.add(number("connections.opened", Dimension.NUMBER, "connections.connectionsOpened (the capture)",
        r -> connections(r, false, c -> c.connectionsOpened())));
    all.add(number("connections.peak", Dimension.NUMBER, "connections.peakConcurrentConnections (the capture)",
        r -> connections(r, false, c -> c.peakConcurrentConnections())));
    all.add(number("connections.shared", Dimension.NUMBER, "connections.connectionsUsedBySeveralSessions (matched"
        + " records; judged verdicts only)", r -> connections(r, true, c -> c.connectionsUsedBySeveralSessions())));
    all.add(number("max-requests-per-connection", Dimension.NUMBER, "connections.maxRequestsOnOneConnection (the"
        + " capture)", r -> connections(r, false, c -> c.maxRequestsOnOneConnection())));
    for (double p : PERCENTILES) {
      String name = "p" + label(p);
      all.add(number("wire." + name, Dimension.TIME, "percentiles.wireMicros at " + label(p) + (hasStat(p)
          ? " (wire-only analysis: latency.wireAllExchanges)" : " (wire-only analysis: none)"),
          r -> wirePercentile(r, p)));
    }
    all.add(number("wire.mean", Dimension.TIME, "latency.wire.meanMicros (wire-only analysis:"
        + " latency.wireAllExchanges)", Metrics::wireMean));
    for (double p : PERCENTILES) {
      all.add(number("reported.p" + label(p), Dimension.TIME, "percentiles.reportedMicros at " + label(p),
          r -> percentile(r, p, Percentiles::reportedMicros, "reportedMicros")));
    }
    all.add(number("reported.mean", Dimension.TIME, "responseTime.reportedMeanMicros",
        r -> responseTime(r, ResponseTime::reportedMeanMicros)));
    for (double p : PERCENTILES) {
      all.add(number("intended.p" + label(p), Dimension.TIME, "percentiles.fromIntendedStartMicros at " + label(p)
          + " (latency from the intended start: coordinated omission shows here)",
          r -> percentile(r, p, Percentiles::fromIntendedStartMicros, "fromIntendedStartMicros")));
    }
    all.add(new Metric("run.status", Dimension.WORD, "run.status: how the run ended (findings.json, else"
        + " run.json); a run not completed fails the gate unless --allow-unfinished", RUN_STATUSES,
        r -> Measure.word(r.status().status(), r.status().note().isEmpty() ? "findings.json run.status"
            : "findings.json run.status: " + r.status().note())));
    all.add(new Metric("support", Dimension.WORD, "support.supported: whether the findings support a verdict on"
        + " the run (compare's exit 3 when not: below the matching floor, no completed exchange, failures"
        + " dominate, run incomplete); not supported fails the gate unless a support rule is given",
        List.of("supported", "not-supported"), Metrics::support));
    all.add(new Metric("client-host", Dimension.WORD, "clientHost.bottleneck; not judged (no telemetry) is no"
        + " evidence", List.of("bottleneck", "not-bottleneck"), Metrics::clientHost));
    return List.copyOf(all);
  }

  private static Metric number(String name, Dimension dimension, String source, Function<CheckedRun, Measure> read) {
    return new Metric(name, dimension, source, List.of(), read);
  }

  /** {@code 99.9} as "99.9", {@code 95} as "95". */
  private static String label(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }

  private static boolean hasStat(double p) {
    return p == 50 || p == 90 || p == 99;
  }

  private static List<String> tokens() {
    return Arrays.stream(VerdictKind.values()).filter(k -> k != VerdictKind.NOT_JUDGED).map(VerdictKind::token)
        .toList();
  }

  static String pairs(long n) {
    return String.format(Locale.ROOT, "%,d matched pairs of the measured phase", n);
  }

  /** Why findings.responseTime (and what rests on the same pairs) is absent. */
  static String noPairs(CheckedRun r) {
    Coverage c = r.findings().coverage();
    if (c == null) {
      return "a format-1 findings.json (no coverage); re-run 'crosscheck compare' on it";
    }
    if (c.wireOnly()) {
      return "a wire-only analysis has no generator records";
    }
    if (!c.sufficient()) {
      return "below the matching floor: " + FindingsSentences.coverage(r.findings());
    }
    ResponseTime t = r.findings().responseTime();
    String left = t == null || t.excludedPairs() == null || t.excludedPairs().isEmpty() ? ""
        : " (matched pairs left out: " + String.join(", ", t.excludedPairs().entrySet().stream()
            .map(e -> String.format(Locale.ROOT, "%,d %s", e.getValue(), e.getKey())).toList()) + ")";
    return "no matched complete pair in the measured phase" + left;
  }

  private static Measure responseTime(CheckedRun r, ToDoubleFunction<ResponseTime> field) {
    ResponseTime t = r.findings().responseTime();
    if (t == null) {
      return Measure.missing("findings.responseTime is null: " + noPairs(r));
    }
    if (t.perRequestError() == null) {
      t = new ResponseTime(t.pairs(), t.reportedMeanMicros(), t.wireMeanMicros(), t.absoluteErrorMicros(), t.ratio(),
          Findings.emptyStats(), t.excludedPairs());
    }
    return Measure.of(field.applyAsDouble(t), pairs(t.pairs()));
  }

  private static Measure matched(CheckedRun r) {
    Coverage c = r.findings().coverage();
    if (c == null) {
      return Measure.missing("findings.coverage is absent: a format-1 findings.json; re-run 'crosscheck compare'");
    }
    if (c.wireOnly()) {
      return Measure.missing("a wire-only analysis has no generator records to match");
    }
    return Measure.of(c.recordsMatchedPercent(), String.format(Locale.ROOT,
        "%,d of %,d records sent within the capture", c.matched(), c.inCapture()));
  }

  private static Measure errors(CheckedRun r) {
    Findings.Urls urls = r.findings().urls();
    if (urls != null && urls.groups() != null) {
      long errors = 0;
      long count = 0;
      for (Findings.UrlGroup g : urls.groups()) {
        errors += g.errors();
        count += g.count();
      }
      return Measure.of(errors, String.format(Locale.ROOT, "%,d records of the measured phase (findings urls)",
          count));
    }
    Optional<SummaryJson> summary = r.summary();
    if (summary.isPresent() && summary.get().overall() != null) {
      SummaryJson.Row all = summary.get().overall();
      return Measure.of(all.errors(), String.format(Locale.ROOT,
          "%,d records of the measured phase (summary.json)", all.count()));
    }
    return Measure.missing("findings.urls is absent (" + noPairs(r) + ") and " + (summary.isPresent()
        ? "its summary.json has no overall row" : r.noSummary()));
  }

  private static Measure verdict(CheckedRun r) {
    Connections c = r.findings().connections();
    if (c == null) {
      return Measure.missing("findings.connections is absent");
    }
    VerdictKind kind = c.kind();
    if (kind == null) {
      return Measure.missing("the connection verdict \"" + FindingsSentences.connectionsVerdict(r.findings())
          + "\" is of no kind this crosscheck knows");
    }
    if (kind == VerdictKind.NOT_JUDGED || !c.judged()) {
      return Measure.missing("the connection verdict was " + FindingsSentences.connectionsVerdict(r.findings()));
    }
    return Measure.word(kind.token(), FindingsSentences.connectionsEvidence(r.findings()));
  }

  /** The words of a workload check's verdict (a method: the metrics' table is built in a static initializer). */
  private static List<String> verdictWords() {
    return List.of("faithful", "late", "rejected");
  }

  private static Measure workload(CheckedRun r, String check,
      java.util.function.Function<io.crosscheck.rundir.Findings.Workload, io.crosscheck.rundir.Findings.WorkloadVerdict>
          verdict) {
    var w = r.findings().workload();
    if (w == null) {
      return Measure.missing("findings.workload is absent (below the matching floor, or a file before issue 27)");
    }
    var v = verdict.apply(w);
    if (v == null) {
      return Measure.missing("nothing declared for the workload's " + check + " check");
    }
    if (v == io.crosscheck.rundir.Findings.WorkloadVerdict.NOT_JUDGED) {
      return Measure.missing("the workload's " + check + " check was not judged (too little evidence)");
    }
    return Measure.word(v.name().toLowerCase(java.util.Locale.ROOT), "findings.json workload." + check
        + " (its statistic, sample size and declaration are beside the verdict)");
  }

  private static Measure loop(CheckedRun r) {
    var w = r.findings().workload();
    if (w == null || w.loop() == null) {
      return Measure.missing("findings.workload.loop is absent (no user sent two requests)");
    }
    var l = w.loop();
    if (l.verdict() == io.crosscheck.rundir.Findings.LoopVerdict.NOT_JUDGED) {
      return Measure.missing("open or closed was not judged (too few pairs, or response times too even)");
    }
    String word = l.coordinatedOmission() ? "coordinated-omission"
        : l.verdict().name().toLowerCase(java.util.Locale.ROOT);
    return Measure.word(word, String.format(java.util.Locale.ROOT, "findings.json workload.loop: slope %.3f over"
        + " %d pairs, %d sent after the previous reply", l.slope().estimate(), l.pairs(), l.sentAfterCompletion()));
  }

  private static Measure connections(CheckedRun r, boolean judgedOnly, ToDoubleFunction<Connections> field) {
    Connections c = r.findings().connections();
    if (c == null) {
      return Measure.missing("findings.connections is absent");
    }
    if (judgedOnly && (!c.judged() || r.wireOnly())) {
      return Measure.missing(r.wireOnly() ? "a wire-only analysis has no sessions"
          : FindingsSentences.connectionsVerdict(r.findings()));
    }
    return Measure.of(field.applyAsDouble(c), judgedOnly ? FindingsSentences.connectionsEvidence(r.findings())
        : String.format(Locale.ROOT,
        "the capture: %,d connections, %,d of them carried requests", c.connectionsOpened(),
        c.connectionsWithRequests()));
  }

  private static Measure percentile(CheckedRun r, double p, Function<Percentiles, List<Double>> column,
      String columnName) {
    Percentiles ps = r.findings().percentiles();
    if (ps == null) {
      return Measure.missing("findings.percentiles is absent: " + (r.findings().responseTime() == null ? noPairs(r)
          : "written before findings had percentiles; re-run 'crosscheck compare'"));
    }
    int i = ps.percentiles() == null ? -1 : ps.percentiles().indexOf(p);
    List<Double> values = column.apply(ps);
    if (i < 0 || values == null || values.size() <= i) {
      return Measure.missing("findings.percentiles." + columnName + " has no value at " + label(p));
    }
    if (values.get(i) == null || ps.count() == 0) {
      // an empty sample is written as null (JSON has no NaN): no pair, no percentile
      return Measure.missing("findings.percentiles." + columnName + " has no value at " + label(p) + ": "
          + noPairs(r));
    }
    return Measure.of(values.get(i), pairs(ps.count()));
  }

  private static Measure wirePercentile(CheckedRun r, double p) {
    if (!r.wireOnly()) {
      return percentile(r, p, Percentiles::wireMicros, "wireMicros");
    }
    Stats all = r.findings().latency() == null ? null : r.findings().latency().wireAllExchanges();
    if (all == null || !hasStat(p)) {
      return Measure.missing("a wire-only analysis states the p50, p90 and p99 of its exchanges"
          + " (latency.wireAllExchanges), not the p" + label(p));
    }
    double v = p == 50 ? all.p50Micros() : p == 90 ? all.p90Micros() : all.p99Micros();
    return Measure.of(v, exchanges(all.count()));
  }

  private static String exchanges(long n) {
    return String.format(Locale.ROOT, "%,d complete wire exchanges (the capture alone)", n);
  }

  private static Measure wireMean(CheckedRun r) {
    Findings.LatencyColumns l = r.findings().latency();
    if (l == null) {
      return Measure.missing("findings.latency is absent");
    }
    if (r.wireOnly()) {
      return l.wireAllExchanges() == null ? Measure.missing("findings.latency.wireAllExchanges is absent")
          : Measure.of(l.wireAllExchanges().meanMicros(), exchanges(l.wireAllExchanges().count()));
    }
    if (r.findings().responseTime() == null || l.wire() == null) {
      return Measure.missing("findings.latency.wire rests on no pairs: " + noPairs(r));
    }
    return Measure.of(l.wire().meanMicros(), pairs(l.wire().count()));
  }

  private static Measure support(CheckedRun r) {
    io.crosscheck.rundir.Support s = r.file().support();
    if (s == null) {
      return Measure.missing("findings.support is absent (written before it; re-run 'crosscheck compare')");
    }
    String reasons = s.reasons().stream().filter(java.util.Objects::nonNull)
        .map(io.crosscheck.rundir.Support.Reason::token).reduce((a, b) -> a + ", " + b).orElse("");
    return Measure.word(s.supported() ? "supported" : "not-supported", "findings.json support"
        + (reasons.isEmpty() ? "" : ": " + reasons) + String.format(Locale.ROOT, " (%,d pairs; %,d of %,d records failed)",
            s.pairs(), s.failed(), s.records()));
  }

  private static Measure clientHost(CheckedRun r) {
    Findings.ClientHost h = r.findings().clientHost();
    if (h == null) {
      return Measure.missing("findings.clientHost is absent (written before it; re-run 'crosscheck compare')");
    }
    if (!h.judged() || h.bottleneck() == null) {
      return Measure.missing("the client host was " + FindingsSentences.clientHost(r.findings()));
    }
    return Measure.word(h.bottleneck() ? "bottleneck" : "not-bottleneck",
        FindingsSentences.clientHostEvidence(r.findings()));
  }
}
