package io.crosscheck.record;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Calibrates the monotonic→epoch clock offset repeatedly during a run (DESIGN.md §2: the one place
 * monotonic and wall-clock instants meet) and appends each calibration to {@code clock.csv}, so
 * that the comparator can map engine instants to capture instants with the offset of their own
 * moment, not only the start's.
 *
 * <p>{@code clock.csv}: a header line, then one row per calibration:
 * <ul>
 *   <li>{@code measuredAtNanos}: monotonic instant of the calibration ({@code System.nanoTime});
 *   <li>{@code offsetNanos}: epoch nanos = monotonic nanos + offset;
 *   <li>{@code uncertaintyNanos}: half the tightest bracket plus the wall clock's resolution.
 * </ul>
 * Each row is flushed as it is written. One daemon thread; {@link #close()} writes a last row.
 */
public final class ClockSampler implements AutoCloseable {
  /** The file's header line. */
  public static final String HEADER = "measuredAtNanos,offsetNanos,uncertaintyNanos";
  /** Samples per calibration: fewer than at the start and end, so each costs well under 1 ms. */
  private static final int SAMPLES = 50;

  private final BufferedWriter out;
  private final Thread thread;
  private final long periodNanos;
  private volatile boolean running = true;

  private ClockSampler(Path file, long periodNanos) throws IOException {
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    this.periodNanos = periodNanos;
    out.write(HEADER);
    out.newLine();
    this.thread = new Thread(this::loop, "crosscheck-clock");
    thread.setDaemon(true);
  }

  /** Starts calibrating every {@code period} and writing to {@code file}. */
  public static ClockSampler start(Path file, long period, TimeUnit unit) throws IOException {
    ClockSampler s = new ClockSampler(file, unit.toNanos(period));
    s.sample();
    s.thread.start();
    return s;
  }

  private void loop() {
    while (running) {
      try {
        TimeUnit.NANOSECONDS.sleep(periodNanos);
      } catch (InterruptedException e) {
        return;
      }
      if (running) {
        sample();
      }
    }
  }

  private synchronized void sample() {
    ClockOffset c = ClockCalibration.calibrate(SAMPLES);
    try {
      out.write(c.measuredAtNanos() + "," + c.offsetNanos() + "," + c.uncertaintyNanos());
      out.newLine();
      out.flush();
    } catch (IOException e) {
      running = false; // the disk is gone: the start and end offsets in run.json remain
    }
  }

  /** Stops the thread, writes a last calibration and closes the file. */
  @Override
  public void close() throws IOException {
    running = false;
    thread.interrupt();
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      sample();
      out.close();
    }
  }
}
