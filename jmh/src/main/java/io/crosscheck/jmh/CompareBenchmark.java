package io.crosscheck.jmh;

import io.crosscheck.audit.CompareJob;
import io.crosscheck.rundir.Findings;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seconds per offline {@link CompareJob#compare} of a whole run directory with its capture,
 * without the JVM start that {@code crosscheck compare} pays: reading {@code requests.csv},
 * reconstruction, matching, findings, and writing the wire CSVs and {@code findings.json} into the
 * run directory (rewritten identically each time). The input is the one {@code
 * bench/offline-throughput.sh} leaves in {@code benchDir} (a ~1.1 M-packet capture and its
 * 400,000-record run); run that script first.
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar CompareBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class CompareBenchmark {
  @Param("/tmp/crosscheck-bench")
  public String benchDir;

  private Path runDir;
  private Path capture;

  @Setup
  public void locate() throws IOException {
    Path dir = Path.of(benchDir);
    Path runDirFile = dir.resolve("run-dir");
    capture = dir.resolve("capture.pcap");
    if (!Files.exists(runDirFile) || !Files.exists(capture)) {
      throw new IllegalStateException(dir + ": no capture and run directory; run bench/offline-throughput.sh first");
    }
    runDir = Path.of(Files.readString(runDirFile).trim());
  }

  @Benchmark
  public CompareJob.Result compare() throws IOException {
    return CompareJob.compare(runDir, capture, null, Findings.Coverage.DEFAULT_MIN_MATCHED_PERCENT,
        new PrintStream(OutputStream.nullOutputStream()));
  }
}
