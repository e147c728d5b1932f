package io.crosscheck.record;

import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a run's latency.hlog: an HdrHistogram interval log ({@link HistogramLogWriter}), one
 * interval per {@value LatencyHistograms#HLOG_INTERVAL_MILLIS} ms of the writer's wall clock
 * (timestamps in seconds from the logged StartTime), values in <em>microseconds</em> (the
 * Interval_Max column in milliseconds), two tags per interval ({@value
 * LatencyHistograms#TAG_SERVICE}, {@value LatencyHistograms#TAG_RESPONSE}); which records and
 * values it holds is {@link LatencyHistograms}'s rule. Flushed once per interval. Written with
 * {@link FileOutputStream}, which a thread interrupt does not close.
 *
 * <p>Not thread-safe: one writer (the {@link RecordingSink}'s writer thread, then its close).
 */
final class LatencyHlogWriter {
  // the Interval_Max column of latency.hlog is in milliseconds, as in other HdrHistogram logs
  private static final double MICROS_PER_MILLI = 1_000.0;

  private final Path path;
  private final PrintStream stream;
  // what the PrintStream swallows: the first IOException of latency.hlog's writes (e.g. ENOSPC)
  private final FirstFailure out;
  private final HistogramLogWriter hlog;
  private final Histogram serviceMicros = new Histogram(3);
  private final Histogram responseMicros = new Histogram(3);
  private long intervalStartEpochMillis;

  /** Creates (or truncates) {@code path} and writes the log's header, starting the first interval now. */
  LatencyHlogWriter(Path path) throws IOException {
    this.path = path;
    this.out = new FirstFailure(new FileOutputStream(path.toFile()));
    this.stream = new PrintStream(out, false, StandardCharsets.UTF_8);
    this.hlog = new HistogramLogWriter(stream);
    intervalStartEpochMillis = System.currentTimeMillis();
    hlog.outputComment("crosscheck latency log: values in microseconds; tags: "
        + LatencyHistograms.TAG_SERVICE + " = send start to last byte, "
        + LatencyHistograms.TAG_RESPONSE + " = intended start to last byte; complete replies (ok, http-error)");
    hlog.outputLogFormatVersion();
    hlog.outputStartTime(intervalStartEpochMillis);
    hlog.setBaseTime(intervalStartEpochMillis);
    hlog.outputLegend();
    stream.flush();
    serviceMicros.setTag(LatencyHistograms.TAG_SERVICE);
    responseMicros.setTag(LatencyHistograms.TAG_RESPONSE);
  }

  /** Adds {@code r}'s latencies to the current interval (when latency.hlog holds them). */
  void record(RequestRecord r) {
    LatencyHistograms.recordLatencies(r, serviceMicros, responseMicros);
  }

  /**
   * Writes the current interval when it is due (or {@code force}), and starts the next.
   *
   * @throws IOException when the log could not be written (the message names the file)
   */
  void endIntervalIfDue(long nowEpochMillis, boolean force) throws IOException {
    if (!force && nowEpochMillis - intervalStartEpochMillis < LatencyHistograms.HLOG_INTERVAL_MILLIS) {
      return;
    }
    long end = Math.max(nowEpochMillis, intervalStartEpochMillis);
    for (Histogram h : new Histogram[] {serviceMicros, responseMicros}) {
      // reset() clears the tag (HdrHistogram 2.2): without this only the first interval was tagged
      h.setTag(h == serviceMicros ? LatencyHistograms.TAG_SERVICE : LatencyHistograms.TAG_RESPONSE);
      h.setStartTimeStamp(intervalStartEpochMillis);
      h.setEndTimeStamp(end);
      hlog.outputIntervalHistogram(
          (intervalStartEpochMillis - hlog.getBaseTime()) / 1_000.0,
          (end - hlog.getBaseTime()) / 1_000.0,
          h,
          MICROS_PER_MILLI);
      h.reset();
    }
    intervalStartEpochMillis = end;
    stream.flush();
    if (stream.checkError()) {
      IOException cause = out.first;
      throw cause == null ? new IOException("cannot write " + path)
          : new IOException("cannot write " + path + ": " + cause.getMessage(), cause);
    }
  }

  /** Writes the last interval and closes the file. */
  void close() throws IOException {
    try {
      endIntervalIfDue(System.currentTimeMillis(), true);
    } finally {
      hlog.close();
    }
  }

  /** An output stream that remembers the first IOException its writes threw (PrintStream hides it). */
  private static final class FirstFailure extends FilterOutputStream {
    volatile IOException first;

    FirstFailure(OutputStream out) {
      super(out);
    }

    private IOException remember(IOException e) {
      if (first == null) {
        first = e;
      }
      return e;
    }

    @Override
    public void write(int b) throws IOException {
      try {
        out.write(b);
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        throw remember(e);
      }
    }
  }
}
