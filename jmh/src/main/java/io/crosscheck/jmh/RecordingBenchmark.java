package io.crosscheck.jmh;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Phases;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RecordingSink;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.record.Summary;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The harness's own per-request recording cost (STYLE.md: timing goals are benchmarks).
 *
 * <ul>
 *   <li>{@link #recordFormatAndHistogram}: what the recorder does for one request on one thread:
 *       create the {@link RequestRecord} (from prebuilt URL and connection strings, which an engine
 *       has anyway), format its requests.csv row and append it to a buffered writer on {@code
 *       /dev/null}, record its latency in a histogram. ns/op.
 *   <li>{@link #sinkEndToEnd}: {@link RecordingSink#accept} from one producer thread with the
 *       writer thread writing a real requests.csv, latency.hlog and summary in a temporary run
 *       directory. The producer is held back when more than {@value #MAX_BACKLOG} records wait, so
 *       the figure is the sustained end-to-end rate, not the rate of filling an unbounded queue.
 *       ops/s.
 * </ul>
 *
 * Run: {@code java -jar jmh/target/benchmarks.jar RecordingBenchmark -f 1 -wi 2 -w 2s -i 3 -r 2s}.
 */
public class RecordingBenchmark {
  static final long MAX_BACKLOG = 65_536;
  private static final long BASE_NANOS = 1_000_000_000_000L;
  // the engine builds these strings anyway; the benchmark measures recording, not concatenation
  private static final String[] URLS = new String[1_024];
  private static final String[] CONNECTIONS = new String[1_024];

  static {
    for (int i = 0; i < URLS.length; i++) {
      URLS[i] = (i & 1) == 0 ? "/static/2k" : "/PHP/ViewItem.php?itemId=" + (i * 31 % 33_000);
      CONNECTIONS[i] = "127.0.0.1:" + (32_768 + i * 17);
    }
  }

  /** A realistic record number {@code i}: every field varies, a few per cent fail. */
  static RequestRecord record(long i) {
    long send = BASE_NANOS + i * 1_337;
    long latency = 150_000 + (i * 7_919) % 2_000_000;
    boolean failed = i % 50 == 0;
    return new RequestRecord(
        i / 8, (int) (i % 1_000), (int) (i % 8), "GET",
        URLS[(int) (i & 1_023)], CONNECTIONS[(int) ((i >>> 3) & 1_023)], send - 400_000, (i % 8) != 0,
        send - 3_000, send,
        failed ? -1 : send + latency / 2, failed ? -1 : send + latency,
        failed ? 0 : 200, 142, failed ? 0 : 2_330,
        failed ? Outcome.TIMEOUT : Outcome.OK, Phase.MEASURE, failed ? "timeout" : "");
  }

  /** One thread's buffered writer on /dev/null, row builder and histogram. */
  @State(Scope.Thread)
  public static class RowState {
    Writer out;
    final StringBuilder row = new StringBuilder(256);
    char[] chars = new char[256];
    final Histogram histogram = new Histogram(3);
    long i;

    @Setup(Level.Trial)
    public void open() throws IOException {
      out = new BufferedWriter(
          new OutputStreamWriter(new FileOutputStream("/dev/null"), StandardCharsets.UTF_8),
          64 * 1024);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      out.close();
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public long recordFormatAndHistogram(RowState s) throws IOException {
    RequestRecord r = record(s.i++);
    StringBuilder row = s.row;
    row.setLength(0);
    RequestCsv.appendRow(row, r);
    int len = row.length();
    if (s.chars.length < len) {
      s.chars = new char[len];
    }
    row.getChars(0, len, s.chars, 0); // as RecordingSink does: no String copy per row
    s.out.write(s.chars, 0, len);
    long latency = r.latencyNanos();
    if (latency >= 0) {
      s.histogram.recordValue((latency + 500) / 1_000);
    }
    return row.length();
  }

  /** A fresh run directory and sink per iteration (so files stay small), deleted afterwards. */
  @State(Scope.Benchmark)
  public static class SinkState {
    Path base;
    RecordingSink sink;
    Summary last;

    @Setup(Level.Iteration)
    public void open() throws IOException {
      base = Files.createTempDirectory("crosscheck-jmh");
      RunDirectory dir = RunDirectory.create(base, "bench");
      sink = new RecordingSink(dir.path(), new Phases(0, 3_600_000_000_000L, 0));
    }

    @TearDown(Level.Iteration)
    public void close() throws IOException {
      last = sink.close();
      try (Stream<Path> files = Files.walk(base)) {
        for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** The producer's own counter. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Producer {
    long i;
    /** Times the producer waited for the writer: how often the writer was the bottleneck. */
    public long backpressureWaits;
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public void sinkEndToEnd(SinkState s, Producer p) {
    long i = p.i++;
    s.sink.accept(record(i));
    if ((i & 1_023) == 0) {
      RecordingSink sink = s.sink;
      if (sink.recordsAccepted() - sink.recordsWritten() > MAX_BACKLOG) {
        p.backpressureWaits++;
        while (sink.recordsAccepted() - sink.recordsWritten() > MAX_BACKLOG / 4) {
          Thread.onSpinWait();
        }
      }
    }
  }
}
