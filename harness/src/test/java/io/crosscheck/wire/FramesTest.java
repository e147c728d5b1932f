package io.crosscheck.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.capture.LinkTypes;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FramesTest {
  private final Frames frames = new Frames();
  private static final byte[] V4_SRC = TestFrames.address("192.168.1.2");
  private static final byte[] V4_DST = TestFrames.address("192.168.1.3");
  private static final byte[] V6_SRC = TestFrames.address("fe80::1");
  private static final byte[] V6_DST = TestFrames.address("fe80::2");

  private static byte[] tcp(int payloadBytes) {
    return TestFrames.tcp(1234, 80, 7, 9, TestFrames.ACK, new byte[payloadBytes]);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
  }

  private void assertTcp(int linkType, byte[] frame, int payloadBytes) {
    assertEquals(Frames.TCP, frames.decode(linkType, frame, 0, frame.length, frame.length));
    assertEquals(1234, frames.srcPort);
    assertEquals(80, frames.dstPort);
    assertEquals(7, frames.seq);
    assertEquals(9, frames.ack);
    assertEquals(payloadBytes, frames.payloadBytes);
    assertEquals(payloadBytes, frames.payloadCapturedBytes);
    assertEquals(frame.length - payloadBytes, frames.payloadOffset);
  }

  @Test
  void everyLinkType() {
    byte[] ip = TestFrames.ipv4(V4_SRC, V4_DST, tcp(5));
    byte[] sll = new byte[16];
    sll[14] = 0x08;
    assertTcp(LinkTypes.LINUX_SLL, concat(sll, ip), 5);
    byte[] sll2 = new byte[20];
    sll2[0] = 0x08;
    assertTcp(LinkTypes.LINUX_SLL2, concat(sll2, ip), 5);
    assertTcp(LinkTypes.RAW, ip, 5);
    assertTcp(LinkTypes.IPV4, ip, 5);
    assertTcp(LinkTypes.NULL, concat(new byte[] {2, 0, 0, 0}, ip), 5);
    assertTcp(LinkTypes.LOOP, concat(new byte[] {0, 0, 0, 2}, ip), 5);
    byte[] vlan = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x81, 0, 0, 5, 0x08, 0};
    assertTcp(LinkTypes.ETHERNET, concat(vlan, ip), 5);
    byte[] ip6 = TestFrames.ipv6(V6_SRC, V6_DST, tcp(3));
    assertTcp(LinkTypes.IPV6, ip6, 3);
    assertTcp(LinkTypes.NULL, concat(new byte[] {30, 0, 0, 0}, ip6), 3);
    assertEquals(6, frames.ipVersion);
  }

  @Test
  void ethernetPaddingIsNotPayload() {
    byte[] frame = concat(TestFrames.ethernet(V4_SRC, V4_DST, 1234, 80, 7, 9, TestFrames.ACK, new byte[0]), new byte[6]);
    assertEquals(Frames.TCP, frames.decode(LinkTypes.ETHERNET, frame, 0, frame.length, frame.length));
    assertEquals(0, frames.payloadBytes);
  }

  @Test
  void ipv6ExtensionHeadersAreSkippedAndFragmentsCounted() {
    byte[] hopByHop = {6, 0, 0, 0, 0, 0, 0, 0}; // next header TCP, 8 bytes
    byte[] ip6 = TestFrames.ipv6(V6_SRC, V6_DST, concat(hopByHop, tcp(4)));
    ip6[6] = 0; // hop-by-hop first
    assertTcp(LinkTypes.RAW, ip6, 4);
    byte[] fragment = TestFrames.ipv6(V6_SRC, V6_DST, concat(new byte[] {6, 0, 0, 1, 0, 0, 0, 1}, tcp(4)));
    fragment[6] = 44;
    assertEquals(Frames.FRAGMENT, frames.decode(LinkTypes.RAW, fragment, 0, fragment.length, fragment.length));
    byte[] v4fragment = TestFrames.ipv4(V4_SRC, V4_DST, tcp(4));
    v4fragment[6] = 0x20; // more fragments
    assertEquals(Frames.FRAGMENT, frames.decode(LinkTypes.RAW, v4fragment, 0, v4fragment.length, v4fragment.length));
  }

  @Test
  void snapLengthKeepsTheSequenceRange() {
    byte[] frame = TestFrames.ethernet(V4_SRC, V4_DST, 1234, 80, 7, 9, TestFrames.ACK, new byte[1_000]);
    assertEquals(Frames.TCP, frames.decode(LinkTypes.ETHERNET, frame, 0, 100, frame.length));
    assertEquals(1_000, frames.payloadBytes);
    assertEquals(46, frames.payloadCapturedBytes);
  }

  @Test
  void aSegmentLargerThanTheMtuIsDecodedWholeAndItsSnapLengthCutStated() {
    // 60,000 bytes in one segment: what GRO/TSO hand the capture on lo or a veth (MTU 1,500)
    byte[] frame = TestFrames.ethernet(V4_SRC, V4_DST, 1234, 80, 7, 9, TestFrames.ACK, new byte[60_000]);
    assertEquals(Frames.TCP, frames.decode(LinkTypes.ETHERNET, frame, 0, 4_096, frame.length));
    assertEquals(60_000, frames.payloadBytes, "the sequence range is the IP header's, not the MTU's");
    assertEquals(4_096 - 54, frames.payloadCapturedBytes, "only what the snap length kept is present");
  }

  @Test
  void bigTcpSegmentsTakeTheirLengthFromTheFrame() {
    // beyond 64 KiB the IPv4 total length is 0 (and IPv6's payload length, its jumbo option removed)
    byte[] v4 = TestFrames.ethernet(V4_SRC, V4_DST, 1234, 80, 7, 9, TestFrames.ACK, new byte[100_000]);
    v4[14 + 2] = 0;
    v4[14 + 3] = 0;
    assertEquals(Frames.TCP, frames.decode(LinkTypes.ETHERNET, v4, 0, 4_096, v4.length));
    assertEquals(100_000, frames.payloadBytes);
    byte[] v6 = TestFrames.ethernet(V6_SRC, V6_DST, 1234, 80, 7, 9, TestFrames.ACK, new byte[100_000]);
    v6[14 + 4] = 0;
    v6[14 + 5] = 0;
    assertEquals(Frames.TCP, frames.decode(LinkTypes.ETHERNET, v6, 0, 4_096, v6.length));
    assertEquals(100_000, frames.payloadBytes);
    // a length of 0 in a frame that fits 16 bits is no BIG TCP segment: still refused
    byte[] small = TestFrames.ethernet(V4_SRC, V4_DST, 1234, 80, 7, 9, TestFrames.ACK, new byte[10]);
    small[14 + 2] = 0;
    small[14 + 3] = 0;
    assertEquals(Frames.MALFORMED, frames.decode(LinkTypes.ETHERNET, small, 0, small.length, small.length));
    assertEquals("ip-total-length", Frames.REASONS[frames.malformedReason]);
  }

  @Test
  void checksumsAreNeverVerified() {
    // a capture on the sending host sees checksums before the NIC fills them in (offload)
    byte[] frame = TestFrames.ethernet(V4_SRC, V4_DST, 1234, 80, 7, 9, TestFrames.ACK, new byte[5]);
    frame[14 + 10] = (byte) 0xde; // IPv4 header checksum
    frame[14 + 11] = (byte) 0xad;
    frame[14 + 20 + 16] = (byte) 0xbe; // TCP checksum
    frame[14 + 20 + 17] = (byte) 0xef;
    assertTcp(LinkTypes.ETHERNET, frame, 5);
  }

  @Test
  void stackedVlanTagsOfEveryKindAreSkipped() {
    byte[] ip = TestFrames.ipv4(V4_SRC, V4_DST, tcp(5));
    byte[] tags = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x88, (byte) 0xa8, 0, 1, (byte) 0x91, 0, 0, 2,
        (byte) 0x81, 0, 0, 3, 0x08, 0};
    assertTcp(LinkTypes.ETHERNET, concat(tags, ip), 5);
  }
}
