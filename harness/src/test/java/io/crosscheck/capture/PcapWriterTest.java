package io.crosscheck.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapWriterTest {
  @TempDir Path dir;

  @Test
  void roundTripKeepsNanosecondsLengthsAndLinkType() throws IOException {
    Path file = dir.resolve("capture.pcap");
    byte[] big = Frames.ethernet(0x0800, Frames.ipv4Tcp(1, 2, 0x18, 1400));
    byte[] small = Frames.ethernet(0x0800, Frames.ipv4Tcp(2, 1, 0x10, 0));
    long t = 1_700_000_000_999_999_999L;
    try (PcapWriter writer = new PcapWriter(file, LinkTypes.ETHERNET, 512)) {
      writer.write(t, big, 0, big.length, big.length);
      writer.flush();
      writer.write(t + 1, small, 0, small.length, small.length);
      writer.write(123, small, 0, small.length, 9000);
      assertEquals(3, writer.packetsWritten());
    }
    Frames.Collector c = new Frames.Collector();
    CaptureStats stats = CaptureReader.read(file, c);
    assertEquals(new CaptureStats(3, 512 + 2L * small.length, "pcap-ns", 0, 2, 1, List.of()),
        stats);
    assertEquals(List.of(t, t + 1, 123L),
        c.packets.stream().map(Frames.Packet::timestampEpochNanos).toList());
    assertEquals(List.of(big.length, small.length, 9000),
        c.packets.stream().map(Frames.Packet::originalLength).toList());
    assertArrayEquals(java.util.Arrays.copyOf(big, 512), c.packets.get(0).data());
    assertArrayEquals(small, c.packets.get(2).data());
    assertEquals(LinkTypes.ETHERNET, c.packets.get(1).linkType());
  }
}
