package io.crosscheck.telemetry;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Records the generator JVM's pressure during a run: a {@link TelemetrySample} every period (100
 * ms by default) to telemetry.csv ({@link TelemetryCsv} format), and a {@link TelemetrySummary} at
 * {@link #stop()}. On the spine it runs beside the engine, in the engine's JVM (the parent, or the
 * child of {@code --jvm}), so {@code sampleNanos} shares the clock of that JVM's request records.
 *
 * <p>The sampler is a daemon thread ticking at fixed rate on {@link System#nanoTime()} (a tick
 * that is late is taken late; missed ticks are skipped, and each row's rates use its real
 * interval). Each row is flushed to disk as it is written, so a crash or Ctrl-C loses at most the
 * rows still waiting for their pauses.
 *
 * <p>Individual GC pauses come from a {@link GcPauseSource}: JMX GC notifications by default
 * ({@link GcPauseNotifications}: delivered ms after the pause, 1 ms resolution), or JFR ({@link
 * GcPauseStream}: ns resolution, delivered ~1 s late, ~0.6–0.9 s of CPU to start). A row is held
 * until the source has delivered every pause that ended in its interval, or for at most the
 * source's delivery delay (1 s for JMX, 3 s for JFR); {@link #stop()} waits up to that long for the
 * last rows' pauses. If the source cannot start, the pause columns are empty and the summary says
 * why: a run is never refused for want of a pause source.
 *
 * <p>The sampler (and the JFR thread, if any) are daemons: a JVM that never calls {@code stop()}
 * still exits. Overhead: see {@code io.crosscheck.jmh.TelemetryBenchmark} (one sample costs
 * microseconds; at 100 ms that is well under 0.1% of one core) and bench/JVM-PRESSURE.md (the
 * whole recorder in a Netty run).
 *
 * <p>Thread-safety: {@link #start} and {@link #stop} may be called from any thread; {@code stop}
 * is idempotent and safe from a shutdown hook.
 */
public final class TelemetryRecorder implements AutoCloseable {
  /** The default sampling period: 100 ms. */
  public static final long DEFAULT_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final long periodNanos;
  private final CsvRowFile file;
  private final JvmSampler sampler;
  private final GcPauses pauses; // null when off or unavailable
  private final String pauseSource;
  private final long startNanos;
  private final long startEpochNanos;
  private final TelemetrySample baseline;
  private final long baselineAllocatedBytes;
  private final FixedRateSampler ticker;
  private TelemetrySummary summary;

  // sampler-thread state (handed to stop() by Thread.join)
  private final ArrayDeque<TelemetrySample> pending = new ArrayDeque<>();
  private final List<GcPauses.Pause> unassigned = new ArrayList<>();
  private long lastWrittenNanos;
  private final Accumulator totals = new Accumulator();

  private TelemetryRecorder(long periodNanos, CsvRowFile file, JvmSampler sampler,
      GcPauses pauses, String pauseSource) {
    this.periodNanos = periodNanos;
    this.file = file;
    this.sampler = sampler;
    this.pauses = pauses;
    this.pauseSource = pauseSource;
    sampler.resetPeakThreads();
    this.startNanos = System.nanoTime();
    Instant now = Instant.now();
    this.startEpochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    this.baselineAllocatedBytes = sampler.allocatedBytesTotal();
    this.baseline = sampler.sample(startNanos);
    this.lastWrittenNanos = startNanos;
    this.ticker = new FixedRateSampler("crosscheck-telemetry", startNanos, periodNanos, nowNanos -> tick(nowNanos, false));
  }

  /**
   * Starts recording, with GC pauses from JMX notifications ({@link GcPauseSource#JMX}).
   *
   * @param telemetryCsv the file to write (created or truncated), normally {@code
   *     <run>/telemetry.csv}
   * @param periodNanos sampling period, at least 1 ms
   * @throws IOException if the file cannot be created
   */
  public static TelemetryRecorder start(Path telemetryCsv, long periodNanos) throws IOException {
    return start(telemetryCsv, periodNanos, GcPauseSource.JMX);
  }

  /**
   * Starts recording.
   *
   * @param pauseSource where individual GC pauses come from; {@link GcPauseSource#OFF} leaves the
   *     pause columns empty
   */
  public static TelemetryRecorder start(Path telemetryCsv, long periodNanos, GcPauseSource pauseSource)
      throws IOException {
    if (periodNanos < TimeUnit.MILLISECONDS.toNanos(1)) {
      throw new IllegalArgumentException("periodNanos: " + periodNanos + " (expected >= 1000000, 1 ms)");
    }
    GcPauses pauses = null;
    String source = "off";
    if (pauseSource != GcPauseSource.OFF) {
      try {
        pauses = pauseSource == GcPauseSource.JFR ? GcPauseStream.start() : GcPauseNotifications.start();
        source = pauses.description();
      } catch (IllegalStateException e) {
        source = "unavailable: " + e.getMessage();
      }
    }
    CsvRowFile file = null;
    JvmSampler sampler = null;
    try {
      file = CsvRowFile.create(telemetryCsv, TelemetryCsv.HEADER, 256);
      sampler = JvmSampler.open();
      TelemetryRecorder r = new TelemetryRecorder(periodNanos, file, sampler, pauses, source);
      r.ticker.start();
      return r;
    } catch (IOException | RuntimeException e) {
      if (pauses != null) {
        pauses.close();
      }
      if (sampler != null) {
        sampler.close();
      }
      if (file != null) {
        file.close();
      }
      throw e;
    }
  }

  /** The file being written. */
  public Path csv() {
    return file.path();
  }

  private void tick(long nowNanos, boolean last) {
    pending.add(sampler.sample(nowNanos));
    drainPauses();
    writeReady(nowNanos, last);
  }

  private void drainPauses() {
    if (pauses == null) {
      return;
    }
    for (GcPauses.Pause p; (p = pauses.poll()) != null; ) {
      if (p.endNanos() - startNanos <= 0) {
        continue; // ended before the run
      }
      totals.pause(p);
      if (p.endNanos() - lastWrittenNanos <= 0) {
        totals.pausesLate++;
      } else {
        unassigned.add(p);
      }
    }
  }

  private void writeReady(long nowNanos, boolean force) {
    while (!pending.isEmpty()) {
      TelemetrySample row = pending.peekFirst();
      boolean ready = force || pauses == null
          || row.sampleNanos() - pauses.deliveredUpToNanos() <= 0
          || nowNanos - row.sampleNanos() >= pauses.maxDeliveryDelayNanos();
      if (!ready) {
        return;
      }
      pending.removeFirst();
      if (pauses != null) {
        int count = 0;
        long maxNanos = 0;
        for (Iterator<GcPauses.Pause> it = unassigned.iterator(); it.hasNext(); ) {
          GcPauses.Pause p = it.next();
          if (p.endNanos() - row.sampleNanos() <= 0) {
            count++;
            maxNanos = Math.max(maxNanos, p.durationNanos());
            it.remove();
          }
        }
        row = row.withPauses(count, TimeUnit.NANOSECONDS.toMicros(maxNanos));
      }
      totals.row(row, row.sampleNanos() - lastWrittenNanos);
      lastWrittenNanos = row.sampleNanos();
      write(row);
    }
  }

  private void write(TelemetrySample row) {
    TelemetryCsv.appendRow(file.newRow(), row);
    file.writeRow();
  }

  /**
   * Stops sampling, takes a last sample, waits (at most the source's delivery delay) for the pause
   * source to deliver the last pauses, writes the remaining rows, and closes the file and the
   * source. Idempotent:
   * later calls return the same summary.
   */
  public synchronized TelemetrySummary stop() {
    if (summary != null) {
      return summary;
    }
    boolean joined = ticker.stop();
    List<String> problems = new ArrayList<>();
    if (joined) {
      long endNanos = System.nanoTime();
      if (endNanos - lastSampleNanos() >= TimeUnit.MILLISECONDS.toNanos(1)) {
        pending.add(sampler.sample(endNanos));
      }
      if (pauses != null) {
        long untilNanos = endNanos + pauses.maxDeliveryDelayNanos();
        while (pauses.deliveredUpToNanos() - endNanos < 0 && System.nanoTime() - untilNanos < 0
            && pauses.failure() == null) {
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        if (pauses.deliveredUpToNanos() - endNanos < 0) {
          problems.add(pauses.description() + " did not deliver the last pauses within "
              + TimeUnit.NANOSECONDS.toMillis(pauses.maxDeliveryDelayNanos()) + " ms");
        }
      }
      drainPauses();
      writeReady(System.nanoTime(), true);
    } else {
      problems.add(FixedRateSampler.NOT_STOPPED);
    }
    if (pauses != null) {
      pauses.close();
      if (pauses.failure() != null) {
        problems.add(pauses.description() + " failed: " + pauses.failure());
      }
    }
    file.close();
    long allocatedEnd = sampler.allocatedBytesTotal();
    problems.addAll(0, sampler.problems());
    sampler.close();
    for (String p : new String[] {file.problem(), ticker.skippedProblem()}) {
      if (p != null) {
        problems.add(p);
      }
    }
    if (totals.pausesLate > 0) {
      problems.add(totals.pausesLate + " GC pauses arrived after their row was written");
    }
    summary = totals.summary(this, allocatedEnd, problems);
    return summary;
  }

  private long lastSampleNanos() {
    TelemetrySample last = pending.peekLast();
    return last != null ? last.sampleNanos() : lastWrittenNanos;
  }

  /** Same as {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  /** Running totals over the written rows and the delivered pauses. */
  private static final class Accumulator {
    int samples;
    int threadsPeak;
    long heapUsedMaxBytes;
    TelemetrySample lastRow;
    long pauses;
    long pauseTotalNanos;
    long pauseMaxNanos;
    long pausesLate;
    final WeightedMean cpu = new WeightedMean();
    final WeightedMean user = new WeightedMean();
    final WeightedMean sys = new WeightedMean();
    final WeightedMean host = new WeightedMean();

    void pause(GcPauses.Pause p) {
      pauses++;
      pauseTotalNanos += p.durationNanos();
      pauseMaxNanos = Math.max(pauseMaxNanos, p.durationNanos());
    }

    void row(TelemetrySample r, long intervalNanos) {
      samples++;
      threadsPeak = Math.max(threadsPeak, r.threadsPeak());
      heapUsedMaxBytes = Math.max(heapUsedMaxBytes, r.heapUsedBytes());
      lastRow = r;
      cpu.add(r.processCpuCores(), intervalNanos);
      user.add(r.processCpuUserCores(), intervalNanos);
      sys.add(r.processCpuSysCores(), intervalNanos);
      host.add(r.systemCpuFraction(), intervalNanos);
    }

    TelemetrySummary summary(TelemetryRecorder r, long allocatedEnd, List<String> problems) {
      TelemetrySample base = r.baseline;
      TelemetrySample end = lastRow != null ? lastRow : base;
      boolean paused = r.pauses != null; // a pause source ran
      long allocated = allocatedEnd >= 0 && r.baselineAllocatedBytes >= 0
          ? allocatedEnd - r.baselineAllocatedBytes : -1;
      return new TelemetrySummary(
          r.startNanos,
          r.startEpochNanos,
          end.sampleNanos(),
          r.periodNanos,
          samples,
          Math.max(threadsPeak, base.threadsPeak()),
          end.threadsStarted() - base.threadsStarted(),
          Math.max(heapUsedMaxBytes, base.heapUsedBytes()),
          end.gcCount() - base.gcCount(),
          end.gcTimeMillis() - base.gcTimeMillis(),
          paused ? pauses : -1,
          paused ? TimeUnit.NANOSECONDS.toMicros(pauseTotalNanos) : -1,
          paused ? TimeUnit.NANOSECONDS.toMicros(pauseMaxNanos) : -1,
          pausesLate,
          allocated,
          cpu.mean(),
          user.mean(),
          sys.mean(),
          host.mean(),
          r.pauseSource,
          problems);
    }
  }
}
