package io.crosscheck.wire;

import static io.crosscheck.wire.TestFrames.ACK;
import static io.crosscheck.wire.TestFrames.FIN;
import static io.crosscheck.wire.TestFrames.PSH;
import static io.crosscheck.wire.TestFrames.RST;
import static io.crosscheck.wire.TestFrames.SYN;

import io.crosscheck.capture.LinkTypes;
import io.crosscheck.capture.PacketHandler;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One test TCP connection fed to a reconstructor frame by frame; tracks both sides' next sequence
 * numbers so a test only says who sends what when. Times are offsets (ns) from {@link #BASE}.
 */
final class TestFlow {
  static final long BASE = 1_700_000_000_000_000_000L;

  final PacketHandler reconstructor;
  final byte[] clientIp;
  final byte[] serverIp;
  final int clientPort;
  final int serverPort;
  int clientSeq;
  int serverSeq;
  /** When positive, frames are cut to this many bytes (captured length < original length). */
  int snapLength;

  TestFlow(PacketHandler r, String clientIp, int clientPort, String serverIp, int serverPort, int clientIsn, int serverIsn) {
    this.reconstructor = r;
    this.clientIp = TestFrames.address(clientIp);
    this.serverIp = TestFrames.address(serverIp);
    this.clientPort = clientPort;
    this.serverPort = serverPort;
    this.clientSeq = clientIsn;
    this.serverSeq = serverIsn;
  }

  TestFlow(PacketHandler r, int clientPort) {
    this(r, "10.0.0.1", clientPort, "10.0.0.2", 80, 1_000, 50_000);
  }

  static long at(long offsetNanos) {
    return BASE + offsetNanos;
  }

  /** SYN, SYN-ACK, ACK at the three offsets. */
  TestFlow handshake(long synAt, long synAckAt, long ackAt) {
    raw(true, synAt, clientSeq, 0, SYN, new byte[0]);
    clientSeq++;
    raw(false, synAckAt, serverSeq, clientSeq, SYN | ACK, new byte[0]);
    serverSeq++;
    raw(true, ackAt, clientSeq, serverSeq, ACK, new byte[0]);
    return this;
  }

  TestFlow client(long atNanos, String text) {
    return client(atNanos, text.getBytes(StandardCharsets.ISO_8859_1));
  }

  TestFlow client(long atNanos, byte[] payload) {
    return data(true, atNanos, payload);
  }

  TestFlow server(long atNanos, String text) {
    return server(atNanos, text.getBytes(StandardCharsets.ISO_8859_1));
  }

  TestFlow server(long atNanos, byte[] payload) {
    return data(false, atNanos, payload);
  }

  /** A data segment (ACK|PSH) from the client or the server, advancing that side's sequence number. */
  private TestFlow data(boolean fromClient, long atNanos, byte[] payload) {
    if (fromClient) {
      raw(true, atNanos, clientSeq, serverSeq, ACK | PSH, payload);
      clientSeq += payload.length;
    } else {
      raw(false, atNanos, serverSeq, clientSeq, ACK | PSH, payload);
      serverSeq += payload.length;
    }
    return this;
  }

  /**
   * Bytes {@code from} to {@code to} of a server payload at their place in the stream ({@code
   * serverSeq + from}), without advancing {@code serverSeq}: a reordered, overlapping, probing or
   * partly lost response, whose caller advances {@code serverSeq} past it when it must.
   */
  TestFlow serverSlice(long atNanos, byte[] payload, int from, int to) {
    raw(false, atNanos, serverSeq + from, clientSeq, ACK, Arrays.copyOfRange(payload, from, to));
    return this;
  }

  TestFlow clientAck(long atNanos) {
    raw(true, atNanos, clientSeq, serverSeq, ACK, new byte[0]);
    return this;
  }

  TestFlow serverAck(long atNanos) {
    raw(false, atNanos, serverSeq, clientSeq, ACK, new byte[0]);
    return this;
  }

  TestFlow clientFin(long atNanos) {
    raw(true, atNanos, clientSeq, serverSeq, FIN | ACK, new byte[0]);
    clientSeq++;
    return this;
  }

  TestFlow serverFin(long atNanos) {
    raw(false, atNanos, serverSeq, clientSeq, FIN | ACK, new byte[0]);
    serverSeq++;
    return this;
  }

  TestFlow serverRst(long atNanos) {
    raw(false, atNanos, serverSeq, 0, RST, new byte[0]);
    return this;
  }

  TestFlow clientRst(long atNanos) {
    raw(true, atNanos, clientSeq, 0, RST, new byte[0]);
    return this;
  }

  /** A frame with explicit sequence number: nothing is advanced. */
  void raw(boolean fromClient, long atNanos, int seq, int ack, int flags, byte[] payload) {
    byte[] frame = fromClient
        ? TestFrames.ethernet(clientIp, serverIp, clientPort, serverPort, seq, ack, flags, payload)
        : TestFrames.ethernet(serverIp, clientIp, serverPort, clientPort, seq, ack, flags, payload);
    feed(at(atNanos), frame, snapLength);
  }

  void feed(long epochNanos, byte[] frame, int snap) {
    int captured = snap > 0 ? Math.min(snap, frame.length) : frame.length;
    // hand over a larger, dirty buffer at an offset: the reconstructor must respect the bounds
    byte[] buffer = new byte[captured + 7];
    Arrays.fill(buffer, (byte) 'X');
    System.arraycopy(frame, 0, buffer, 3, captured);
    reconstructor.packet(epochNanos, LinkTypes.ETHERNET, buffer, 3, captured, frame.length);
  }

  String clientId() {
    return endpoint(clientIp, clientPort);
  }

  String serverId() {
    return endpoint(serverIp, serverPort);
  }

  private static String endpoint(byte[] ip, int port) {
    try {
      String host = java.net.InetAddress.getByAddress(ip).getHostAddress();
      return ip.length == 4 ? host + ":" + port : "[" + FlowKey.compressIpv6(host) + "]:" + port;
    } catch (java.net.UnknownHostException e) {
      throw new AssertionError(e);
    }
  }
}
