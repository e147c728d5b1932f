package io.crosscheck.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class LinkLayerTest {
  private static final byte[] IP = Frames.ipv4Tcp(1, 2, 0x02, 0);

  private static byte[] prefixed(byte[] header, byte[] ip) {
    return ByteBuffer.allocate(header.length + ip.length).put(header).put(ip).array();
  }

  @Test
  void ethernetWithAndWithoutVlanTags() {
    byte[] frame = prefixed(new byte[3], Frames.ethernet(0x0800, IP, 100, 200));
    assertEquals(3 + 22, LinkLayer.ipOffset(LinkTypes.ETHERNET, frame, 3, frame.length - 3));
    byte[] plain = Frames.ethernet(0x0800, IP);
    assertEquals(14, LinkLayer.ipOffset(LinkTypes.ETHERNET, plain, 0, plain.length));
    assertEquals(-1, LinkLayer.ipOffset(LinkTypes.ETHERNET, plain, 0, 14));
    byte[] arp = Frames.ethernet(0x0806, new byte[28]);
    assertEquals(-1, LinkLayer.ipOffset(LinkTypes.ETHERNET, arp, 0, arp.length));
    byte[] v6 = Frames.ethernet(0x86dd, new byte[] {0x60, 0, 0, 0});
    assertEquals(14, LinkLayer.ipOffset(LinkTypes.ETHERNET, v6, 0, v6.length));
  }

  @Test
  void nullFamilyInEitherByteOrderAndLoopInNetworkOrder() {
    byte[] littleEndian = prefixed(new byte[] {2, 0, 0, 0}, IP);
    byte[] bigEndian = prefixed(new byte[] {0, 0, 0, 2}, IP);
    byte[] v6 = prefixed(new byte[] {30, 0, 0, 0, 0x60}, new byte[0]);
    assertEquals(4, LinkLayer.ipOffset(LinkTypes.NULL, littleEndian, 0, littleEndian.length));
    assertEquals(4, LinkLayer.ipOffset(LinkTypes.NULL, bigEndian, 0, bigEndian.length));
    assertEquals(4, LinkLayer.ipOffset(LinkTypes.NULL, v6, 0, v6.length));
    assertEquals(4, LinkLayer.ipOffset(LinkTypes.LOOP, bigEndian, 0, bigEndian.length));
    assertEquals(-1, LinkLayer.ipOffset(LinkTypes.LOOP, littleEndian, 0, littleEndian.length));
    byte[] appletalk = prefixed(new byte[] {0, 0, 0, 16}, IP);
    assertEquals(-1, LinkLayer.ipOffset(LinkTypes.LOOP, appletalk, 0, appletalk.length));
  }

  @Test
  void cookedAndRawHeaders() {
    byte[] sll = prefixed(ByteBuffer.allocate(16).putShort(14, (short) 0x0800).array(), IP);
    assertEquals(16, LinkLayer.ipOffset(LinkTypes.LINUX_SLL, sll, 0, sll.length));
    byte[] sll2 = prefixed(ByteBuffer.allocate(20).putShort(0, (short) 0x0800).array(), IP);
    assertEquals(20, LinkLayer.ipOffset(LinkTypes.LINUX_SLL2, sll2, 0, sll2.length));
    assertEquals(0, LinkLayer.ipOffset(LinkTypes.RAW, IP, 0, IP.length));
    assertEquals(0, LinkLayer.ipOffset(LinkTypes.IPV4, IP, 0, IP.length));
    assertEquals(-1, LinkLayer.ipOffset(LinkTypes.IPV6, IP, 0, IP.length));
    assertEquals(-1, LinkLayer.ipOffset(LinkTypes.RAW, IP, 0, 0));
    assertEquals(-1, LinkLayer.ipOffset(147, IP, 0, IP.length));
  }
}
