package io.crosscheck.compare;

import io.crosscheck.model.Phase;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.ExpectedJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.ArrivalJudgement;
import io.crosscheck.rundir.Findings.LoopJudgement;
import io.crosscheck.rundir.Findings.LoopVerdict;
import io.crosscheck.rundir.Findings.MixJudgement;
import io.crosscheck.rundir.Findings.ThinkJudgement;
import io.crosscheck.rundir.Findings.WorkloadVerdict;
import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.spi.PageStates;
import io.crosscheck.stats.ConfidenceInterval;
import io.crosscheck.stats.Fit;
import io.crosscheck.stats.Intervals;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;

/**
 * The workload a generator sent, from the wire, against the workload it declared (issue 27): per
 * user, whether its next request waited for the previous reply, its think times against the declared
 * think time, the arrivals against the declared rate and process, the page mix against a transition
 * table's. Each figure says what it rests on and a verdict is given only where the sample supports
 * one. Stateless.
 */
public final class WorkloadCheck {
  private static final double LEVEL = 0.95;
  /** A think time may be this much later than declared and still be faithful: 1 ms... */
  static final double LATE_TOLERANCE_MILLIS = 1.0;
  /** ...or this share of the declared mean, whichever is larger. */
  static final double LATE_TOLERANCE_SHARE = 0.02;
  /** An achieved rate within this share of the declared one is the declared rate. */
  static final double RATE_TOLERANCE_SHARE = 0.01;
  /** Fewer consecutive pairs than this: open or closed is not judged. */
  static final int MIN_LOOP_PAIRS = Fit.MIN_KS_SAMPLE;
  /**
   * Users that sent fewer than this share of their next requests after the previous reply are open
   * (a closed user may overlap a few: the images of a page sent at once).
   */
  static final double OPEN_SHARE = 0.05;
  /**
   * The slope's interval entirely above this is closed, entirely below it open: halfway between an
   * open loop's 0 and a closed one's 1. An interval across it (response times that vary too little
   * for the pairs there are) is not judged.
   */
  static final double SLOPE_BOUNDARY = 0.5;
  /** Every this-many-th page of a user enters the mix's chi-square. */
  static final int MIX_THINNING = 4;

  private WorkloadCheck() {}

  /**
   * What a generator declared, gathered from run.json's workload and expected.json (the later wins).
   *
   * @param think the declared think time, null for none
   * @param thinkBy where it came from
   * @param model closed, open or partly-open; null when nothing said
   * @param arrival the declared arrival process, null for none
   * @param arrivalUnit {@code requests} or {@code sessions}
   * @param arrivalBy where it came from
   * @param mix the declared page mix, null for none
   * @param mixBy where it came from
   * @param classifier the page states of the mix's site, null when the module is not on the classpath
   */
  public record Declared(WorkloadSection.ThinkSection think, String thinkBy, String model,
      ExpectedJson.ArrivalExpectation arrival, String arrivalUnit, String arrivalBy, ExpectedJson.MixExpectation mix,
      String mixBy, UnaryOperator<String> classifier, ExpectedJson.ThinkTableExpectation thinkTable,
      UnaryOperator<String> thinkTableClassifier) {

    /** Nothing declared. */
    public static final Declared NONE = new Declared(null, null, null, null, null, null, null, null, null, null, null);

    /** These declarations with a page mix classified by {@code classifier} (tests: a site of their own). */
    public Declared withMix(ExpectedJson.MixExpectation m, String by, UnaryOperator<String> states) {
      return new Declared(think, thinkBy, model, arrival, arrivalUnit, arrivalBy, m, by, states, thinkTable,
          thinkTableClassifier);
    }

    /** From run.json's workload section (null for none) and expected.json (null for none). */
    public static Declared of(WorkloadSection run, ExpectedJson expected) {
      WorkloadSection.ThinkSection think = null;
      String thinkBy = null;
      String model = null;
      ExpectedJson.ArrivalExpectation arrival = null;
      String unit = null;
      String arrivalBy = null;
      if (run != null) {
        WorkloadSection.ThinkSection t = run.thinkTime();
        if (t != null && List.of("fixed", "exponential", "uniform").contains(t.type())) {
          think = t;
          thinkBy = "run.json workload.thinkTime";
        }
        if (run.arrival() != null) {
          model = run.arrival().model();
          WorkloadSection.ProcessSection p = run.arrival().process();
          if (p != null && p.ratePerSecond() != null && List.of("poisson", "deterministic").contains(p.type())) {
            arrival = new ExpectedJson.ArrivalExpectation(p.type(), p.ratePerSecond());
            unit = "partly-open".equals(model) ? "sessions" : "requests";
            arrivalBy = "run.json workload.arrival";
          }
        }
      }
      ExpectedJson.MixExpectation mix = null;
      String mixBy = null;
      if (expected != null) {
        String by = String.join(", ", expected.declaredBy());
        by = by.isEmpty() ? "expected.json" : by;
        if (expected.think() != null) {
          think = expected.think();
          thinkBy = by;
        }
        if (expected.arrival() != null) {
          arrival = expected.arrival();
          unit = "requests";
          arrivalBy = by;
          model = "open";
        }
        if (expected.mix() != null) {
          mix = expected.mix();
          mixBy = by;
        }
        if (expected.thinkTable() != null) {
          thinkBy = thinkBy == null ? by : thinkBy;
        }
      }
      UnaryOperator<String> classifier = mix == null ? null : PageStates.find(mix.site()).orElse(null);
      ExpectedJson.ThinkTableExpectation table = expected == null ? null : expected.thinkTable();
      UnaryOperator<String> tableClassifier = table == null ? null : PageStates.find(table.site()).orElse(null);
      return new Declared(think, thinkBy, model, arrival, unit, arrivalBy, mix, mixBy, classifier, table,
          tableClassifier);
    }
  }

