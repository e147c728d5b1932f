package io.crosscheck.record;

import io.crosscheck.model.Phases;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The {@link RecordSink} of a run: hands every record to one writer thread that appends it to the
 * run directory's {@code requests.csv} ({@link RequestCsvWriter}), records latencies into {@code
 * latency.hlog} ({@link LatencyHlogWriter}), and accumulates the {@link Summary} ({@link
 * SummaryAccumulator}) written to {@code summary.json} on {@link #close()}. This class owns the
 * hand-over and the writer thread; the files are its parts'.
 *
 * <p><b>Threads.</b> {@link #accept} may be called from any number of threads (Netty event loops);
 * it only appends to a lock-free unbounded queue ({@link ConcurrentLinkedQueue}) and never blocks
 * or does I/O. The writer thread ({@code crosscheck-recorder}, a daemon) is the single writer of
 * the files, the histograms and the summary; it polls the queue, sleeping up to {@value
 * #IDLE_PARK_MILLIS} ms when empty (each wake costs the client core a futex round trip: at 1 ms it was
 * 0.09 of the writer's 0.78 µs per record at 75,000 records/s, bench/PERFORMANCE.md).
 *
 * <p><b>Durability.</b> requests.csv is flushed at least every {@value #FLUSH_INTERVAL_MILLIS} ms
 * while rows arrive, and latency.hlog once per interval, so a crash or Ctrl-C loses well under a
 * second of records. Files are written with {@code FileOutputStream}, which a thread interrupt
 * does not close.
 *
 * <p><b>latency.hlog</b> holds complete replies of every phase ({@link LatencyHistograms}); a
 * negative latency is left out of it and counted in {@link Summary#impossibleMeasurements()}.
 *
 * <p><b>summary.json</b>: the measure phase only (all phases are still in requests.csv).
 */
public final class RecordingSink implements RecordSink {
  /** requests.csv is flushed at least this often while rows arrive. */
  public static final long FLUSH_INTERVAL_MILLIS = 100;

  static final long IDLE_PARK_MILLIS = 5;
  private static final long IDLE_PARK_NANOS = IDLE_PARK_MILLIS * 1_000_000L;

  /** The files this sink writes in a run directory. */
  public static final String REQUESTS_CSV = "requests.csv";
  public static final String LATENCY_HLOG = "latency.hlog";
  public static final String SUMMARY_JSON = "summary.json";

  private final Path requestsCsv;
  private final Path summaryJson;
  private final Phases phases;
  private final ConcurrentLinkedQueue<RequestRecord> queue = new ConcurrentLinkedQueue<>();
  private final LongAdder accepted = new LongAdder();
  private final LongAdder droppedAfterClose = new LongAdder();
  // records taken off the queue (writer thread, then close()); published once the last drain is done
  private long drained;
  private volatile long drainedAtClose = -1;
  private final Thread writerThread;
  private volatile boolean closing;
  private boolean closed;
  private Summary summary;

  // owned by the writer thread (and by close() once that thread has ended)
  private final RequestCsvWriter csv;
  private final LatencyHlogWriter hlog;
  private final SummaryAccumulator accumulator = new SummaryAccumulator();
  private long nextFlushNanos;
  // requests.csv rows, published once per drained batch: a volatile store per row would cost a fence
  private volatile long recordsWritten;
  private volatile Runnable onFailure;
  private IOException failure;

  /**
   * Opens requests.csv (writing its header) and latency.hlog in {@code dir} and starts the writer.
   *
   * @param phases the run's phases; its measure duration is the throughput window unless {@link
   *     #close(long, long)} gives the real run span
   */
  public RecordingSink(Path dir, Phases phases) throws IOException {
    this(dir, phases, null);
  }

  /**
   * Groups a run's records into the figures the emulated generator would have reported: told every
   * record in the order the sink writes it, on the sink's one writer thread, it returns the row's
   * {@link RequestCsv#AGENT_COLUMNS} (the interval the record belongs to) and writes its own file
   * (intervals.csv). Used by a single thread; need not be thread-safe.
   */
  public interface RowAnnotator {
    /** The columns of {@code record}'s row. */
    RequestCsv.AgentColumns annotate(RequestRecord record);

    /** Flushes what was written so far (called with requests.csv's periodic flush). */
    void flush() throws IOException;

    /** Writes what is still open and closes the file; called once, after the last record. */
    void close() throws IOException;
  }

  /**
   * As {@link #RecordingSink(Path, Phases)}; with an {@code annotator} requests.csv has {@link
   * RequestCsv#AGENT_HEADER}'s columns, filled in by it.
   *
   * @param annotator null for none
   */
  public RecordingSink(Path dir, Phases phases, RowAnnotator annotator) throws IOException {
    this.requestsCsv = dir.resolve(REQUESTS_CSV);
    this.summaryJson = dir.resolve(SUMMARY_JSON);
    this.phases = phases;
    this.csv = new RequestCsvWriter(requestsCsv, annotator);
    try {
      this.hlog = new LatencyHlogWriter(dir.resolve(LATENCY_HLOG));
    } catch (IOException e) {
      csv.close();
      throw e;
    }
    nextFlushNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FLUSH_INTERVAL_MILLIS);
    writerThread = new Thread(this::writerLoop, "crosscheck-recorder");
    writerThread.setDaemon(true);
    writerThread.start();
  }

  /** Queues a record; never blocks. After {@link #close()} the record is counted and dropped. */
  @Override
  public void accept(RequestRecord record) {
    if (closing) {
      droppedAfterClose.increment();
      return;
    }
    enqueue(record);
  }

  /**
   * {@link #accept} past its {@code closing} check. A record that passed the check while {@link
   * #close()} ran may land here after the last drain: it is then in no file, and counted by {@link
   * #recordsDroppedAfterClose()} as accepted but never taken.
   */
  void enqueue(RequestRecord record) {
    queue.offer(record);
    accepted.increment();
  }

  /** Records accepted so far (queued, not necessarily written). */
  public long recordsAccepted() {
    return accepted.sum();
  }

  /** Rows appended to requests.csv so far (on disk within {@value #FLUSH_INTERVAL_MILLIS} ms). */
  public long recordsWritten() {
    return recordsWritten;
  }

  /**
   * Records offered after {@link #close()} began, or queued after its last drain (offered while it
   * ran); they are in no file. 0 before close (queued records are still to be written).
   */
  public long recordsDroppedAfterClose() {
    long taken = drainedAtClose;
    return droppedAfterClose.sum() + (taken < 0 ? 0 : Math.max(0, accepted.sum() - taken));
  }

  /**
   * Drains every queued record, closes requests.csv and latency.hlog, writes summary.json and
   * returns the summary; the throughput window is the measure phase's duration from the {@link
   * Phases} (use {@link #close(long, long)} when the run's real span is known). Idempotent. A
   * pending interrupt of the calling thread is kept but does not stop the files being finished.
   *
   * @throws IOException when a file could not be written completely (the message says which);
   *     every file is still closed
   */
  public Summary close() throws IOException {
    return finish(phases.measureNanos(), Long.MIN_VALUE);
  }

  /**
   * As {@link #close()}, with the measured window: the part of the measure phase that the run
   * covered, from the measure phase's start ({@code runStartNanos} + ramp-up) to the earlier of the
   * run's end and the measure phase's end (a run interrupted early, or whose engine had nothing
   * left to send, has a shorter window; one that ended in its ramp-up has none, and no throughput).
   *
   * @param runStartNanos monotonic instant of the schedule's offset 0 ({@code
   *     EngineResult.startNanos})
   * @param runEndNanos monotonic instant the run ended ({@code EngineResult.endNanos})
   */
  public Summary close(long runStartNanos, long runEndNanos) throws IOException {
    return finish(coveredMeasureNanos(phases, runStartNanos, runEndNanos), runStartNanos);
  }

  /**
   * As {@link #close(long, long)} for a run that ran to its schedule's end ({@code completed}): its
   * window is the whole measure phase, even when the engine returned before the deadline because
   * no request was due before it (every session cut by the deadline, e.g. a RUBiS user whose next
   * think time ends after it: its users were still thinking, the phase still elapsed, and the
   * engine's early return would otherwise shrink a 3 s run to the 0.1 s of its first replies). A
   * run that did not complete (interrupted, stopped) covered its measure phase up to {@code
   * runEndNanos} only.
   */
  public Summary closeAfterRun(long runStartNanos, long runEndNanos, boolean completed) throws IOException {
    return finish(completed ? phases.measureNanos() : coveredMeasureNanos(phases, runStartNanos, runEndNanos),
        runStartNanos);
  }

  /** The part of the measure phase of {@code phases} within {@code [runStartNanos, runEndNanos]}. */
  static long coveredMeasureNanos(Phases phases, long runStartNanos, long runEndNanos) {
    long measureStart = runStartNanos + phases.rampUpNanos();
    long measureEnd = Math.min(measureStart + phases.measureNanos(), runEndNanos);
    return Math.max(0, measureEnd - measureStart);
  }

  /**
   * As {@link #close()} for a run whose start and end are unknown (the engine returned no result):
   * the summary has no window and no throughput ({@link Summary#measuredWindowNanos()} 0). The
   * span of the records themselves is not used instead: it is not the window the run covered.
   */
  public Summary closeWithUnknownWindow() throws IOException {
    return finish(0, Long.MIN_VALUE);
  }

  /**
   * @param runStartNanos the run's offset 0 (ticker), the origin of "from second N" in the pace
   *     line; {@link Long#MIN_VALUE} when unknown
   */
  private synchronized Summary finish(long windowNanos, long runStartNanos) throws IOException {
    if (closed) {
      return summary;
    }
    closed = true;
    boolean interrupted = Thread.interrupted();
    try {
      closing = true;
      LockSupport.unpark(writerThread);
      while (true) {
        try {
          writerThread.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      // the writer has ended: this thread is now the single writer; take any late stragglers
      drain();
      drainedAtClose = drained;
      finishFiles();
      summary = accumulator.toSummary(windowNanos, runStartNanos);
      try {
        summary.writeJson(summaryJson);
      } catch (IOException e) {
        fail(e);
      }
      if (failure != null) {
        throw new IOException(
            "recording failed (" + recordsWritten + " of " + recordsAccepted()
                + " records written to " + requestsCsv + "): " + failure.getMessage(),
            failure);
      }
      return summary;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void writerLoop() {
    try {
      while (true) {
        boolean stop = closing; // read before draining: records queued before close are drained
        int n = drain();
        long nowNanos = System.nanoTime();
        try {
          hlog.endIntervalIfDue(System.currentTimeMillis(), false);
        } catch (IOException e) {
          fail(e);
        }
        if (csv.dirty() && nowNanos - nextFlushNanos >= 0) {
          flushCsv();
          nextFlushNanos = nowNanos + TimeUnit.MILLISECONDS.toNanos(FLUSH_INTERVAL_MILLIS);
        }
        if (stop && n == 0) {
          return;
        }
        if (n == 0) {
          LockSupport.parkNanos(this, IDLE_PARK_NANOS);
        }
      }
    } catch (RuntimeException | Error e) {
      fail(new IOException("recorder thread failed: " + e, e));
      // close() drains what is left on its own thread
    }
  }

  /** Takes every queued record; returns how many. */
  private int drain() {
    int n = 0;
    RequestRecord r;
    while ((r = queue.poll()) != null) {
      record(r);
      n++;
      drained++;
      if ((n & 1023) == 0 && csv.dirty()
          && System.nanoTime() - nextFlushNanos >= 0) {
        break; // a long backlog must not delay the periodic flush
      }
    }
    recordsWritten = csv.rows();
    return n;
  }

  private void record(RequestRecord r) {
    if (failure == null) {
      try {
        csv.append(r);
      } catch (IOException e) {
        fail(e);
      }
    }
    accumulator.add(r);
    hlog.record(r);
  }

  private void flushCsv() {
    try {
      csv.flush();
    } catch (IOException e) {
      fail(e);
    }
  }

  private void finishFiles() {
    try {
      csv.close();
    } catch (IOException e) {
      fail(e);
    }
    try {
      hlog.close();
    } catch (IOException e) {
      fail(e);
    }
  }

  private void fail(IOException e) {
    if (failure == null) {
      failure = e;
      Runnable hook = onFailure;
      if (hook != null) {
        hook.run();
      }
    }
  }

  /**
   * Runs {@code hook} once, on the thread that met it, when recording first fails (a full disk):
   * the caller stops the run, since nothing it measures from then on can be kept.
   */
  public void onFailure(Runnable hook) {
    this.onFailure = hook;
  }
}
