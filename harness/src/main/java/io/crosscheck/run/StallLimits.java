package io.crosscheck.run;

import io.crosscheck.engine.StallWatch;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.schedule.Ticker;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code --stall-warning} and {@code --stall-timeout} checked, and what {@code run} and {@code audit}
 * do with them: start the {@link StallWatch} of a load (its lines on stderr), and turn its longest
 * stall into run.json's {@code stall} section. The exit code of a load the timeout stopped is
 * {@link #EXIT_STALLED}. Immutable.
 *
 * @param warningNanos no completion for this long while requests are in flight prints a line
 * @param timeoutNanos no completion for this long stops the load; 0 never
 */
public record StallLimits(long warningNanos, long timeoutNanos) {
  /** The exit code of a run or audit stopped by {@code --stall-timeout} (README's exit-code table). */
  public static final int EXIT_STALLED = 5;
  /** The shortest warning period: the watch looks ten times per period, at most every 20 ms. */
  private static final long MIN_WARNING_NANOS = 100_000_000L;

  /** The defaults: a line after 10 s of stall, no timeout. */
  public static final StallLimits DEFAULT = new StallLimits(StallWatch.DEFAULT_WARNING_NANOS, 0);

  /** The options as given, checked; null after adding each problem to {@code problems}. */
  public static StallLimits parse(String warning, String timeout, List<Problem> problems) {
    long w = -1;
    long t = -1;
    try {
      w = Durations.parseNanos(warning);
    } catch (IllegalArgumentException e) {
      // below
    }
    try {
      t = Durations.parseNanos(timeout);
    } catch (IllegalArgumentException e) {
      // below
    }
    int before = problems.size();
    if (w < MIN_WARNING_NANOS) {
      problems.add(new Problem("--stall-warning", warning, "a duration of 100ms or more (e.g. 10s)"));
    }
    if (t < 0 || t > 0 && w >= MIN_WARNING_NANOS && t < w) {
      problems.add(new Problem("--stall-timeout", timeout, "0 (off) or a duration at least --stall-warning ("
          + warning + ")"));
    }
    return problems.size() > before ? null : new StallLimits(w, t);
  }

  /** Starts watching {@code source}; its lines go to {@code err}; {@code onTimeout} stops the load. */
  public StallWatch watch(StallWatch.Source source, PrintStream err, Runnable onTimeout) {
    return StallWatch.start(source, Ticker.system(), warningNanos, timeoutNanos, line -> {
      synchronized (err) {
        err.println(line);
        err.flush();
      }
    }, onTimeout);
  }

  /** run.json's {@code stall} section: the watch's longest stall; null when it saw none. */
  public RunJson.StallSection section(StallWatch watch) {
    StallWatch.Stall s = watch.longest();
    if (s == null) {
      return null;
    }
    return new RunJson.StallSection(warningNanos, timeoutNanos, watch.stalls(), watch.timedOut(),
        s.startOffsetNanos(), s.durationNanos(), s.inFlight(), s.connections(), s.oldestInFlightNanos(),
        s.lastCompletionOffsetNanos(), s.completedBefore());
  }

  /** The line said when the timeout stopped the load. */
  public String stoppedLine(String command) {
    return command + ": stopped by --stall-timeout after " + String.format(java.util.Locale.ROOT, "%.1f s",
        timeoutNanos / 1e9) + " without a completed exchange; the run is kept (status stalled, exit "
        + EXIT_STALLED + ")";
  }
}
