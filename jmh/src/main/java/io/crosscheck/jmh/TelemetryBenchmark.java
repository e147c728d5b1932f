package io.crosscheck.jmh;

import io.crosscheck.telemetry.JvmSampler;
import io.crosscheck.telemetry.TelemetrySample;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The telemetry sampler's own cost (STYLE.md: timing goals are benchmarks): one {@link
 * JvmSampler#sample} — thread, heap and GC MXBeans, total allocated bytes, {@code /proc/self/stat}
 * and {@code /proc/stat} — in ns per sample, with {@code extraThreads} parked threads alive (the
 * allocation counter walks the thread list, so a thread-per-user generator with thousands of
 * threads pays more; so does the kernel, which sums every thread's CPU for {@code /proc/self/stat}).
 * Overhead in CPU = cost / period. Measured on the 2-core dev VM (JDK 17, noisy): ~25–35 µs per
 * sample with the JVM's own threads (0.03% of one core at 100 ms), ~35–90 µs with 1,000 threads
 * (≤ 0.1%), 0.25–1 ms with 5,000 threads (0.25–1%); the allocation counter alone is 0.1 / 6 / 35 µs. Not included: formatting and writing the CSV row (~1 µs, one write per row)
 * and the pause source (one JMX notification per collection; JFR, if selected, costs ~0.6–0.9 s of CPU to start: bench/JVM-PRESSURE.md).
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar TelemetryBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TelemetryBenchmark {
  @Param({"0", "1000", "5000"})
  public int extraThreads;

  private JvmSampler sampler;
  private final List<Thread> threads = new ArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);

  @Setup(Level.Trial)
  public void setUp() {
    sampler = JvmSampler.open();
    for (int i = 0; i < extraThreads; i++) {
      Thread t = new Thread(null, () -> {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "parked-" + i, 64 * 1024);
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws InterruptedException {
    release.countDown();
    for (Thread t : threads) {
      t.join();
    }
    sampler.close();
  }

  @Benchmark
  public TelemetrySample sample() {
    return sampler.sample(System.nanoTime());
  }

  /** The allocation counter alone (it walks the thread list). */
  @Benchmark
  public long allocatedBytesTotal() {
    return sampler.allocatedBytesTotal();
  }
}
