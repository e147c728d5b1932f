package io.crosscheck.wire;

import io.crosscheck.capture.PacketHandler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Rebuilds TCP connections and their HTTP/1.x exchanges from captured frames: the {@code capture
 * → wire} step of the spine (DESIGN.md §3). Feed it frames in capture order through {@link
 * #packet}, then call {@link #finish} once; exchanges ({@link WireExchange}) and connection events
 * ({@link ConnectionEvent}) go to the {@link WireListener} as soon as they are known.
 *
 * <p>All instants are the capture's wall clock in epoch nanoseconds. Where a byte was captured
 * more than once (retransmission), the first capture's instant counts. Frames that cannot be used
 * (not IP, not TCP, fragments, impossible header lengths, filtered ports) are counted in {@link
 * WireStats}, never thrown; so are retransmissions, overlaps, reordering, capture loss (gaps),
 * snap-length truncation and payloads that are not HTTP. A segment cut by the snap length keeps its
 * sequence range (from the IP total length), so bodies are counted even when their bytes are
 * missing.
 *
 * <p>Frames are taken in file order, never reordered by timestamp, as tshark and Wireshark take them (their
 * {@code reordercap} sorts a file). Which of the two is wrong when they disagree cannot be told from the
 * timestamps: a merged or multi-queue capture has the right timestamps in the wrong order (sorting mends it), a
 * clock stepped back has the right order with wrong timestamps (sorting would scramble every connection). So the
 * disagreement is counted instead ({@link WireStats#packetsBackInTime}, per connection {@link
 * WireStats#dataSegmentsBackInTimeOnConnection}), an exchange whose instants run backwards is reported as
 * impossible (note {@code timestamps-backwards}, never a negative time), and the comparison judges no wire time
 * of a capture whose connections run backwards ({@link WireStats#outOfOrder}), naming {@code reordercap} for the
 * first case. Frames of different connections out of order (a multi-queue NIC hashes connections to queues)
 * are only counted: each connection is rebuilt on its own.
 *
 * <p>Not thread-safe: one thread calls {@link #packet} and {@link #finish} (as {@link
 * PacketHandler} promises). Nothing is allocated per frame for segments of known connections
 * except what heads and out-of-order segments need.
 */
public final class WireReconstructor implements PacketHandler {
  private final WireListener listener;
  private final WireOptions options;
  private final WireCounters counters = new WireCounters();
  private final Frames frames = new Frames();
  private final FlowKey lookup = new FlowKey();
  private final HashMap<FlowKey, TcpConnection> connections = new HashMap<>();
  private final EndpointNames endpointNames = new EndpointNames();
  /** Shared by every parser: a head is scanned and acted on before the next one is read. */
  private final HttpHead head = new HttpHead();
  private TcpConnection lastConnection;
  private int openConnections;
  private boolean finished;
  /** The latest timestamp of a frame so far, for {@link WireStats#packetsBackInTime}. */
  private long latestEpochNanos = Long.MIN_VALUE;

  /** A reconstructor with {@link WireOptions#DEFAULTS}. */
  public WireReconstructor(WireListener listener) {
    this(listener, WireOptions.DEFAULTS);
  }

  public WireReconstructor(WireListener listener, WireOptions options) {
    this.listener = Objects.requireNonNull(listener, "listener");
    this.options = Objects.requireNonNull(options, "options");
  }

  @Override
  public void packet(long timestampEpochNanos, int linkType, byte[] data, int offset,
      int capturedLength, int originalLength) {
    counters.packets++;
    if (timestampEpochNanos < latestEpochNanos) {
      // counted, never reordered: see WireReconstructor's javadoc
      counters.packetsBackInTime++;
      counters.maxStepBackNanos = Math.max(counters.maxStepBackNanos, latestEpochNanos - timestampEpochNanos);
    } else {
      latestEpochNanos = timestampEpochNanos;
    }
    if (finished) {
      counters.packetsAfterFinish++;
      return;
    }
    Frames f = frames;
    switch (f.decode(linkType, data, offset, capturedLength, originalLength)) {
      case Frames.TCP -> { }
      case Frames.NON_IP -> {
        counters.nonIpPackets++;
        return;
      }
      case Frames.NON_TCP -> {
        counters.nonTcpPackets++;
        return;
      }
      case Frames.FRAGMENT -> {
        counters.ipFragments++;
        return;
      }
      default -> {
        counters.malformedByReason[f.malformedReason]++;
        return;
      }
    }
    int serverPort = options.serverPort();
    if (serverPort > 0 && f.srcPort != serverPort && f.dstPort != serverPort) {
      counters.filteredPackets++;
      return;
    }
    if (f.payloadCapturedBytes < f.payloadBytes) {
      counters.truncatedSegments++;
    }
    try {
      segment(timestampEpochNanos, data);
    } catch (RuntimeException bug) {
      // a defect here must not end the analysis of the whole capture: counted, reported
      counters.internalErrors++;
      lastConnection = null;
    }
  }

  private void segment(long epochNanos, byte[] data) {
    Frames f = frames;
    boolean fromA = lookup.set(f);
    TcpConnection c = lastConnection;
    if (c == null || !c.key.equals(lookup)) {
      c = connections.get(lookup);
    }
    boolean syn = (f.flags & Frames.SYN) != 0;
    boolean clientSyn = syn && (f.flags & Frames.ACK) == 0;
    if (c != null && clientSyn && c.replacedBySyn(f.seq)) {
      c.finalizeConnection(epochNanos, HttpConversation.NOTE_CLOSED, true);
      c = null;
    }
    if (c == null) {
      if (!syn && f.payloadBytes == 0) {
        counters.strayControlSegments++;
        return;
      }
      c = new TcpConnection(this, lookup.copy(), epochNanos, syn);
      connections.put(c.key, c);
      counters.connections++;
      if (!syn) {
        counters.midConnectionStarts++;
        if (options.serverPort() > 0) {
          c.assignRolesByPort(options.serverPort());
        }
      }
    }
    lastConnection = c;
    c.segment(f, fromA, epochNanos, data);
  }

  /**
   * Ends reconstruction: every connection still open is flushed, and its unfinished exchanges are
   * reported with note {@code capture-ended} (no CLOSE event: the connection did not close). Later
   * frames are only counted.
   *
   * @param endEpochNanos when the capture ended (wall clock), used for holes flushed as gaps
   * @return what was seen and could not be used
   */
  public WireStats finish(long endEpochNanos) {
    if (!finished) {
      finished = true;
      List<TcpConnection> open = new ArrayList<>(connections.values());
      open.sort(Comparator.comparingLong(TcpConnection::openEpochNanos));
      for (TcpConnection c : open) {
        try {
          c.finalizeConnection(endEpochNanos, HttpConversation.NOTE_CAPTURE_ENDED);
        } catch (RuntimeException bug) {
          counters.internalErrors++;
        }
      }
      connections.clear();
      lastConnection = null;
    }
    return counters.freeze();
  }

  /** The counters so far (a snapshot). */
  public WireStats stats() {
    return counters.freeze();
  }

  /**
   * What the servers stated of their population on their replies ({@link
   * io.crosscheck.wire.StatedPopulation}): each distinct statement ({@code customers=1000
   * items=10000}) with the number of replies that carried it, first seen first; at most 16.
   */
  public Map<String, Long> populationStatements() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(counters.populationStatements));
  }

  /** Connections opened and not yet closed (FIN or RST), as in the last {@link ConnectionEvent}. */
  public int openConnections() {
    return openConnections;
  }

  WireOptions options() {
    return options;
  }

  WireCounters counters() {
    return counters;
  }

  EndpointNames endpointNames() {
    return endpointNames;
  }

  HttpHead head() {
    return head;
  }

  void removed(TcpConnection c) {
    if (connections.get(c.key) == c) {
      connections.remove(c.key);
    }
    if (lastConnection == c) {
      lastConnection = null;
    }
  }

  void exchange(WireExchange exchange) {
    counters.exchanges++;
    listener.exchange(exchange);
  }

  void event(long epochNanos, ConnectionEvent.Kind kind, TcpConnection c) {
    if (kind == ConnectionEvent.Kind.OPEN) {
      openConnections++;
    } else if (kind == ConnectionEvent.Kind.CLOSE) {
      openConnections--;
    }
    listener.connectionEvent(
        new ConnectionEvent(epochNanos, kind, c.connectionId(), c.openEpochNanos(), openConnections));
  }
}
