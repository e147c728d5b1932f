package io.crosscheck.jmh;

import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.CaptureStats;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireListener;
import io.crosscheck.wire.WireReconstructor;
import io.crosscheck.wire.WireStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Offline throughput of the {@code capture → wire} spine on one capture file, as a plain timed
 * loop rather than JMH (the unit of work is a whole file of a million packets or more, read from
 * the page cache): packets per second for
 * <ul>
 *   <li>{@code read}: {@link CaptureReader} with a handler that only sums captured lengths;</li>
 *   <li>{@code reconstruct}: {@link CaptureReader} into a {@link WireReconstructor} whose listener
 *       only counts, then {@code finish}.</li>
 * </ul>
 * Each is run {@code WARMUPS} times unmeasured and {@code RUNS} times measured; the median and the
 * range are printed, one line per mode, as {@code mode packets medianPacketsPerSecond min max
 * medianSeconds}, plus what the reconstruction saw. Wall clock durations from {@link
 * System#nanoTime()}.
 *
 * <p>Run: {@code java -cp jmh/target/benchmarks.jar io.crosscheck.jmh.OfflineThroughput FILE
 * [RUNS] [WARMUPS]} (defaults 3 and 1). Used by {@code bench/offline-throughput.sh}.
 */
public final class OfflineThroughput {
  private OfflineThroughput() {}

  /** Counts what the reconstructor hands over, so nothing is optimised away. */
  private static final class CountingListener implements WireListener {
    long exchanges;
    long events;

    @Override
    public void exchange(WireExchange exchange) {
      exchanges++;
    }

    @Override
    public void connectionEvent(ConnectionEvent event) {
      events++;
    }
  }

  private interface Pass {
    long run(Path file) throws IOException;
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: OfflineThroughput FILE [RUNS] [WARMUPS]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int warmups = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    System.out.printf(Locale.ROOT, "# %s: %,d bytes; %d warm-up and %d measured passes each%n", file,
        Files.size(file), warmups, runs);
    measure("read", file, runs, warmups, OfflineThroughput::readOnly);
    measure("reconstruct", file, runs, warmups, OfflineThroughput::reconstruct);
  }

  private static long readOnly(Path file) throws IOException {
    long[] sum = {0};
    CaptureStats stats = CaptureReader.read(file, (ts, link, data, offset, captured, original) ->
        sum[0] += captured + (data[offset] & 1));
    if (sum[0] == 42) {
      System.out.print("");
    }
    return stats.packets();
  }

  private static WireStats lastWire;
  private static CountingListener lastListener;

  private static long reconstruct(Path file) throws IOException {
    CountingListener listener = new CountingListener();
    WireReconstructor reconstructor = new WireReconstructor(listener);
    long[] lastEpochNanos = {Long.MIN_VALUE};
    CaptureStats stats = CaptureReader.read(file, (ts, link, data, offset, captured, original) -> {
      lastEpochNanos[0] = Math.max(lastEpochNanos[0], ts);
      reconstructor.packet(ts, link, data, offset, captured, original);
    });
    lastWire = reconstructor.finish(lastEpochNanos[0]);
    lastListener = listener;
    return stats.packets();
  }

  private static void measure(String mode, Path file, int runs, int warmups, Pass pass) throws IOException {
    for (int i = 0; i < warmups; i++) {
      pass.run(file);
    }
    double[] rates = new double[runs];
    double[] seconds = new double[runs];
    long packets = 0;
    for (int i = 0; i < runs; i++) {
      long startNanos = System.nanoTime();
      packets = pass.run(file);
      seconds[i] = (System.nanoTime() - startNanos) / 1e9;
      rates[i] = packets / seconds[i];
    }
    double[] sortedRates = rates.clone();
    Arrays.sort(sortedRates);
    double[] sortedSeconds = seconds.clone();
    Arrays.sort(sortedSeconds);
    System.out.printf(Locale.ROOT, "%s %d %.0f %.0f %.0f %.3f%n", mode, packets, sortedRates[runs / 2],
        sortedRates[0], sortedRates[runs - 1], sortedSeconds[runs / 2]);
    StringBuilder each = new StringBuilder();
    for (double rate : rates) {
      each.append(String.format(Locale.ROOT, " %.2f", rate / 1e6));
    }
    System.out.printf(Locale.ROOT, "# %s passes in order, M packets/s:%s%n", mode, each);
    if (lastWire != null && mode.equals("reconstruct")) {
      System.out.printf(Locale.ROOT, "# reconstruct saw: %d connections, %d exchanges (%d reported), "
          + "%d truncated segments, %d malformed, %d internal errors%n", lastWire.connections(),
          lastWire.exchanges(), lastListener.exchanges, lastWire.truncatedSegments(),
          lastWire.malformedPackets(), lastWire.internalErrors());
    }
  }
}
