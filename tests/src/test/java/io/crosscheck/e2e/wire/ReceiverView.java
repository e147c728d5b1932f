package io.crosscheck.e2e.wire;

import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.PcapWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites a loopback capture as a receiver's NIC would have seen it. A data segment captured
 * twice was either lost after lo's capture tap and sent again, or retransmitted spuriously. When
 * the receiver had not acknowledged it before the second copy, the first copy is taken as lost and
 * removed: the capture then has a hole that the retransmission fills later, after the segments
 * that followed it. When it had (a spurious retransmission), both copies stay. Ethernet/IPv4/TCP
 * frames only (lo with 127.0.0.1); other frames are copied unchanged.
 */
final class ReceiverView {
  private record Segment(int ports, long seq, int payloadBytes) {}

  private static final class Tcp {
    int ports;
    long seq;
    long ack;
    boolean hasAck;
    int payloadBytes;
  }

  private ReceiverView() {}

  /** Writes {@code out}; returns how many first copies were removed. */
  static long write(Path in, Path out) throws IOException {
    Map<Segment, Long> lastCopyFrame = new HashMap<>();
    Map<Integer, Long> highestAck = new HashMap<>(); // by the ports of the acknowledging side
    Set<Long> lostFrames = new HashSet<>();
    long[] frame = {0};
    Tcp t = new Tcp();
    CaptureReader.read(in, (epochNanos, linkType, data, offset, captured, original) -> {
      long index = frame[0]++;
      if (!decode(linkType, data, offset, captured, t)) {
        return;
      }
      if (t.hasAck) {
        highestAck.merge(t.ports, t.ack, (a, b) -> after(b, a) ? b : a);
      }
      if (t.payloadBytes > 0) {
        Segment s = new Segment(t.ports, t.seq, t.payloadBytes);
        Long earlier = lastCopyFrame.put(s, index);
        int reverse = (t.ports << 16) | (t.ports >>> 16);
        Long acked = highestAck.get(reverse);
        long end = (t.seq + t.payloadBytes) & 0xffffffffL;
        if (earlier != null && (acked == null || after(end, acked))) {
          lostFrames.add(earlier);
        }
      }
    });
    frame[0] = 0;
    try (PcapWriter writer = new PcapWriter(out, 1, 262_144)) {
      CaptureReader.read(in, (epochNanos, linkType, data, offset, captured, original) -> {
        if (lostFrames.contains(frame[0]++)) {
          return;
        }
        try {
          writer.write(epochNanos, data, offset, captured, original);
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      });
    }
    return lostFrames.size();
  }

  /** Sequence number a is after b (mod 2^32). */
  private static boolean after(long a, long b) {
    return (int) (a - b) > 0;
  }

  /** Reads the TCP header of an Ethernet/IPv4/TCP frame into {@code t}; false for other frames. */
  private static boolean decode(int linkType, byte[] d, int o, int captured, Tcp t) {
    if (linkType != 1 || captured < 14 + 20 + 20 || u16(d, o + 12) != 0x0800
        || (d[o + 14 + 9] & 0xff) != 6) {
      return false;
    }
    int ip = o + 14;
    int ipHeaderBytes = (d[ip] & 0x0f) * 4;
    int tcp = ip + ipHeaderBytes;
    int tcpHeaderBytes = ((d[tcp + 12] & 0xf0) >> 4) * 4;
    t.ports = u16(d, tcp) << 16 | u16(d, tcp + 2);
    t.seq = u32(d, tcp + 4);
    t.ack = u32(d, tcp + 8);
    t.hasAck = (d[tcp + 13] & 0x10) != 0;
    t.payloadBytes = u16(d, ip + 2) - ipHeaderBytes - tcpHeaderBytes;
    return true;
  }

  private static long u32(byte[] d, int i) {
    return ((long) u16(d, i) << 16) | u16(d, i + 2);
  }

  private static int u16(byte[] d, int i) {
    return (d[i] & 0xff) << 8 | (d[i + 1] & 0xff);
  }
}
