package io.crosscheck.jmh;

import io.crosscheck.capture.LinkTypes;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireListener;
import io.crosscheck.wire.WireReconstructor;
import io.crosscheck.wire.WireStats;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Packets per second through {@link WireReconstructor} (the goal: at least 1.5 M/s on one core)
 * for typical keep-alive HTTP traffic held in memory: {@value #CONCURRENT} connections interleaved
 * round-robin, each a captured handshake, {@value #EXCHANGES_PER_CONNECTION} GET exchanges (request
 * segment, a 2,000-byte response in two segments, client ACK) and a FIN/FIN close, as Ethernet/IPv4
 * frames cut at a 512-byte snap length like live captures. The listener does nothing. Score: ops/s
 * = packets/s.
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar ReconstructBenchmark -f 1 -wi 1 -i 3}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReconstructBenchmark {
  static final int FRAMES = 1_000_000;
  static final int CONCURRENT = 64;
  static final int EXCHANGES_PER_CONNECTION = 20;
  static final int SNAP_LENGTH_BYTES = 512;
  private static final int FIN = 0x01, SYN = 0x02, PSH = 0x08, ACK = 0x10;

  private byte[] buffer;
  private int[] offsets;
  private int[] capturedLengths;
  private int[] originalLengths;
  private long[] timestampsEpochNanos;
  private int frames;
  private int used;
  private long clock = 1_700_000_000_000_000_000L;

  /** One connection's remaining script, replayed one step at a time. */
  private final class Connection {
    final int clientIp;
    final int clientPort;
    int clientSeq = 1_000;
    int serverSeq = 9_000_000;
    int step;
    final int steps = 3 + EXCHANGES_PER_CONNECTION * 4 + 4;

    Connection(int number) {
      clientIp = 0x0a000000 | (number >>> 14 & 0xff) << 8 | 1;
      clientPort = 10_000 + (number & 0x3fff);
    }

    boolean next() {
      int s = step++;
      if (s == 0) {
        frame(true, clientSeq++, 0, SYN, EMPTY);
      } else if (s == 1) {
        frame(false, serverSeq++, clientSeq, SYN | ACK, EMPTY);
      } else if (s == 2) {
        frame(true, clientSeq, serverSeq, ACK, EMPTY);
      } else if (s < 3 + EXCHANGES_PER_CONNECTION * 4) {
        switch ((s - 3) % 4) {
          case 0 -> clientSeq += frame(true, clientSeq, serverSeq, ACK | PSH, REQUEST);
          case 1 -> serverSeq += frame(false, serverSeq, clientSeq, ACK, RESPONSE_1);
          case 2 -> serverSeq += frame(false, serverSeq, clientSeq, ACK | PSH, RESPONSE_2);
          default -> frame(true, clientSeq, serverSeq, ACK, EMPTY);
        }
      } else {
        switch (s - 3 - EXCHANGES_PER_CONNECTION * 4) {
          case 0 -> frame(true, clientSeq++, serverSeq, FIN | ACK, EMPTY);
          case 1 -> frame(false, serverSeq, clientSeq, ACK, EMPTY);
          case 2 -> frame(false, serverSeq++, clientSeq, FIN | ACK, EMPTY);
          default -> frame(true, clientSeq, serverSeq, ACK, EMPTY);
        }
      }
      return step < steps;
    }

    private int frame(boolean fromClient, int seq, int ack, int flags, byte[] payload) {
      int serverIp = 0x0a0000fe;
      add(fromClient ? clientIp : serverIp, fromClient ? serverIp : clientIp,
          fromClient ? clientPort : 80, fromClient ? 80 : clientPort, seq, ack, flags, payload);
      return payload.length;
    }
  }

  private static final byte[] EMPTY = new byte[0];
  private static final byte[] REQUEST = ("GET /PHP/ViewItem.php?itemId=1234 HTTP/1.1\r\nHost: rubis\r\n"
      + "User-Agent: Java/17\r\nAccept: */*\r\nConnection: keep-alive\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] RESPONSE;
  private static final byte[] RESPONSE_1;
  private static final byte[] RESPONSE_2;

  static {
    String head = "HTTP/1.1 200 OK\r\nDate: Sun, 22 Nov 2026 22:00:00 GMT\r\nContent-Type: text/html\r\n"
        + "Content-Length: 2000\r\n\r\n";
    RESPONSE = (head + "x".repeat(2_000)).getBytes(StandardCharsets.ISO_8859_1);
    RESPONSE_1 = java.util.Arrays.copyOfRange(RESPONSE, 0, 1_448);
    RESPONSE_2 = java.util.Arrays.copyOfRange(RESPONSE, 1_448, RESPONSE.length);
  }

  @Setup
  public void build() {
    buffer = new byte[FRAMES * SNAP_LENGTH_BYTES / 2];
    offsets = new int[FRAMES];
    capturedLengths = new int[FRAMES];
    originalLengths = new int[FRAMES];
    timestampsEpochNanos = new long[FRAMES];
    Connection[] live = new Connection[CONCURRENT];
    int opened = 0;
    for (int i = 0; i < CONCURRENT; i++) {
      live[i] = new Connection(opened++);
    }
    while (frames < FRAMES) {
      for (int i = 0; i < CONCURRENT && frames < FRAMES; i++) {
        if (!live[i].next()) {
          live[i] = new Connection(opened++);
        }
      }
    }
  }

  private void add(int srcIp, int dstIp, int srcPort, int dstPort, int seq, int ack, int flags, byte[] payload) {
    int original = 14 + 20 + 20 + payload.length;
    int captured = Math.min(original, SNAP_LENGTH_BYTES);
    if (used + captured > buffer.length) {
      buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
    }
    ByteBuffer b = ByteBuffer.wrap(buffer, used, captured);
    ByteBuffer f = ByteBuffer.allocate(original);
    f.put(new byte[12]).putShort((short) 0x0800);
    f.put((byte) 0x45).put((byte) 0).putShort((short) (original - 14)).putShort((short) 0).putShort((short) 0x4000)
        .put((byte) 64).put((byte) 6).putShort((short) 0).putInt(srcIp).putInt(dstIp);
    f.putShort((short) srcPort).putShort((short) dstPort).putInt(seq).putInt(ack)
        .put((byte) 0x50).put((byte) flags).putShort((short) 65_535).putInt(0).put(payload);
    b.put(f.array(), 0, captured);
    offsets[frames] = used;
    capturedLengths[frames] = captured;
    originalLengths[frames] = original;
    clock += 5_000;
    timestampsEpochNanos[frames] = clock;
    frames++;
    used += captured;
  }

  private static final WireListener NO_OP = new WireListener() {
    @Override
    public void exchange(WireExchange exchange) {}

    @Override
    public void connectionEvent(ConnectionEvent event) {}
  };

  /** All frames through a fresh reconstructor. */
  @Benchmark
  @OperationsPerInvocation(FRAMES)
  public WireStats reconstruct() {
    WireReconstructor r = new WireReconstructor(NO_OP);
    byte[] data = buffer;
    for (int i = 0; i < frames; i++) {
      r.packet(timestampsEpochNanos[i], LinkTypes.ETHERNET, data, offsets[i], capturedLengths[i], originalLengths[i]);
    }
    WireStats stats = r.finish(clock);
    if (stats.exchanges() < FRAMES / 5 || stats.internalErrors() != 0 || stats.unparsableHttp() != 0) {
      throw new IllegalStateException("the synthetic traffic did not reconstruct: " + stats);
    }
    return stats;
  }
}
