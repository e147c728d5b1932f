package io.crosscheck.telemetry;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;

/**
 * Every stop-the-world GC pause of this JVM, from JFR's {@code jdk.GCPhasePause} events (one per
 * pause, emitted by Serial, Parallel, G1, Shenandoah and ZGC alike; verified on JDK 17 and 25).
 * Selected with {@link GcPauseSource#JFR}; not the default because starting JFR costs ~0.6–0.9 s
 * of CPU per run however little it records (measured: {@code FlightRecorder} initialisation alone
 * loads ~800 classes, among them ~200 LambdaForms and JFR's ASM instrumentation of the JDK's event
 * classes, and JIT-compiles them; the stream's chunk parsing adds ~0.05 s per second at first).
 * The stream enables only {@value #EVENT}, without threshold, and no other setting.
 *
 * <p>Delivery: JFR flushes about once a second, so pauses arrive up to ~1 s late. {@link
 * #deliveredUpToNanos()} is a watermark: every pause that ended before it has been delivered. It
 * is the first flush callback of the group before the latest group, less 100 ms (JFR calls back
 * twice per flush, once before and once after delivering its events; a pause that ended between a
 * flush point and its callbacks arrives with the next flush). So the watermark trails by 1–2 s.
 *
 * <p>Clocks: JFR stamps events with wall-clock instants; a pause's end is mapped to this JVM's
 * monotonic clock with one offset ({@code epochNanos - nanoTime}) measured when the stream starts.
 * This is the one place telemetry maps between the clocks; its error is the wall clock's drift
 * over the run (NTP slews: far below the 100 ms sampling period).
 *
 * <p>Threads: {@link RecordingStream#startAsync()} runs its consumer on a thread it makes
 * non-daemon ("JFR Event Stream", verified on 17 and 25), which would keep the JVM alive after
 * {@code main} returns. So the stream is run with the blocking {@link RecordingStream#start()} on
 * our own daemon thread, and {@link #close()} closes it. Starting waits (up to 10 s) until the
 * recording is running, so no pause after {@link #start} is missed.
 *
 * <p>Thread-safety: pauses are handed over through a concurrent queue; {@link #poll()} is for one
 * consumer (the sampler).
 */
final class GcPauseStream extends GcPauses {
  static final String EVENT = "jdk.GCPhasePause";
  private static final long MAX_DELIVERY_DELAY_NANOS = TimeUnit.SECONDS.toNanos(3);
  private static final long SAME_FLUSH_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
  private static final long FLUSH_CALLBACK_MARGIN_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final RecordingStream stream;
  private final Thread thread;
  private final long epochMinusMonotonicNanos;
  private final ConcurrentLinkedQueue<Pause> pauses = new ConcurrentLinkedQueue<>();
  private volatile long lastFlushNanos;
  private volatile long deliveredUpToNanos;
  private final CountDownLatch runningOrFailed = new CountDownLatch(1);

  private GcPauseStream(RecordingStream stream, long epochMinusMonotonicNanos) {
    super("jfr:" + EVENT, MAX_DELIVERY_DELAY_NANOS);
    this.stream = stream;
    this.epochMinusMonotonicNanos = epochMinusMonotonicNanos;
    this.thread = new Thread(this::run, "crosscheck-telemetry-jfr");
    this.thread.setDaemon(true);
    // nothing is delivered yet; pauses that ended before the stream existed are not wanted
    this.lastFlushNanos = System.nanoTime();
    this.deliveredUpToNanos = lastFlushNanos - FLUSH_CALLBACK_MARGIN_NANOS;
  }

  /**
   * Starts the stream and waits until its recording runs.
   *
   * @throws IllegalStateException with the reason if JFR is unavailable (a JRE without {@code
   *     jdk.jfr}, {@code -XX:-FlightRecorder}, or no recording within 10 s)
   */
  static GcPauseStream start() {
    RecordingStream rs;
    try {
      rs = new RecordingStream();
    } catch (Throwable t) { // LinkageError without jdk.jfr, IllegalStateException when disabled
      throw new IllegalStateException("JFR unavailable: " + t, t);
    }
    long monotonic = System.nanoTime();
    Instant now = Instant.now();
    long epochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    GcPauseStream s = new GcPauseStream(rs, epochNanos - monotonic);
    rs.enable(EVENT).withoutThreshold();
    rs.onEvent(EVENT, s::accept);
    rs.onFlush(s::flushed);
    FlightRecorderListener listener =
        new FlightRecorderListener() {
          @Override
          public void recordingStateChanged(Recording recording) {
            // the stream's recording starts on our thread; other recordings may change meanwhile
            if (Thread.currentThread() == s.thread && recording.getState() == RecordingState.RUNNING) {
              s.runningOrFailed.countDown();
            }
          }
        };
    FlightRecorder.addListener(listener);
    try {
      s.thread.start();
      boolean started = s.runningOrFailed.await(10, TimeUnit.SECONDS) && s.failure() == null;
      if (!started) {
        Throwable why = s.failure();
        s.close();
        throw new IllegalStateException("JFR recording did not start"
            + (why == null ? " within 10 s" : ": " + why), why);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      s.close();
      throw new IllegalStateException("interrupted while starting JFR", e);
    } finally {
      FlightRecorder.removeListener(listener);
    }
    return s;
  }

  private void run() {
    try {
      stream.start();
    } catch (Throwable t) {
      failed(t);
      runningOrFailed.countDown();
    }
  }

  private void accept(RecordedEvent e) {
    Instant end = e.getEndTime();
    long endNanos = end.getEpochSecond() * 1_000_000_000L + end.getNano() - epochMinusMonotonicNanos;
    Duration d = e.getDuration();
    pauses.add(new Pause(endNanos, d.getSeconds() * 1_000_000_000L + d.getNano()));
  }

  private void flushed() {
    long now = System.nanoTime();
    // JFR calls back more than once per flush (seen on 17 and 25: one call before that flush's
    // events are delivered, one after, ms apart): callbacks within 200 ms are one group
    if (now - lastFlushNanos >= SAME_FLUSH_NANOS) {
      // the previous group ended after its flush point, which is at most a few ms before its first
      // callback: pauses that ended well before that callback were in that flush or an earlier one
      deliveredUpToNanos = lastFlushNanos - FLUSH_CALLBACK_MARGIN_NANOS;
      lastFlushNanos = now;
    }
  }

  @Override
  Pause poll() {
    return pauses.poll();
  }

  @Override
  long deliveredUpToNanos() {
    return deliveredUpToNanos;
  }

  @Override
  public void close() {
    stream.close();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
