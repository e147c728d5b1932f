package io.crosscheck.jmh;

import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.CaptureStats;
import io.crosscheck.capture.LinkLayer;
import io.crosscheck.capture.LinkTypes;
import io.crosscheck.capture.PacketHandler;
import io.crosscheck.capture.PcapWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * How fast {@link CaptureReader} streams a pcap (STYLE.md: timing goals are benchmarks). The file
 * holds {@value #PACKETS} Ethernet/IPv4/TCP frames of 66–600 bytes (seeded), written once with
 * {@link io.crosscheck.capture.PcapWriter}; it stays in the page cache, so the figure is the
 * reader's CPU cost. Scores are packets per second (one op = one packet). Goal: ≥ 1.5 M packets/s;
 * {@code tcpdump -r F -w /dev/null} reads 1.2–1.3 M/s on the reference machine.
 *
 * <ul>
 *   <li>{@link #readOnly}: the handler only sums captured lengths.</li>
 *   <li>{@link #readAndFindIp}: the handler also calls {@link LinkLayer#ipOffset}.</li>
 * </ul>
 *
 * Run: {@code java -jar jmh/target/benchmarks.jar CaptureReadBenchmark -f 1 -wi 1 -i 3}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CaptureReadBenchmark {
  static final int PACKETS = 1_000_000;

  private Path file;

  @Setup
  public void writeCapture() throws IOException {
    file = Files.createTempFile("crosscheck-bench-", ".pcap");
    Random random = new Random(42);
    byte[] frame = new byte[600];
    frame[12] = 0x08; // ethertype IPv4
    frame[14] = 0x45;
    long timestampEpochNanos = 1_700_000_000_000_000_000L;
    try (PcapWriter writer = new PcapWriter(file, LinkTypes.ETHERNET, 65_535)) {
      for (int i = 0; i < PACKETS; i++) {
        int length = 66 + random.nextInt(600 - 66 + 1);
        timestampEpochNanos += 1 + random.nextInt(20_000);
        writer.write(timestampEpochNanos, frame, 0, length, length);
      }
    }
  }

  @TearDown
  public void deleteCapture() throws IOException {
    Files.deleteIfExists(file);
  }

  /** Sums what it is given, so the reader's work cannot be optimised away. */
  static final class LengthSum implements PacketHandler {
    long bytes;
    long ipHeaders;
    final boolean findIp;

    LengthSum(boolean findIp) {
      this.findIp = findIp;
    }

    @Override
    public void packet(long timestampEpochNanos, int linkType, byte[] data, int offset,
        int capturedLength, int originalLength) {
      bytes += capturedLength;
      if (findIp) {
        ipHeaders += LinkLayer.ipOffset(linkType, data, offset, capturedLength);
      }
    }
  }

  @Benchmark
  @OperationsPerInvocation(PACKETS)
  public long readOnly() throws IOException {
    LengthSum sum = new LengthSum(false);
    CaptureStats stats = CaptureReader.read(file, sum);
    return sum.bytes + stats.packets();
  }

  @Benchmark
  @OperationsPerInvocation(PACKETS)
  public long readAndFindIp() throws IOException {
    LengthSum sum = new LengthSum(true);
    CaptureStats stats = CaptureReader.read(file, sum);
    return sum.bytes + sum.ipHeaders + stats.packets();
  }
}
