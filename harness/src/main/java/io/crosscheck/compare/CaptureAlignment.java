package io.crosscheck.compare;

import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.CaptureClock;
import io.crosscheck.rundir.CaptureClock.Choice;
import io.crosscheck.wire.WireExchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Aligns the clock of a capture taken elsewhere (the server host, a mirror port) to the generator's,
 * from the exchanges themselves; between reconstruction and matching on the spine. The generator's
 * clock here is its monotonic instants mapped to the epoch through its own calibrations ({@link
 * ClockMap}); the offset θ is the capture's clock minus that.
 *
 * <p>For each exchange matched by connection (by URL and time when the generator names none):
 *
 * <ul>
 *   <li>the request's first byte cannot reach the capture before the generator stamped its send
 *       start: {@code arrival - θ >= sendStart}, so {@code θ <= arrival - sendStart} (an upper bound);
 *   <li>a reply cannot be read by the generator before its first byte passed the capture: {@code
 *       firstByteRead >= captureFirstByte - θ}, so {@code θ >= captureFirstByte - firstByteRead} (a
 *       lower bound). Not the last byte: a capture cut by its snap length cannot say where a reply
 *       ends, its first byte it always holds.
 * </ul>
 *
 * The tightest bounds over all exchanges give {@code [lo, hi]}; the estimate is its middle, the
 * uncertainty its half-width. The bounds may cross by the stamps' own error ({@link #tolerance}:
 * twice the calibrations' largest uncertainty, at least {@link #TOLERANCE_FLOOR_NANOS}); beyond it
 * one offset does not fit, and an offset drifting at a constant rate is fitted ({@link #fitDrift}:
 * the rate that leaves the widest interval, a crystal's drift); when even that leaves the bounds
 * crossing the capture is refused ({@link RefusedException}: not this run's traffic, or a clock
 * that jumped).
 *
 * <p>A capture whose clock is unknown by seconds is first placed coarsely ({@link #coarseOffset}):
 * the densest cluster of (captured SYN − recorded connect start) over connections of the same
 * client {@code ip:port}, or of (captured request start − recorded send start) over exchanges of
 * the same URL when the generator names no connection. Stateless.
 */
public final class CaptureAlignment {
  /** The least crossing of the bounds taken as the stamps' own error. */
  public static final long TOLERANCE_FLOOR_NANOS = 10_000L;
  /** The first matching pass's extra margin around the coarse offset. */
  static final long COARSE_SLACK_NANOS = 5_000_000L;
  /** Width of the coarse offset's densest cluster. */
  static final long COARSE_CLUSTER_NANOS = 2_000_000L;
  /** Records (or connections) sampled for the coarse offset. */
  static final int COARSE_SAMPLE = 500;
  /** At most this many candidate differences for the coarse offset. */
  static final int COARSE_MAX_PAIRS = 2_000_000;

  /** How {@code compare} reads a capture's clock ({@code --capture-clock}). */
  public enum Mode {
    /** The generator's host's clock: the run's calibrations map it (no alignment). */
    LOCAL,
    /** Another host's clock: aligned from the exchanges, or refused. */
    FOREIGN,
    /** Local unless the exchanges put the capture's clock elsewhere (offset 0 outside the bounds). */
    AUTO
  }

  /** A capture that cannot be aligned; the message names the evidence. */
  public static final class RefusedException extends IOException {
    public RefusedException(String message) {
      super(message);
    }
  }

  /**
   * What the alignment gave.
   *
   * @param clock the generator's monotonic instants → the capture's clock (the calibrations plus
   *     the offset; uncertainties added); the generator's own map when local
   * @param offsetAtStartNanos the offset at the first matched send (0 when local)
   * @param finding the finding to record
   */
  public record Result(ClockMap clock, long offsetAtStartNanos, CaptureClock finding) {}

  /** The tightest bounds over a set of exchanges; lo is {@link Long#MIN_VALUE}, hi {@link Long#MAX_VALUE} when none. */
  record Bounds(long loNanos, long hiNanos, int exchanges, Match loFrom, Match hiFrom, String loByte,
      long firstSendNanos, long lastSendNanos) {
    boolean twoSided() {
      return loNanos != Long.MIN_VALUE && hiNanos != Long.MAX_VALUE;
    }

    boolean consistent(long toleranceNanos) {
      return twoSided() && loNanos - hiNanos <= toleranceNanos;
    }

    long middleNanos() {
      return loNanos + (hiNanos - loNanos) / 2;
    }

    /** The half-width; when the bounds cross (within the tolerance), half the tolerance at least. */
    long halfWidthNanos(long toleranceNanos) {
      long half = Math.abs(hiNanos - loNanos) / 2;
      return hiNanos >= loNanos ? half : Math.max(half, toleranceNanos / 2);
    }

    boolean containsZero(long toleranceNanos) {
      return loNanos <= toleranceNanos && hiNanos >= -toleranceNanos;
    }
  }

  private CaptureAlignment() {}

  /** The crossing the stamps' own error allows. */
  static long tolerance(ClockMap gen) {
    return Math.max(TOLERANCE_FLOOR_NANOS, 2 * gen.maxUncertaintyNanos());
  }

  /**
   * Aligns the capture of {@code exchanges} to the generator of {@code records}.
   *
   * @param mode {@link Mode#FOREIGN} or {@link Mode#AUTO} ({@link Mode#LOCAL} needs no alignment)
   * @param chosenBy why this mode, for the finding
   * @throws RefusedException when {@code FOREIGN} and no offset fits (the message names the evidence)
   */
  public static Result align(List<RequestRecord> records, List<WireExchange> exchanges, ClockMap gen, Mode mode,
      String chosenBy) throws RefusedException {
    boolean forced = mode == Mode.FOREIGN;
    long tol = tolerance(gen);
    long sent = records.stream().filter(r -> r.sendStartNanos() >= 0).count();
    MatchResult m0 = Matcher.match(records, exchanges, gen);
    Bounds b0 = bounds(m0.matched(), gen);
    if (!forced && b0.consistent(tol) && b0.containsZero(tol)) {
      return local(gen, b0, tol, Choice.AUTO_OFFSET_ZERO_FITS, null, null, null, chosenBy);
    }
    // not the matches at offset 0: periodic traffic pairs each record with a later request of its URL
    OptionalLong coarse = coarseOffset(records, exchanges, gen);
    if (coarse.isEmpty()) {
      String why = String.format(Locale.ROOT, "none of the %,d records pairs with an exchange of the capture at any"
          + " clock offset (no client ip:port of a recorded connection, nor a URL, is in it)", sent);
      if (forced) {
        throw new RefusedException("the capture's clock cannot be aligned to the generator's: " + why
            + ": is it a capture of this run's traffic?");
      }
      return local(gen, null, tol, Choice.AUTO_NO_PAIRING, sent, null, null, chosenBy);
    }
    MatchResult m1 = Matcher.match(records, exchanges, gen.shifted(coarse.getAsLong(), COARSE_SLACK_NANOS));
    List<Match> pairs = boundingPairs(m1.matched());
    Bounds b = bounds(pairs, gen);
    if (!b.twoSided()) {
      String why = String.format(Locale.ROOT, "%,d exchanges matched, none with %s", m1.matched().size(),
          b.hiNanos == Long.MAX_VALUE ? "a request captured after a recorded send" : "a reply read by the generator");
      if (forced) {
        throw new RefusedException("the capture's clock cannot be aligned to the generator's: the offset is bounded"
            + " from one side at most (" + why + ")");
      }
      return local(gen, null, tol, b.hiNanos == Long.MAX_VALUE ? Choice.AUTO_NO_LATER_REQUEST
          : Choice.AUTO_NO_REPLY_READ, null, (long) m1.matched().size(), null, chosenBy);
    }
    if (b.consistent(tol)) {
      if (!forced && b.containsZero(tol)) {
        return local(gen, b, tol, Choice.AUTO_OFFSET_ZERO_FITS, null, null, null, chosenBy);
      }
      long offset = b.middleNanos();
      long half = b.halfWidthNanos(tol);
      ClockMap delta = ClockMap.of(List.of(new ClockOffset(offset, half, b.firstSendNanos)));
      return foreign(gen, gen.plus(delta), b, offset, half, null, null, null, null, chosenBy);
    }
    // one offset does not fit: a drifting clock (a linear offset fits) or not this run's traffic
    Drift d = fitDrift(pairs, gen, b.firstSendNanos);
    if (d.widthNanos < -tol || b.lastSendNanos == b.firstSendNanos) {
      if (!forced) {
        return local(gen, null, tol, Choice.AUTO_BOUNDS_CROSS, null, null, (b.loNanos - b.hiNanos) / 1e3, chosenBy);
      }
      throw refusal(b, tol, gen, String.format(Locale.ROOT, "; nor does an offset drifting at a constant rate"
          + " (the best, %+.2f ppm, leaves them crossing by %.1f us): the capture holds other traffic than this"
          + " run's, or its clock jumped", d.rate * 1e6, -d.widthNanos / 1e3));
    }
    long span = b.lastSendNanos - b.firstSendNanos;
    long half = d.widthNanos >= 0 ? (long) (d.widthNanos / 2) : tol / 2;
    long atStart = Math.round(d.middleAtZeroNanos);
    long atEnd = Math.round(d.middleAtZeroNanos + d.rate * span);
    ClockMap delta = ClockMap.of(List.of(new ClockOffset(atStart, half, b.firstSendNanos),
        new ClockOffset(atEnd, half, b.lastSendNanos)));
    Bounds fitted = new Bounds(atStart - half, atStart + half, b.exchanges, b.loFrom, b.hiFrom, b.loByte,
        b.firstSendNanos, b.lastSendNanos);
    return foreign(gen, gen.plus(delta), fitted, atStart, half, (atEnd - atStart) / 1e3,
        (b.loNanos - b.hiNanos) / 1e3, d.rate * 1e6, atEnd / 1e3, chosenBy);
  }

  /**
   * The offset drifting at the rate that leaves the widest interval: each bound moves with {@code
   * rate * (send - firstSend)}, the interval's width is concave in the rate, and a ternary search
   * over ±{@link #MAX_DRIFT_RATE} finds its top.
   *
   * @param rate the drift, nanoseconds per nanosecond
   * @param middleAtZeroNanos the interval's middle at the first send
   * @param widthNanos its width (negative: the bounds still cross)
   */
  record Drift(double rate, double middleAtZeroNanos, double widthNanos) {}

  /** The largest drift rate considered (1000 ppm, far beyond any crystal's). */
  static final double MAX_DRIFT_RATE = 1e-3;

  static Drift fitDrift(List<Match> pairs, ClockMap gen, long firstSendNanos) {
    // per exchange: its send instant from the first, and its bounds (NaN where it gives none)
    int n = pairs.size();
    double[] t = new double[n];
    double[] hi = new double[n];
    double[] lo = new double[n];
    for (int i = 0; i < n; i++) {
      RequestRecord r = pairs.get(i).record();
      WireExchange e = pairs.get(i).exchange();
      t[i] = r.sendStartNanos() - firstSendNanos;
      hi[i] = r.sendStartNanos() >= 0 && e.requestStartEpochNanos() > 0
          ? e.requestStartEpochNanos() - gen.toEpochNanos(r.sendStartNanos()) : Double.NaN;
      double l = Double.NaN;
      if (r.firstByteNanos() >= 0 && e.firstResponseByteEpochNanos() > 0) {
        l = e.firstResponseByteEpochNanos() - gen.toEpochNanos(r.firstByteNanos());
      }
      lo[i] = l;
    }
    double a = -MAX_DRIFT_RATE;
    double b = MAX_DRIFT_RATE;
    for (int k = 0; k < 200; k++) {
      double m1 = a + (b - a) / 3;
      double m2 = b - (b - a) / 3;
      if (width(m1, t, lo, hi)[0] < width(m2, t, lo, hi)[0]) {
        a = m1;
      } else {
        b = m2;
      }
    }
    double rate = (a + b) / 2;
    double[] w = width(rate, t, lo, hi);
    return new Drift(rate, w[1], w[0]);
  }

  /** {width, middle at t = 0} of the interval left for the offset {@code c + rate * t}. */
  private static double[] width(double rate, double[] t, double[] lo, double[] hi) {
    double top = Double.POSITIVE_INFINITY;
    double bottom = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < t.length; i++) {
      if (!Double.isNaN(hi[i])) {
        top = Math.min(top, hi[i] - rate * t[i]);
      }
      if (!Double.isNaN(lo[i])) {
        bottom = Math.max(bottom, lo[i] - rate * t[i]);
      }
    }
    return new double[] {top - bottom, bottom + (top - bottom) / 2};
  }

  private static RefusedException refusal(Bounds b, long tol, ClockMap gen, String more) {
    return new RefusedException(String.format(Locale.ROOT, "the capture's clock cannot be aligned to the"
        + " generator's: the replies put its offset at >= %+.1f us (%s) and the requests at <= %+.1f us (%s), from"
        + " %,d exchanges: the bounds cross by %.1f us, beyond the %.1f us the stamps' own error allows%s",
        b.loNanos / 1e3, describe(b.loFrom, b.loByte, gen), b.hiNanos / 1e3, describe(b.hiFrom, "request", gen),
        b.exchanges, (b.loNanos - b.hiNanos) / 1e3, tol / 1e3, more));
  }

  private static String describe(Match m, String what, ClockMap gen) {
    RequestRecord r = m.record();
    String side = what.equals("request") ? "the request " : "the " + what + " of the reply to ";
    return side + r.url() + " on " + (r.connectionId().isEmpty() ? m.exchange().connectionId() : r.connectionId())
        + ", sent at epoch " + gen.toEpochNanos(r.sendStartNanos()) + " ns";
  }

  /**
   * The capture read as the generator's own: {@code choice} says why (its figures beside it), {@code chosenBy} is
   * the option as given (kept only for {@link Choice#OPTION}).
   */
  private static Result local(ClockMap gen, Bounds b, long tol, Choice choice, Long recordsSent, Long exchangesMatched,
      Double boundsCrossMicros, String chosenBy) {
    boolean bounded = b != null && b.twoSided();
    return new Result(gen, 0, new CaptureClock(CaptureClock.LOCAL, choice == Choice.OPTION ? chosenBy : null,
        bounded ? 0.0 : null, bounded ? b.halfWidthNanos(tol) / 1e3 : null, bounded ? b.loNanos / 1e3 : null,
        bounded ? b.hiNanos / 1e3 : null, b == null ? 0 : b.exchanges, null, null,
        bounded ? (b.lastSendNanos - b.firstSendNanos) / 1e9 : null, null, null, null, List.of(), null, null, choice,
        recordsSent, exchangesMatched, boundsCrossMicros, null, null));
  }

  /**
   * The capture aligned: one offset ({@code driftMicros} null), or one drifting linearly from {@code offsetNanos}
   * at the first send to {@code offsetAtLastSendMicros} at the last, {@code driftPpm} against the generator's.
   */
  private static Result foreign(ClockMap gen, ClockMap aligned, Bounds b, long offsetNanos, long halfNanos,
      Double driftMicros, Double boundsCrossMicros, Double driftPpm, Double offsetAtLastSendMicros, String chosenBy) {
    return new Result(aligned, offsetNanos, new CaptureClock(CaptureClock.FOREIGN, chosenBy, offsetNanos / 1e3,
        halfNanos / 1e3, b.loNanos / 1e3, b.hiNanos / 1e3, b.exchanges, describe(b.loFrom, b.loByte, gen),
        describe(b.hiFrom, "request", gen), (b.lastSendNanos - b.firstSendNanos) / 1e9, driftMicros, null,
        2 * halfNanos / 1e3, List.of(), null, null, Choice.OPTION, null, null, boundsCrossMicros, driftPpm,
        offsetAtLastSendMicros));
  }

  /** The pairs the bounds rest on: those matched by connection identity when there are any (a URL-and-time pair may be another request's). */
  static List<Match> boundingPairs(List<Match> matched) {
    List<Match> byConnection = matched.stream().filter(Match::byConnection).toList();
    return byConnection.isEmpty() ? matched : byConnection;
  }

  /** The tightest bounds over {@code pairs}, their send instants on the generator's monotonic clock. */
  static Bounds bounds(List<Match> pairs, ClockMap gen) {
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    Match loFrom = null;
    Match hiFrom = null;
    String loByte = "";
    int n = 0;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (Match m : pairs) {
      RequestRecord r = m.record();
      WireExchange e = m.exchange();
      boolean used = false;
      if (r.sendStartNanos() >= 0 && e.requestStartEpochNanos() > 0) {
        long upper = e.requestStartEpochNanos() - gen.toEpochNanos(r.sendStartNanos());
        if (upper < hi) {
          hi = upper;
          hiFrom = m;
        }
        used = true;
      }
      if (r.firstByteNanos() >= 0 && e.firstResponseByteEpochNanos() > 0) {
        long lower = e.firstResponseByteEpochNanos() - gen.toEpochNanos(r.firstByteNanos());
        if (lower > lo) {
          lo = lower;
          loFrom = m;
          loByte = "first byte";
        }
        used = true;
      }
      if (used) {
        n++;
        first = Math.min(first, r.sendStartNanos());
        last = Math.max(last, r.sendStartNanos());
      }
    }
    return new Bounds(lo, hi, n, loFrom, hiFrom, loByte, first, last);
  }

  /**
   * The capture's clock offset to within a few milliseconds, from pairs that share a client {@code
   * ip:port} (captured SYN − recorded connect start) or, when the generator names no connection, a
   * URL (captured request start − recorded send start): the median of the densest {@link
   * #COARSE_CLUSTER_NANOS} cluster of differences; empty when no cluster holds three (or every
   * sampled item, when fewer).
   */
  static OptionalLong coarseOffset(List<RequestRecord> records, List<WireExchange> exchanges, ClockMap gen) {
    Map<String, Set<Long>> wireOpens = new HashMap<>();
    Map<String, List<WireExchange>> wireByUrl = new HashMap<>();
    for (WireExchange e : exchanges) {
      wireOpens.computeIfAbsent(e.connectionId(), k -> new LinkedHashSet<>()).add(e.connectionOpenEpochNanos());
      wireByUrl.computeIfAbsent(e.url(), k -> new ArrayList<>()).add(e);
    }
    Map<String, long[]> connections = new java.util.LinkedHashMap<>(); // id@open -> {open}
    for (RequestRecord r : records) {
      if (!r.connectionId().isEmpty() && r.connectionOpenNanos() >= 0) {
        connections.putIfAbsent(r.connectionId() + "@" + r.connectionOpenNanos(), new long[] {r.connectionOpenNanos()});
      }
    }
    long[] diffs = new long[0];
    int items = 0;
    if (!connections.isEmpty()) {
      List<Map.Entry<String, long[]>> all = new ArrayList<>(connections.entrySet());
      int step = Math.max(1, all.size() / COARSE_SAMPLE);
      List<Long> d = new ArrayList<>();
      for (int i = 0; i < all.size() && d.size() < COARSE_MAX_PAIRS; i += step) {
        String id = all.get(i).getKey().substring(0, all.get(i).getKey().lastIndexOf('@'));
        long openEpochNanos = gen.toEpochNanos(all.get(i).getValue()[0]);
        items++;
        for (long wireOpen : wireOpens.getOrDefault(id, Set.of())) {
          d.add(wireOpen - openEpochNanos);
        }
      }
      diffs = d.stream().mapToLong(Long::longValue).toArray();
    }
    if (diffs.length == 0) {
      List<RequestRecord> sent = records.stream().filter(r -> r.sendStartNanos() >= 0).toList();
      int step = Math.max(1, sent.size() / COARSE_SAMPLE);
      List<Long> d = new ArrayList<>();
      items = 0;
      for (int i = 0; i < sent.size() && d.size() < COARSE_MAX_PAIRS; i += step) {
        RequestRecord r = sent.get(i);
        long sendEpochNanos = gen.toEpochNanos(r.sendStartNanos());
        items++;
        for (WireExchange e : wireByUrl.getOrDefault(r.url(), List.of())) {
          d.add(e.requestStartEpochNanos() - sendEpochNanos);
        }
      }
      diffs = d.stream().mapToLong(Long::longValue).toArray();
    }
    if (diffs.length == 0) {
      return OptionalLong.empty();
    }
    Arrays.sort(diffs);
    int bestCount = 0;
    int bestFrom = 0;
    for (int i = 0, j = 0; j < diffs.length; j++) {
      while (diffs[j] - diffs[i] > COARSE_CLUSTER_NANOS) {
        i++;
      }
      if (j - i + 1 > bestCount) {
        bestCount = j - i + 1;
        bestFrom = i;
      }
    }
    if (bestCount < Math.min(3, items)) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(diffs[bestFrom + bestCount / 2]);
  }

  /**
   * The figures of {@code findings} that a foreign capture's alignment swamps, by findings.json
   * path: a lag (send, receive: it crosses the two clocks) whose magnitude is at most the
   * alignment's uncertainty U (not even its sign is known), an error figure (a duration on each
   * clock, which the offset does not enter, but which holds the path between the generator and the
   * capture point) whose magnitude is at most the path bound W.
   */
  public static CaptureClock judge(CaptureClock clock, io.crosscheck.rundir.Findings findings) {
    if (clock == null || !clock.foreign() || findings.responseTime() == null || findings.lags() == null) {
      return clock;
    }
    double u = clock.uncertaintyMicros();
    double w = clock.pathBoundMicros();
    List<String> out = new ArrayList<>();
    swamped(out, "lags.sendLag", findings.lags().sendLag(), u);
    swamped(out, "lags.receiveLag", findings.lags().receiveLag(), u);
    if (!Double.isNaN(findings.responseTime().absoluteErrorMicros())
        && Math.abs(findings.responseTime().absoluteErrorMicros()) <= w) {
      out.add("responseTime.absoluteErrorMicros");
    }
    swamped(out, "responseTime.perRequestError", findings.responseTime().perRequestError(), w);
    return clock.withNotJudged(out); // the rule is the renderer's (FindingsSentences.captureClockRule)
  }

  private static void swamped(List<String> out, String path, io.crosscheck.rundir.Findings.Stats s, double bound) {
    if (s == null || s.count() == 0) {
      return;
    }
    String[] names = {"meanMicros", "p50Micros", "p90Micros", "p99Micros", "maxMicros"};
    double[] values = {s.meanMicros(), s.p50Micros(), s.p90Micros(), s.p99Micros(), s.maxMicros()};
    for (int i = 0; i < names.length; i++) {
      if (!Double.isNaN(values[i]) && Math.abs(values[i]) <= bound) {
        out.add(path + "." + names[i]);
      }
    }
  }
}
