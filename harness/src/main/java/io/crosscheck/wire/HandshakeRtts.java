package io.crosscheck.wire;

import io.crosscheck.capture.PacketHandler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The round-trip time of every TCP handshake a client-side capture saw, per client address: from
 * the client's SYN to the server's SYN-ACK, on the capture's clock. At the client's interface this
 * is the path's RTT (the server's kernel answers a SYN at once), which is what {@code crosscheck
 * study wan} checks each client class's emulated link against. Retransmitted SYNs count from the
 * last one sent (a lost SYN is not the path's delay). IPv4 only. Not thread-safe.
 */
public final class HandshakeRtts implements PacketHandler {
  private final Frames frames = new Frames();
  private final int serverPort;
  /** The last SYN's capture time per client endpoint (address, port). */
  private final Map<Long, Long> synEpochNanos = new HashMap<>();
  private final Map<String, List<Long>> rttNanos = new TreeMap<>();

  /** Handshakes with servers on {@code serverPort}. */
  public HandshakeRtts(int serverPort) {
    this.serverPort = serverPort;
  }

  @Override
  public void packet(long timestampEpochNanos, int linkType, byte[] data, int offset, int capturedLength,
      int originalLength) {
    if (frames.decode(linkType, data, offset, capturedLength, originalLength) != Frames.TCP || frames.ipVersion != 4) {
      return;
    }
    boolean syn = (frames.flags & Frames.SYN) != 0;
    boolean ack = (frames.flags & Frames.ACK) != 0;
    if (syn && !ack && frames.dstPort == serverPort) {
      synEpochNanos.put(key(frames.srcLow, frames.srcPort), timestampEpochNanos);
    } else if (syn && ack && frames.srcPort == serverPort) {
      Long sent = synEpochNanos.remove(key(frames.dstLow, frames.dstPort));
      if (sent != null && timestampEpochNanos >= sent) {
        rttNanos.computeIfAbsent(address(frames.dstLow), k -> new ArrayList<>()).add(timestampEpochNanos - sent);
      }
    }
  }

  /** The handshakes' RTTs in nanoseconds per client address (dotted), in capture order. */
  public Map<String, List<Long>> rttNanosByClientAddress() {
    return rttNanos;
  }

  private static long key(long address, int port) {
    return (address << 16) | (port & 0xffff);
  }

  private static String address(long a) {
    return ((a >>> 24) & 0xff) + "." + ((a >>> 16) & 0xff) + "." + ((a >>> 8) & 0xff) + "." + (a & 0xff);
  }
}
