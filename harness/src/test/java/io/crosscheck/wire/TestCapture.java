package io.crosscheck.wire;

import io.crosscheck.capture.LinkTypes;
import io.crosscheck.capture.PacketHandler;
import io.crosscheck.capture.PcapWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small synthetic capture of HTTP exchanges for tests outside this package (the comparison, the CLI): its
 * frames with their timestamps, which a test may reorder or restamp before writing them as a pcap file.
 */
public final class TestCapture {
  /** One Ethernet frame and its capture instant (epoch nanoseconds). */
  public record Frame(long epochNanos, byte[] bytes) {}

  private TestCapture() {}

  /**
   * {@code connections} connections from 127.0.0.1 to 127.0.0.2:8080, one every millisecond, each: a
   * handshake, one GET, a 200 reply whose only segment comes {@code wireNanos} after the request's, and both
   * FINs: 9 frames per connection, in time order.
   */
  public static List<Frame> oneExchangePerConnection(int connections, long wireNanos) {
    List<Frame> frames = new ArrayList<>();
    PacketHandler collect = (ts, link, data, offset, captured, original) ->
        frames.add(new Frame(ts, Arrays.copyOfRange(data, offset, offset + captured)));
    for (int i = 0; i < connections; i++) {
      long t = i * 1_000_000L;
      TestFlow f = new TestFlow(collect, "127.0.0.1", 40_000 + i, "127.0.0.2", 8080, 1_000, 50_000)
          .handshake(t, t + 20_000, t + 40_000);
      f.client(t + 300_000, WireReconstructorTest.get("/p" + i))
          .server(t + 300_000 + wireNanos, WireReconstructorTest.ok("x")).clientAck(t + 310_000 + wireNanos);
      f.clientFin(t + 600_000).serverFin(t + 610_000).clientAck(t + 620_000);
    }
    return frames;
  }

  /** Writes {@code frames} in list order as a nanosecond pcap of Ethernet frames. */
  public static Path write(Path pcap, List<Frame> frames) throws IOException {
    try (PcapWriter w = new PcapWriter(pcap, LinkTypes.ETHERNET, 65_535)) {
      for (Frame f : frames) {
        w.write(f.epochNanos(), f.bytes(), 0, f.bytes().length, f.bytes().length);
      }
    }
    return pcap;
  }
}
