package io.crosscheck.wire;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

/** Builds Ethernet/IPv4/IPv6/TCP frames with correct lengths (checksums left 0) for tests. */
final class TestFrames {
  static final int FIN = 0x01, SYN = 0x02, RST = 0x04, PSH = 0x08, ACK = 0x10;

  private TestFrames() {}

  static byte[] address(String text) {
    try {
      return InetAddress.getByName(text).getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  /** An Ethernet frame carrying IPv4 or IPv6 (by address length) and a TCP segment. */
  static byte[] ethernet(byte[] src, byte[] dst, int srcPort, int dstPort, int seq, int ack, int flags, byte[] payload) {
    byte[] ip = src.length == 4 ? ipv4(src, dst, tcp(srcPort, dstPort, seq, ack, flags, payload))
        : ipv6(src, dst, tcp(srcPort, dstPort, seq, ack, flags, payload));
    ByteBuffer b = ByteBuffer.allocate(14 + ip.length);
    b.put(new byte[12]).putShort((short) (src.length == 4 ? 0x0800 : 0x86dd)).put(ip);
    return b.array();
  }

  static byte[] tcp(int srcPort, int dstPort, int seq, int ack, int flags, byte[] payload) {
    ByteBuffer b = ByteBuffer.allocate(20 + payload.length);
    b.putShort((short) srcPort).putShort((short) dstPort).putInt(seq).putInt(ack);
    b.put((byte) (5 << 4)).put((byte) flags).putShort((short) 65_535).putInt(0).put(payload);
    return b.array();
  }

  static byte[] ipv4(byte[] src, byte[] dst, byte[] tcp) {
    ByteBuffer b = ByteBuffer.allocate(20 + tcp.length);
    b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + tcp.length)).putShort((short) 1)
        .putShort((short) 0x4000).put((byte) 64).put((byte) 6).putShort((short) 0).put(src).put(dst).put(tcp);
    return b.array();
  }

  static byte[] ipv6(byte[] src, byte[] dst, byte[] tcp) {
    ByteBuffer b = ByteBuffer.allocate(40 + tcp.length);
    b.putInt(0x60000000).putShort((short) tcp.length).put((byte) 6).put((byte) 64).put(src).put(dst).put(tcp);
    return b.array();
  }
}
