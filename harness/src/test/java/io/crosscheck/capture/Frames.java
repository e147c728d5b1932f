package io.crosscheck.capture;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Test frames and hand-built capture files. */
final class Frames {
  private Frames() {}

  /** One delivered packet, copied. */
  record Packet(long timestampEpochNanos, int linkType, byte[] data, int originalLength) {}

  /** A handler that copies every packet. */
  static final class Collector implements PacketHandler {
    final List<Packet> packets = new ArrayList<>();

    @Override
    public void packet(long timestampEpochNanos, int linkType, byte[] data, int offset,
        int capturedLength, int originalLength) {
      packets.add(new Packet(timestampEpochNanos, linkType,
          Arrays.copyOfRange(data, offset, offset + capturedLength), originalLength));
    }
  }

  /** IPv4 + TCP (20 + 20 bytes) from 127.0.0.1:srcPort to 127.0.0.1:dstPort, then payload. */
  static byte[] ipv4Tcp(int srcPort, int dstPort, int flags, int payloadBytes) {
    ByteBuffer b = ByteBuffer.allocate(40 + payloadBytes);
    b.put((byte) 0x45).put((byte) 0).putShort((short) (40 + payloadBytes)).putInt(0)
        .put((byte) 64).put((byte) 6).putShort((short) 0)
        .put(new byte[] {127, 0, 0, 1}).put(new byte[] {127, 0, 0, 1});
    b.putShort((short) srcPort).putShort((short) dstPort).putInt(1).putInt(0)
        .put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0);
    for (int i = 0; i < payloadBytes; i++) {
      b.put((byte) ('a' + i % 26));
    }
    return b.array();
  }

  /** Ethernet (zero MACs, optional 802.1Q tags) around {@code ip}. */
  static byte[] ethernet(int ethertype, byte[] ip, int... vlanIds) {
    ByteBuffer b = ByteBuffer.allocate(14 + 4 * vlanIds.length + ip.length);
    b.put(new byte[12]);
    for (int vlan : vlanIds) {
      b.putShort((short) 0x8100).putShort((short) vlan);
    }
    b.putShort((short) ethertype).put(ip);
    return b.array();
  }

  /** A classic pcap file of the given byte order and resolution. */
  static byte[] pcap(ByteOrder order, boolean nanos, int linkType, int snaplen, long[] epochNanos,
      byte[]... frames) {
    ByteBuffer b = ByteBuffer.allocate(24 + Arrays.stream(frames).mapToInt(f -> 16 + f.length)
        .sum()).order(order);
    b.putInt(nanos ? 0xa1b23c4d : 0xa1b2c3d4).putShort((short) 2).putShort((short) 4)
        .putInt(0).putInt(0).putInt(snaplen).putInt(linkType);
    for (int i = 0; i < frames.length; i++) {
      b.putInt((int) (epochNanos[i] / 1_000_000_000L));
      long fraction = epochNanos[i] % 1_000_000_000L;
      b.putInt((int) (nanos ? fraction : fraction / 1000));
      b.putInt(frames[i].length).putInt(frames[i].length).put(frames[i]);
    }
    return b.array();
  }

  /** Builds pcapng blocks in one byte order. */
  static final class Pcapng {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteOrder order;

    Pcapng(ByteOrder order) {
      this.order = order;
      sectionHeader();
    }

    Pcapng sectionHeader() {
      return block(0x0A0D0D0A, body(16).putInt(0x1A2B3C4D).putShort((short) 1)
          .putShort((short) 0).putLong(-1));
    }

    /** An interface with an if_tsresol option (or none when tsresol &lt; 0) and if_tsoffset. */
    Pcapng interfaceDescription(int linkType, int snaplen, int tsresol, long tsoffsetSeconds) {
      ByteBuffer b = body(40).putShort((short) linkType).putShort((short) 0).putInt(snaplen);
      if (tsresol >= 0) {
        b.putShort((short) 9).putShort((short) 1).put((byte) tsresol).put(new byte[3]);
      }
      if (tsoffsetSeconds != 0) {
        b.putShort((short) 14).putShort((short) 8).putLong(tsoffsetSeconds);
      }
      b.putShort((short) 0).putShort((short) 0);
      return block(1, b);
    }

    Pcapng enhancedPacket(int interfaceId, long timestampUnits, byte[] frame, int original) {
      ByteBuffer b = body(20 + padded(frame.length)).putInt(interfaceId)
          .putInt((int) (timestampUnits >>> 32)).putInt((int) timestampUnits)
          .putInt(frame.length).putInt(original).put(frame);
      return block(6, b);
    }

    Pcapng simplePacket(byte[] frame) {
      return block(3, body(4 + padded(frame.length)).putInt(frame.length).put(frame));
    }

    Pcapng block(int type, ByteBuffer body) {
      int bodyBytes = padded(body.position());
      ByteBuffer b = ByteBuffer.allocate(12 + bodyBytes).order(order);
      b.putInt(type).putInt(12 + bodyBytes).put(body.array(), 0, body.position());
      b.position(8 + bodyBytes);
      b.putInt(12 + bodyBytes);
      out.writeBytes(b.array());
      return this;
    }

    byte[] bytes() {
      return out.toByteArray();
    }

    private ByteBuffer body(int capacity) {
      return ByteBuffer.allocate(capacity + 8).order(order);
    }

    private static int padded(int length) {
      return (length + 3) & ~3;
    }
  }
}