  /**
   * The workload over the measured phase's matched pairs complete on the wire; null when there is
   * none.
   *
   * @param matched every matched pair
   * @param wire every exchange the capture holds (the arrivals count the unmatched ones too)
   * @param declared what the generator declared
   * @param kind what a user is: a session of crosscheck's engines or a thread under the agent
   */
  public static Findings.Workload judge(List<Match> matched, List<WireExchange> wire, Declared declared,
      Findings.UserKind kind) {
    Map<Long, List<Match>> byUser = new HashMap<>();
    long firstStart = Long.MAX_VALUE;
    long lastStart = Long.MIN_VALUE;
    long requests = 0;
    for (Match m : matched) {
      if (m.record().phase() != Phase.MEASURE || !m.exchange().complete()) {
        continue;
      }
      byUser.computeIfAbsent(m.record().sessionId(), k -> new ArrayList<>()).add(m);
      firstStart = Math.min(firstStart, m.exchange().requestStartEpochNanos());
      lastStart = Math.max(lastStart, m.exchange().requestStartEpochNanos());
      requests++;
    }
    if (requests == 0) {
      return null;
    }
    List<List<Match>> users = new ArrayList<>();
    for (List<Match> user : byUser.values()) {
      user.sort(Comparator.comparingInt(m -> m.record().seq()));
      users.add(user);
    }
    long[] wireStarts = starts(wire, firstStart, lastStart); // every request on the wire in the window
    View<Match> view = new View<>(m -> m.record().url(), m -> m.exchange().requestStartEpochNanos(),
        m -> m.exchange().lastResponseByteEpochNanos(), (a, b) -> b.record().seq() == a.record().seq() + 1);
    Findings.Workload w = assemble(users, view, requests, firstStart, lastStart, wireStarts, declared, kind,
        arrival(declared, users, wireStarts, firstStart, lastStart), lagFromIntended(matched, kind),
        mix(users, declared), thinkTable(matched, declared));
    DoubleUnaryOperator cdf = cdfMillis(declared.think());
    if (w.think() == null || cdf == null || kind != Findings.UserKind.SESSION) {
      return w;
    }
    double[] planned = plannedThinkMillis(users);
    return planned.length == 0 ? w : w.withThink(w.think().withPlanned(Fit.kolmogorovSmirnov(planned, cdf)));
  }

