package io.crosscheck.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.capture.Frames.Collector;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class CaptureReaderTest {
  private static final long T0 = 1_700_000_000_123_456_789L;

  static CaptureStats read(byte[] file, Collector collector) throws IOException {
    return CaptureReader.read(new ByteArrayInputStream(file), "test.pcap", collector);
  }

  @ParameterizedTest
  @CsvSource({"BIG_ENDIAN,false,pcap-us", "BIG_ENDIAN,true,pcap-ns",
      "LITTLE_ENDIAN,false,pcap-us", "LITTLE_ENDIAN,true,pcap-ns"})
  void readsPcapInBothByteOrdersAndResolutions(String orderName, boolean nanos, String format)
      throws IOException {
    ByteOrder order = orderName.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN
        : ByteOrder.LITTLE_ENDIAN;
    byte[] first = Frames.ethernet(0x0800, Frames.ipv4Tcp(40000, 8080, 0x02, 0));
    byte[] second = Frames.ethernet(0x0800, Frames.ipv4Tcp(8080, 40000, 0x12, 100));
    byte[] file = Frames.pcap(order, nanos, LinkTypes.ETHERNET, 65535,
        new long[] {T0, T0 + 1_000_001_001L}, first, second);
    Collector c = new Collector();
    CaptureStats stats = read(file, c);
    assertEquals(new CaptureStats(2, first.length + second.length, format, 0, 0, 1, List.of()),
        stats);
    long resolution = nanos ? 1 : 1000;
    assertEquals(T0 / resolution * resolution, c.packets.get(0).timestampEpochNanos());
    assertEquals((T0 + 1_000_001_001L) / resolution * resolution,
        c.packets.get(1).timestampEpochNanos());
    assertArrayEquals(second, c.packets.get(1).data());
    assertEquals(LinkTypes.ETHERNET, c.packets.get(1).linkType());
  }

  @Test
  void readsPcapngWithTwoInterfacesSimplePacketUnknownBlockAndSecondSection() throws IOException {
    byte[] ethernetFrame = Frames.ethernet(0x0800, Frames.ipv4Tcp(1, 2, 0x02, 3));
    byte[] rawFrame = Frames.ipv4Tcp(3, 4, 0x10, 10);
    long micros = 1_700_000_000_123_456L;
    byte[] file = new Frames.Pcapng(ByteOrder.LITTLE_ENDIAN)
        .interfaceDescription(LinkTypes.ETHERNET, 0, 6, 0)
        .interfaceDescription(LinkTypes.RAW, 0, 9, 0)
        .enhancedPacket(0, micros, ethernetFrame, 1000)
        .enhancedPacket(1, T0, rawFrame, rawFrame.length)
        .simplePacket(ethernetFrame)
        .block(0x0BAD, ByteBuffer.allocate(8).putLong(42))
        .sectionHeader()
        .interfaceDescription(LinkTypes.RAW, 0, 0x80 | 10, 100) // 2^-10 s, +100 s
        .enhancedPacket(0, 1_700_000_000L * 1024 + 512, rawFrame, rawFrame.length)
        .bytes();
    Collector c = new Collector();
    CaptureStats stats = read(file, c);
    assertEquals(4, stats.packets());
    assertEquals("pcapng", stats.format());
    assertEquals(1, stats.skippedBlocks());
    assertEquals(3, stats.interfaces());
    assertEquals(1, stats.truncatedPackets());
    assertEquals(List.of(micros * 1000, T0, T0, 1_700_000_100_500_000_000L),
        c.packets.stream().map(Frames.Packet::timestampEpochNanos).toList());
    assertEquals(List.of(LinkTypes.ETHERNET, LinkTypes.RAW, LinkTypes.ETHERNET, LinkTypes.RAW),
        c.packets.stream().map(Frames.Packet::linkType).toList());
    assertArrayEquals(ethernetFrame, c.packets.get(2).data());
    assertEquals(1, stats.warnings().size(), stats.warnings().toString());
    assertTrue(stats.warnings().get(0).contains("1 simple packet blocks carry no timestamp"));
  }

  @Test
  void readsBigEndianPcapng() throws IOException {
    byte[] frame = Frames.ipv4Tcp(1, 2, 0x02, 0);
    byte[] file = new Frames.Pcapng(ByteOrder.BIG_ENDIAN)
        .interfaceDescription(LinkTypes.IPV4, 0, -1, 0)
        .enhancedPacket(0, 1_700_000_000_000_001L, frame, frame.length).bytes();
    Collector c = new Collector();
    read(file, c);
    assertEquals(1_700_000_000_000_001_000L, c.packets.get(0).timestampEpochNanos());
    assertArrayEquals(frame, c.packets.get(0).data());
  }

  @Test
  void truncatedPcapDeliversCompletePacketsAndWarnsWithOffset() throws IOException {
    byte[] frame = Frames.ethernet(0x0800, Frames.ipv4Tcp(1, 2, 0x02, 1460));
    byte[] whole = Frames.pcap(ByteOrder.LITTLE_ENDIAN, true, LinkTypes.ETHERNET, 65535,
        new long[] {T0, T0, T0}, frame, frame, frame);
    byte[] cut = Arrays.copyOf(whole, whole.length - 1000);
    Collector c = new Collector();
    CaptureStats stats = read(cut, c);
    assertEquals(2, stats.packets());
    long thirdOffset = 24 + 2L * (16 + frame.length);
    assertEquals(List.of(String.format("test.pcap: truncated at byte %,d: packet record 3 needs "
        + "%,d bytes, %,d present", thirdOffset, 16 + frame.length, 16 + frame.length - 1000)),
        stats.warnings());
  }

  @Test
  void garbageNamesTheMagic() {
    byte[] html = "<html><body>not a capture</body></html>".getBytes();
    CaptureFormatException e = assertThrows(CaptureFormatException.class,
        () -> read(html, new Collector()));
    assertEquals("test.pcap: not a capture file: it starts with 3c68746d (\"<htm\"), expected a "
        + "pcap magic (a1b2c3d4 or a1b23c4d, either byte order) or a pcapng section header "
        + "(0a0d0d0a)", e.getMessage());
    assertThrows(CaptureFormatException.class, () -> read(new byte[2], new Collector()));
  }

  @Test
  void pcapngBlockLengthNotMultipleOfFourNamesOffset() {
    byte[] file = new Frames.Pcapng(ByteOrder.LITTLE_ENDIAN)
        .interfaceDescription(LinkTypes.ETHERNET, 0, 6, 0)
        .enhancedPacket(0, 1, new byte[60], 60).bytes();
    int epbOffset = 28 + 32;
    ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(epbOffset + 4, 94);
    CaptureFormatException e = assertThrows(CaptureFormatException.class,
        () -> read(file, new Collector()));
    assertEquals("test.pcap: byte 60: block type 0x00000006 has total length 94, expected a "
        + "multiple of 4 between 12 and 268,435,456", e.getMessage());
  }

  @Test
  void pcapngTrailingLengthMismatchNamesOffset() {
    byte[] file = new Frames.Pcapng(ByteOrder.LITTLE_ENDIAN)
        .interfaceDescription(LinkTypes.ETHERNET, 0, 6, 0).bytes();
    ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(file.length - 4, 36);
    CaptureFormatException e = assertThrows(CaptureFormatException.class,
        () -> read(file, new Collector()));
    assertTrue(e.getMessage().startsWith("test.pcap: byte 28: block type 0x00000001 has total "
        + "length 32 at its start but 36 at its end"), e.getMessage());
  }

  @Test
  void twoGigabyteLengthFieldThrowsWithoutAllocating() {
    byte[] frame = new byte[60];
    byte[] file = Frames.pcap(ByteOrder.LITTLE_ENDIAN, false, LinkTypes.ETHERNET, 65535,
        new long[] {T0}, frame);
    ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + 8, 0x8000_0000);
    CaptureFormatException e = assertThrows(CaptureFormatException.class,
        () -> read(file, new Collector()));
    assertEquals("test.pcap: byte 24: packet record 1 claims 2,147,483,648 captured bytes, more "
        + "than the limit of 262,144 (file snap length 65,535)", e.getMessage());
    byte[] ng = new Frames.Pcapng(ByteOrder.BIG_ENDIAN).bytes();
    byte[] huge = Arrays.copyOf(ng, ng.length + 12);
    ByteBuffer.wrap(huge).putInt(ng.length, 6).putInt(ng.length + 4, 0x7fff_fff0);
    assertThrows(CaptureFormatException.class, () -> read(huge, new Collector()));
  }

  @Test
  void packetOnUndescribedInterfaceIsAnError() {
    byte[] file = new Frames.Pcapng(ByteOrder.LITTLE_ENDIAN)
        .enhancedPacket(2, 1, new byte[20], 20).bytes();
    CaptureFormatException e = assertThrows(CaptureFormatException.class,
        () -> read(file, new Collector()));
    assertEquals("test.pcap: byte 28: enhanced packet block names interface 2, but its section "
        + "describes 0 interface(s)", e.getMessage());
  }

  @Test
  void pcapngWhoseOnlyInterfaceIsOfALinkTypeNotDecodedIsRefusedLikePcap() throws IOException {
    byte[] frame = new byte[60];
    byte[] ng = new Frames.Pcapng(ByteOrder.LITTLE_ENDIAN)
        .interfaceDescription(147, 0, 6, 0)
        .enhancedPacket(0, 1_700_000_000_000_000L, frame, frame.length)
        .enhancedPacket(0, 1_700_000_000_000_001L, frame, frame.length).bytes();
    CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> read(ng, new Collector()));
    // byte 36: the interface description's link-type field (a 28-byte section header, then 8 bytes)
    assertEquals("test.pcap: byte 36: " + LinkTypes.notDecoded(147), e.getMessage());
    byte[] pcap = Frames.pcap(ByteOrder.LITTLE_ENDIAN, false, 147, 65535, new long[] {T0}, frame);
    CaptureFormatException p = assertThrows(CaptureFormatException.class, () -> read(pcap, new Collector()));
    assertEquals("test.pcap: byte 20: " + LinkTypes.notDecoded(147), p.getMessage());
    assertEquals(e.getMessage().substring(e.getMessage().indexOf("link type")),
        p.getMessage().substring(p.getMessage().indexOf("link type")));
  }

  @Test
  void pcapngInterfaceNotDecodedBesideADecodedOneIsSkippedWithAWarning() throws IOException {
    byte[] frame = Frames.ethernet(0x0800, Frames.ipv4Tcp(1, 2, 0x02, 0));
    byte[] file = new Frames.Pcapng(ByteOrder.LITTLE_ENDIAN)
        .interfaceDescription(147, 0, 6, 0)
        .interfaceDescription(LinkTypes.ETHERNET, 0, 6, 0)
        .enhancedPacket(0, 1_700_000_000_000_000L, new byte[60], 60)
        .enhancedPacket(1, 1_700_000_000_000_001L, frame, frame.length).bytes();
    Collector c = new Collector();
    CaptureStats stats = read(file, c);
    assertEquals(2, stats.packets());
    assertEquals(1, stats.warnings().size(), stats.warnings().toString());
    assertTrue(stats.warnings().get(0).contains("interface 0 has link type 147, which crosscheck does not decode"),
        stats.warnings().get(0));
  }
}