  /**
   * The think times the generator planned, from its records (its clock): a session's next intended start
   * less the previous reply's last byte, over the same consecutive pairs.
   */
  private static double[] plannedThinkMillis(List<List<Match>> users) {
    List<Double> planned = new ArrayList<>();
    for (List<Match> user : users) {
      for (int i = 1; i < user.size(); i++) {
        RequestRecord previous = user.get(i - 1).record();
        RequestRecord next = user.get(i).record();
        if (next.seq() == previous.seq() + 1 && next.intendedStartNanos() >= 0 && previous.lastByteNanos() >= 0
            && next.intendedStartNanos() >= previous.lastByteNanos()) {
          planned.add((next.intendedStartNanos() - previous.lastByteNanos()) / 1e6);
        }
      }
    }
    return planned.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * The workload of a capture alone: a user is a connection (its requests in wire order), the
   * arrivals every request's start; null without a complete exchange.
   */
  public static Findings.Workload judgeWire(List<WireExchange> wire, Declared declared) {
    Map<String, List<WireExchange>> byConnection = new LinkedHashMap<>();
    long firstStart = Long.MAX_VALUE;
    long lastStart = Long.MIN_VALUE;
    long requests = 0;
    for (WireExchange e : wire) {
      if (!e.complete()) {
        continue;
      }
      byConnection.computeIfAbsent(e.connectionId(), k -> new ArrayList<>()).add(e);
      firstStart = Math.min(firstStart, e.requestStartEpochNanos());
      lastStart = Math.max(lastStart, e.requestStartEpochNanos());
      requests++;
    }
    if (requests == 0) {
      return null;
    }
    List<List<WireExchange>> connections = new ArrayList<>();
    for (List<WireExchange> c : byConnection.values()) {
      c.sort(Comparator.comparingInt(WireExchange::requestIndex));
      connections.add(c);
    }
    long[] wireStarts = starts(wire, firstStart, lastStart);
    View<WireExchange> view = new View<>(WireExchange::url, WireExchange::requestStartEpochNanos,
        WireExchange::lastResponseByteEpochNanos, (a, b) -> b.requestIndex() == a.requestIndex() + 1);
    ArrivalJudgement arrival = declared.arrival() == null || !"requests".equals(declared.arrivalUnit()) ? null
        : arrivalOf(wireStarts, firstStart, lastStart, declared);
    return assemble(connections, view, requests, firstStart, lastStart, wireStarts, declared,
        Findings.UserKind.CONNECTION,
        arrival, null, mixOf(connections, WireExchange::url, declared), null);
  }

  /** How a user's requests are read: their target, wire start and end, and which two are consecutive. */
  private record View<T>(java.util.function.Function<T, String> url, ToLongFunction<T> start, ToLongFunction<T> end,
      Consecutive<T> consecutive) {}

  /**
   * The section from the users' requests (each user's in order) and the checks that differ by source
   * (arrivals, lag, mix, table: null where not judged).
   */
  private static <T> Findings.Workload assemble(List<List<T>> users, View<T> view, long requests, long firstStart,
      long lastStart, long[] wireStarts, Declared declared, Findings.UserKind kind, ArrivalJudgement arrival,
      ConfidenceInterval lagFromIntended, MixJudgement mix, Findings.ThinkTableJudgement table) {
    Pairs pairs = pairs(users, view);
    double seconds = (lastStart - firstStart) / 1e9;
    ConfidenceInterval mean = pairs.think.length < 2 ? null : Intervals.meanOfSeries(pairs.think, LEVEL);
    ThinkJudgement think = think(pairs.think, mean, declared);
    List<String> by = new ArrayList<>();
    for (String b : new String[] {declared.thinkBy(), declared.arrivalBy(), declared.mixBy()}) {
      if (b != null && !by.contains(b)) {
        by.add(b);
      }
    }
    return new Findings.Workload(users.size(), requests, seconds > 0 ? requests / seconds : Double.NaN, pairs.count,
        pairs.afterCompletion, mean, think == null ? null : think.declared(), think == null ? null : think.fit(), kind,
        think, arrival, loop(pairs, declared.model(), lagFromIntended), mix, table, by.isEmpty() ? null : by,
        limits(kind, by), gaps(wireStarts));
  }

  private static List<Findings.WorkloadLimit> limits(Findings.UserKind kind, List<String> declaredBy) {
    List<Findings.WorkloadLimit> limits = new ArrayList<>();
    if (kind == Findings.UserKind.CONNECTION) {
      limits.add(Findings.WorkloadLimit.NO_SESSIONS);
    }
    if (kind != Findings.UserKind.SESSION) {
      limits.add(Findings.WorkloadLimit.NO_INTENDED_INSTANTS);
    }
    if (declaredBy.isEmpty()) {
      limits.add(Findings.WorkloadLimit.NOTHING_DECLARED);
    }
    return limits.isEmpty() ? null : limits;
  }

  /** A user's consecutive requests: the think times, and per pair the send gap and the previous response time. */
  private record Pairs(long count, long afterCompletion, double[] think, double[] sendGapMillis,
      double[] previousResponseMillis) {}

  private interface Consecutive<T> {
    boolean test(T previous, T next);
  }

  private static <T> Pairs pairs(List<List<T>> users, View<T> view) {
    java.util.function.Function<T, String> url = view.url();
    ToLongFunction<T> start = view.start();
    ToLongFunction<T> end = view.end();
    Consecutive<T> consecutive = view.consecutive();
    Map<String, List<double[]>> byNextPath = new HashMap<>();
    long count = 0;
    long after = 0;
    List<Double> think = new ArrayList<>();
    List<double[]> gaps = new ArrayList<>();
    for (List<T> user : users) {
      for (int i = 1; i < user.size(); i++) {
        T previous = user.get(i - 1);
        T next = user.get(i);
        if (!consecutive.test(previous, next)) {
          continue;
        }
        count++;
        long gapNanos = start.applyAsLong(next) - end.applyAsLong(previous);
        if (gapNanos >= 0) { // a next request sent before the reply ended (an image of a burst) is no think
          after++;
          think.add(gapNanos / 1e6);
          byNextPath.computeIfAbsent(path(url.apply(next)), k -> new ArrayList<>()).add(new double[] {
              (start.applyAsLong(next) - start.applyAsLong(previous)) / 1e6,
              (end.applyAsLong(previous) - start.applyAsLong(previous)) / 1e6});
        }
      }
    }
    centred(byNextPath, gaps);
    return new Pairs(count, after, think.stream().mapToDouble(Double::doubleValue).toArray(),
        gaps.stream().mapToDouble(g -> g[0]).toArray(), gaps.stream().mapToDouble(g -> g[1]).toArray());
  }

  /**
   * The send gaps and previous response times, each centred on its next request's path's means: the
   * slope over them is the one within each kind of request (a page's images follow it at once, a page
   * follows an image after a think: pooled, the kinds would confound the slope).
   */
  private static void centred(Map<String, List<double[]>> byNextPath, List<double[]> gaps) {
    for (List<double[]> group : byNextPath.values()) {
      if (group.size() < 2) {
        continue;
      }
      double gapMean = group.stream().mapToDouble(g -> g[0]).average().orElse(0);
      double responseMean = group.stream().mapToDouble(g -> g[1]).average().orElse(0);
      for (double[] g : group) {
        gaps.add(new double[] {g[0] - gapMean, g[1] - responseMean});
      }
    }
  }

  /** A target's path without its query. */
  private static String path(String target) {
    int q = target == null ? -1 : target.indexOf('?');
    return q < 0 ? String.valueOf(target) : target.substring(0, q);
  }

  /** The think times against the declaration; null when nothing was declared. */
  static ThinkJudgement think(double[] think, ConfidenceInterval mean, Declared declared) {
    WorkloadSection.ThinkSection d = declared.think();
    if (d == null) {
      return null;
    }
    double declaredMean = declaredMeanMillis(d);
    double tolerance = Math.max(LATE_TOLERANCE_MILLIS, LATE_TOLERANCE_SHARE * declaredMean);
    double late = mean == null ? Double.NaN : mean.estimate() - declaredMean;
    DoubleUnaryOperator cdf = cdfMillis(d);
    if (mean == null || think.length < Fit.MIN_KS_SAMPLE) {
      Fit fit = cdf == null ? null : Fit.kolmogorovSmirnov(think, cdf);
      return new ThinkJudgement(d, declared.thinkBy(), fit, late, tolerance, null, WorkloadVerdict.NOT_JUDGED, null);
    }
    if (cdf == null) { // fixed: no shape to test, the mean's interval against the declared value
      WorkloadVerdict v = mean.high() < declaredMean ? WorkloadVerdict.REJECTED
          : mean.low() > declaredMean + tolerance ? WorkloadVerdict.LATE : WorkloadVerdict.FAITHFUL;
      return new ThinkJudgement(d, declared.thinkBy(), null, late, tolerance, null, v, null);
    }
    Fit fit = Fit.kolmogorovSmirnov(think, cdf);
    if (fit.verdict() == Fit.Verdict.FAITHFUL) {
      return new ThinkJudgement(d, declared.thinkBy(), fit, late, tolerance, null, WorkloadVerdict.FAITHFUL, null);
    }
    if (!(late > 0)) {
      return new ThinkJudgement(d, declared.thinkBy(), fit, late, tolerance, null, WorkloadVerdict.REJECTED, null);
    }
    double[] shifted = new double[think.length];
    for (int i = 0; i < think.length; i++) {
      shifted[i] = think[i] - late;
    }
    Fit again = Fit.kolmogorovSmirnov(shifted, cdf);
    WorkloadVerdict v = again.verdict() != Fit.Verdict.FAITHFUL ? WorkloadVerdict.REJECTED
        : late <= tolerance ? WorkloadVerdict.FAITHFUL : WorkloadVerdict.LATE;
    return new ThinkJudgement(d, declared.thinkBy(), fit, late, tolerance, again, v, null);
  }

  private static double declaredMeanMillis(WorkloadSection.ThinkSection t) {
    return switch (t.type()) {
      case "exponential" -> t.meanNanos() / 1e6;
      case "uniform" -> (t.minNanos() + t.maxNanos()) / 2e6;
      case "fixed" -> t.nanos() / 1e6;
      default -> Double.NaN;
    };
  }

  /** The declared think time's distribution function in milliseconds, null when it has none to test. */
  static DoubleUnaryOperator cdfMillis(WorkloadSection.ThinkSection t) {
    if (t == null || t.type() == null) {
      return null;
    }
    return switch (t.type()) {
      case "exponential" -> t.meanNanos() == null ? null : Fit.exponential(t.meanNanos() / 1e6);
      case "uniform" -> t.minNanos() == null || t.maxNanos() == null || t.maxNanos() <= t.minNanos() ? null
          : uniform(t.minNanos() / 1e6, t.maxNanos() / 1e6);
      default -> null;
    };
  }

  private static DoubleUnaryOperator uniform(double low, double high) {
    return x -> x <= low ? 0 : x >= high ? 1 : (x - low) / (high - low);
  }

  /** The arrivals against the declaration; null when none was declared. */
  private static ArrivalJudgement arrival(Declared declared, List<List<Match>> users, long[] wireStarts,
      long firstStart, long lastStart) {
    if (declared.arrival() == null) {
      return null;
    }
    long[] starts;
    if ("sessions".equals(declared.arrivalUnit())) { // a session's first request (seq 0) arrives
      starts = users.stream().flatMap(List::stream).filter(m -> m.record().seq() == 0)
          .mapToLong(m -> m.exchange().requestStartEpochNanos()).sorted().toArray();
    } else { // every request on the wire in the window, matched or not: missed matches do not lower the rate
      starts = wireStarts;
    }
    ArrivalJudgement judged = arrivalOf(starts, firstStart, lastStart, declared);
    // the same arrivals as the generator planned them (intended starts, its clock; crosscheck's engines)
    long[] planned = users.stream().flatMap(List::stream)
        .filter(m -> !"sessions".equals(declared.arrivalUnit()) || m.record().seq() == 0)
        .mapToLong(m -> m.record().intendedStartNanos()).filter(t -> t >= 0).sorted().toArray();
    if (judged.verdict() == WorkloadVerdict.NOT_JUDGED || planned.length < starts.length / 2) {
      return judged;
    }
    ArrivalJudgement asPlanned = arrivalOf(planned, planned[0], planned[planned.length - 1], declared);
    return judged.withPlanned(asPlanned.instantsFit(), asPlanned.dispersionFit());
  }

  /** The mean gap between consecutive starts, ms, with its interval; null with fewer than 3 starts. */
  private static ConfidenceInterval gaps(long[] starts) {
    if (starts.length < 3) {
      return null;
    }
    double[] g = new double[starts.length - 1];
    for (int i = 1; i < starts.length; i++) {
      g[i - 1] = (starts[i] - starts[i - 1]) / 1e6;
    }
    return Intervals.meanOfSeries(g, LEVEL);
  }

  private static long[] starts(List<WireExchange> wire, long from, long to) {
    return wire.stream().mapToLong(WireExchange::requestStartEpochNanos).filter(t -> t >= from && t <= to).sorted()
        .toArray();
  }

  private static ArrivalJudgement arrivalOf(long[] starts, long from, long to, Declared declared) {
    ExpectedJson.ArrivalExpectation d = declared.arrival();
    if (starts.length - 1 < Fit.MIN_KS_SAMPLE) {
      return new ArrivalJudgement(declared.arrivalUnit(), starts.length, (to - from) / 1e9, null, d.process(),
          d.ratePerSecond(), declared.arrivalBy(), null, null, Double.NaN, WorkloadVerdict.NOT_JUDGED, null, null);
    }
    long first = starts[0];
    long spanNanos = starts[starts.length - 1] - first;
    // three tests make the check, each at a third of its 1 % (Bonferroni): a faithful generator's
    // arrivals are rejected in at most 1 % of runs, as every other check's
    double level = Fit.ALPHA / ARRIVAL_TESTS;
    // the n - 1 gaps between the first and the last arrival span the window
    ConfidenceInterval rate = Intervals.poissonRate(starts.length - 1, spanNanos / 1e9, 1 - level);
    // the instants between the first and the last, against uniform ones over that span
    double[] u = new double[starts.length - 2];
    for (int i = 1; i < starts.length - 1; i++) {
      u[i - 1] = (starts[i] - first) / (double) spanNanos;
    }
    Fit instants = Fit.kolmogorovSmirnov(u, x -> Math.max(0, Math.min(1, x))).atLevel(level);
    int bins = (int) Math.max(Fit.MIN_KS_SAMPLE, Math.min(MAX_BINS, (starts.length - 1) / MIN_PER_BIN));
    double binNanos = spanNanos / (double) bins;
    Fit dispersion = null;
    if ("poisson".equals(d.process())) {
      long[] counts = new long[bins];
      for (int i = 0; i < starts.length - 1; i++) { // the last arrival closes the span: left out
        counts[(int) Math.min(bins - 1, (starts[i] - first) / binNanos)]++;
      }
      dispersion = Fit.dispersion(counts).atLevel(level);
    }
    boolean rateOk = rate.high() >= d.ratePerSecond() * (1 - RATE_TOLERANCE_SHARE)
        && rate.low() <= d.ratePerSecond() * (1 + RATE_TOLERANCE_SHARE);
    WorkloadVerdict v = rateOk && instants.verdict() != Fit.Verdict.REJECTED
        && (dispersion == null || dispersion.verdict() != Fit.Verdict.REJECTED) ? WorkloadVerdict.FAITHFUL
        : WorkloadVerdict.REJECTED;
    return new ArrivalJudgement(declared.arrivalUnit(), starts.length, spanNanos / 1e9, rate, d.process(),
        d.ratePerSecond(), declared.arrivalBy(), instants, dispersion, binNanos / 1e6, v, null, null);
  }

  /** The arrival check's tests: the rate, the instants, the dispersion. */
  static final int ARRIVAL_TESTS = 3;
  /** At most this many bins for the dispersion test... */
  static final int MAX_BINS = 200;
  /** ...with this many arrivals a bin at least (when there are enough for 30 bins). */
  static final int MIN_PER_BIN = 5;

  /** Open or closed from the pairs; null when there is no pair at all. */
  private static LoopJudgement loop(Pairs pairs, String model, ConfidenceInterval lag) {
    if (pairs.count == 0) {
      return null;
    }
    double sd = sd(pairs.previousResponseMillis);
    ConfidenceInterval slope = pairs.afterCompletion < MIN_LOOP_PAIRS ? null
        : Intervals.slope(pairs.previousResponseMillis, pairs.sendGapMillis, LEVEL);
    double share = (double) pairs.afterCompletion / pairs.count;
    LoopVerdict v;
    if (pairs.count < MIN_LOOP_PAIRS) {
      v = LoopVerdict.NOT_JUDGED;
    } else if (share < OPEN_SHARE) {
      v = LoopVerdict.OPEN; // users hardly ever waited for their replies
    } else if (pairs.afterCompletion < MIN_LOOP_PAIRS) {
      v = LoopVerdict.NOT_JUDGED;
    } else if (slope == null || Double.isNaN(slope.low())) {
      v = LoopVerdict.NOT_JUDGED; // the response times do not vary at all
    } else if (slope.low() > SLOPE_BOUNDARY) {
      v = LoopVerdict.CLOSED;
    } else if (slope.high() < SLOPE_BOUNDARY) {
      v = LoopVerdict.OPEN;
    } else {
      v = LoopVerdict.NOT_JUDGED;
    }
    boolean omission = v == LoopVerdict.CLOSED && "open".equals(model);
    return new LoopJudgement(pairs.count, pairs.afterCompletion, slope, sd, v, model, omission, lag);
  }

  private static double sd(double[] values) {
    if (values.length < 2) {
      return Double.NaN;
    }
    double mean = Arrays.stream(values).average().orElse(0);
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    return Math.sqrt(ss / (values.length - 1));
  }

  /**
   * The generator's send start less its intended start over the measured phase, in ms on its own
   * clock, where the records hold intended instants (crosscheck's engines); null otherwise.
   */
  private static ConfidenceInterval lagFromIntended(List<Match> matched, Findings.UserKind kind) {
    if (kind != Findings.UserKind.SESSION) {
      return null;
    }
    double[] lags = matched.stream().map(Match::record)
        .filter(r -> r.phase() == Phase.MEASURE && r.intendedStartNanos() >= 0 && r.sendStartNanos() >= 0)
        .mapToDouble(r -> (r.sendStartNanos() - r.intendedStartNanos()) / 1e6).toArray();
    return lags.length < 2 ? null : Intervals.meanOfSeries(lags, LEVEL);
  }

  /** A think-time table's think may be this much shorter on the wire (the clocks). */
  static final double TABLE_EARLY_MILLIS = 1.0;
  /** ...and this much longer, at least... */
  static final double TABLE_LATE_MILLIS = 5.0;
  /** ...or this share of the declared think, whichever is larger. */
  static final double TABLE_LATE_SHARE = 0.10;
  /**
   * A phase whose think times are none of the table's (for the page's state or another's, times the
   * phase's factor) nor about 0 at most this share is faithful: a late scheduler now and then, not a
   * wrong factor (which misses most of them).
   */
  static final double TABLE_OTHERWISE_SHARE = 0.05;

  /**
   * The think before each page against the declared table, per phase, over every phase's matched pairs
   * complete on the wire; null when no table was declared or its site is unknown here.
   */
  private static Findings.ThinkTableJudgement thinkTable(List<Match> matched, Declared declared) {
    ExpectedJson.ThinkTableExpectation t = declared.thinkTable();
    if (t == null || declared.thinkTableClassifier() == null) {
      return null;
    }
    Map<Long, List<Match>> byUser = new HashMap<>();
    for (Match m : matched) {
      if (m.exchange().complete()) {
        byUser.computeIfAbsent(m.record().sessionId(), k -> new ArrayList<>()).add(m);
      }
    }
    Map<Phase, long[]> counts = new java.util.EnumMap<>(Phase.class); // pairs, declared, other, 0, neither
    Map<Phase, List<Double>> late = new java.util.EnumMap<>(Phase.class);
    Map<Phase, String> examples = new java.util.EnumMap<>(Phase.class);
    long anyPageNanos = t.nanosByState().getOrDefault(io.crosscheck.model.DeclaredThinkTable.ANY_PAGE, 0L);
    for (List<Match> user : byUser.values()) {
      user.sort(Comparator.comparingInt(m -> m.record().seq()));
      for (int i = 1; i < user.size(); i++) {
        Match previous = user.get(i - 1);
        Match next = user.get(i);
        String state = declared.thinkTableClassifier().apply(next.record().url());
        Long nanos = state == null ? null : t.nanosByState().get(state);
        if (next.record().seq() != previous.record().seq() + 1 || nanos == null) {
          continue;
        }
        Phase phase = previous.record().phase();
        double wire = (next.exchange().requestStartEpochNanos() - previous.exchange().lastResponseByteEpochNanos())
            / 1e6;
        long[] c = counts.computeIfAbsent(phase, k -> new long[5]);
        c[0]++;
        Double asDeclared = null;
        for (Phase p : new Phase[] {phase, next.record().phase()}) {
          double d = nanos / 1e6 * t.factorByPhase().getOrDefault(p.name(), 1);
          if (within(wire, d) && (asDeclared == null || Math.abs(wire - d) < Math.abs(wire - asDeclared))) {
            asDeclared = d;
          }
        }
        int factor = t.factorByPhase().getOrDefault(phase.name(), 1);
        if (asDeclared != null && asDeclared > 0) {
          c[1]++;
          late.computeIfAbsent(phase, k -> new ArrayList<>()).add(wire - asDeclared);
        } else if (asDeclared != null || within(wire, 0) || within(wire, anyPageNanos / 1e6 * factor)) {
          c[3]++;
        } else if (t.nanosByState().values().stream().anyMatch(n -> n > 0 && within(wire, n / 1e6 * factor))) {
          c[2]++;
        } else {
          c[4]++;
          examples.putIfAbsent(phase, String.format(java.util.Locale.ROOT, "%s: %.3f ms on the wire, declared %.3f"
              + " ms (x%d)", state, wire, nanos / 1e6 * t.factorByPhase().getOrDefault(phase.name(), 1),
              t.factorByPhase().getOrDefault(phase.name(), 1)));
        }
      }
    }
    List<Findings.PhaseThinks> phases = new ArrayList<>();
    for (Map.Entry<Phase, long[]> e : counts.entrySet()) {
      long[] c = e.getValue();
      double[] lates = late.getOrDefault(e.getKey(), List.of()).stream().mapToDouble(Double::doubleValue).toArray();
      WorkloadVerdict v = c[0] < Fit.MIN_KS_SAMPLE ? WorkloadVerdict.NOT_JUDGED
          : c[4] <= TABLE_OTHERWISE_SHARE * c[0] ? WorkloadVerdict.FAITHFUL : WorkloadVerdict.REJECTED;
      phases.add(new Findings.PhaseThinks(e.getKey().name(), t.factorByPhase().getOrDefault(e.getKey().name(), 1),
          c[0], c[1], c[2], c[3], c[4], lates.length < 2 ? null : Intervals.meanOfSeries(lates, LEVEL),
          examples.get(e.getKey()), v));
    }
    return new Findings.ThinkTableJudgement(t.site(), t.description(), declared.thinkBy(), TABLE_EARLY_MILLIS,
        TABLE_LATE_MILLIS, TABLE_LATE_SHARE, phases);
  }

  /** A wire think within the table's tolerances of {@code declaredMillis}. */
  private static boolean within(double wireMillis, double declaredMillis) {
    return wireMillis >= declaredMillis - TABLE_EARLY_MILLIS
        && wireMillis <= declaredMillis + Math.max(TABLE_LATE_MILLIS, TABLE_LATE_SHARE * declaredMillis);
  }

  private static MixJudgement mix(List<List<Match>> users, Declared declared) {
    List<List<RequestRecord>> records = new ArrayList<>();
    for (List<Match> u : users) {
      records.add(u.stream().map(Match::record).toList());
    }
    return mixOf(records, RequestRecord::url, declared);
  }

  /** The page mix against the declaration; null when none was declared or its site is unknown here. */
  private static <T> MixJudgement mixOf(List<List<T>> users, java.util.function.Function<T, String> url,
      Declared declared) {
    ExpectedJson.MixExpectation d = declared.mix();
    if (d == null || declared.classifier() == null) {
      return null;
    }
    List<String> states = new ArrayList<>(new TreeMap<>(d.shares()).keySet());
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < states.size(); i++) {
      index.put(states.get(i), i);
    }
    Map<String, Long> counts = new TreeMap<>();
    long[] thinned = new long[states.size() + 1]; // the last: pages of a state the table does not have
    long pages = 0;
    long notPages = 0;
    for (List<T> user : users) {
      int page = 0;
      for (T t : user) {
        String state = declared.classifier().apply(url.apply(t));
        if (state == null) {
          notPages++;
          continue;
        }
        pages++;
        counts.merge(state, 1L, Long::sum);
        if (page++ % MIX_THINNING == 0) {
          thinned[index.getOrDefault(state, states.size())]++;
        }
      }
    }
    double[] shares = new double[states.size() + 1];
    for (int i = 0; i < states.size(); i++) {
      shares[i] = d.shares().get(states.get(i));
    }
    Fit fit = Fit.chiSquare(thinned, shares);
    WorkloadVerdict v = switch (fit.verdict()) {
      case FAITHFUL -> WorkloadVerdict.FAITHFUL;
      case REJECTED -> WorkloadVerdict.REJECTED;
      case NOT_JUDGED -> WorkloadVerdict.NOT_JUDGED;
    };
    return new MixJudgement(d.site(), d.description(), declared.mixBy(), pages, notPages, counts, d.shares(), fit, v);
  }
}
