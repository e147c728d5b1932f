package io.crosscheck.wire;

/**
 * One TCP connection being rebuilt: its handshake, both reassembled directions, the HTTP parsers
 * on them, and its life events. A connection's identity is its 4-tuple plus its opening instant
 * (the SYN, or the first captured packet when the capture started mid-connection): a new SYN on a
 * 4-tuple whose connection was closed starts a new connection.
 *
 * <p>The client is the side that sent the SYN (or received the SYN-ACK); for connections already
 * open when the capture started, the side using {@link WireOptions#serverPort} is the server, else
 * the first side seen sending a request line is the client (or, failing that, the side seen
 * sending a status line is the server; failing everything, the lower port is the server). Until
 * roles are known no HTTP is parsed and the OPEN event waits; it then carries the first packet's
 * instant. Not thread-safe.
 */
final class TcpConnection {
  private final WireReconstructor owner;
  final FlowKey key;
  private final StreamReassembler streamFromA;
  private final StreamReassembler streamFromB;
  private final boolean fromStreamStart;
  private final long openEpochNanos;
  /** 0 unknown, 1 endpoint A is the client, 2 endpoint B is. */
  private int clientSide;
  private String connectionId;
  private String serverAddress;
  private long synEpochNanos = -1;
  private long synAckEpochNanos = -1;
  private boolean clientSynSeen;
  private int clientIsn;
  private boolean establishedEmitted;
  private boolean closeEmitted;
  private boolean finalized;
  private boolean endedA;
  private boolean endedB;
  private HttpConversation conversation;
  private HttpMessageParser requestParser;
  private HttpMessageParser responseParser;
  /** The latest timestamp of a segment, and of a segment with payload or SYN, on this connection. */
  private long latestEpochNanos = Long.MIN_VALUE;
  private long latestDataEpochNanos = Long.MIN_VALUE;
  private boolean backInTime;

  TcpConnection(WireReconstructor owner, FlowKey key, long firstEpochNanos, boolean handshakeSeen) {
    this.owner = owner;
    this.key = key;
    this.openEpochNanos = firstEpochNanos;
    this.fromStreamStart = handshakeSeen;
    int maxBuffered = owner.options().maxBufferedBytesPerDirection();
    this.streamFromA = new StreamReassembler(this, true, owner.counters(), maxBuffered);
    this.streamFromB = new StreamReassembler(this, false, owner.counters(), maxBuffered);
  }

  WireCounters counters() {
    return owner.counters();
  }

  String connectionId() {
    return connectionId;
  }

  String serverAddress() {
    return serverAddress;
  }

  long openEpochNanos() {
    return openEpochNanos;
  }

  /** SYN to SYN-ACK when both were captured, else -1. */
  long connectNanos() {
    return synEpochNanos >= 0 && synAckEpochNanos >= 0 ? synAckEpochNanos - synEpochNanos : -1;
  }

  /**
   * Whether a SYN (without ACK) with this sequence number starts a new connection on this
   * 4-tuple rather than retransmitting this one's SYN.
   */
  boolean replacedBySyn(int isn) {
    return closeEmitted || !clientSynSeen || isn != clientIsn;
  }

  /** Roles from {@link WireOptions#serverPort}, for a connection whose handshake was not seen. */
  void assignRolesByPort(int serverPort) {
    if (key.portA == serverPort) {
      assignRoles(false);
    } else if (key.portB == serverPort) {
      assignRoles(true);
    }
  }

  /** One decoded segment of this connection, {@code fromA}: sent by endpoint A. */
  void segment(Frames f, boolean fromA, long epochNanos, byte[] data) {
    if (finalized) {
      return;
    }
    int flags = f.flags;
    // a FIN or a pure ACK may race the other side's segment on another CPU (both closing at once): only payload
    // and SYNs carry the instants an exchange is made of
    timeOrder(epochNanos, f.payloadBytes > 0 || (flags & Frames.SYN) != 0);
    boolean syn = (flags & Frames.SYN) != 0;
    boolean ack = (flags & Frames.ACK) != 0;
    StreamReassembler stream = fromA ? streamFromA : streamFromB;
    if (syn) {
      if (!ack) {
        if (clientSide == 0) {
          assignRoles(fromA);
        }
        if (!clientSynSeen) {
          clientSynSeen = true;
          clientIsn = f.seq;
          synEpochNanos = epochNanos;
        }
      } else {
        if (clientSide == 0) {
          assignRoles(!fromA);
        }
        if (synAckEpochNanos < 0) {
          synAckEpochNanos = epochNanos;
        }
      }
      stream.syn(f.seq);
    } else if (!establishedEmitted && synAckEpochNanos >= 0 && clientSide != 0) {
      boolean fromClient = fromA == (clientSide == 1);
      emitEstablished(fromClient && ack ? epochNanos : synAckEpochNanos);
    }
    if ((flags & Frames.RST) != 0) {
      emitClose(epochNanos);
      finalizeConnection(epochNanos, HttpConversation.NOTE_RESET);
      return;
    }
    boolean fin = (flags & Frames.FIN) != 0;
    if (ack) {
      // the acknowledgement first: it says what the sender had received before it sent this
      // segment, so bytes it shows lost (a request the capture missed) come before this segment's
      // own (the reply to that request)
      (fromA ? streamFromB : streamFromA).acknowledged(epochNanos, f.ack);
    }
    if (f.payloadBytes > 0 || fin) {
      stream.segment(epochNanos, syn ? f.seq + 1 : f.seq, data, f.payloadOffset,
          f.payloadCapturedBytes, f.payloadBytes, fin);
    }
    if (fin) {
      emitClose(epochNanos);
    }
    if (endedA && endedB) {
      finalizeConnection(epochNanos, HttpConversation.NOTE_CLOSED);
    }
  }

  /** Counts a segment earlier than one before it on this connection ({@link WireStats}). */
  private void timeOrder(long epochNanos, boolean data) {
    WireCounters counters = owner.counters();
    if (epochNanos < latestEpochNanos) {
      counters.segmentsBackInTimeOnConnection++;
    } else {
      latestEpochNanos = epochNanos;
    }
    if (data) {
      if (epochNanos < latestDataEpochNanos) {
        counters.dataSegmentsBackInTimeOnConnection++;
        if (!backInTime) {
          backInTime = true;
          counters.connectionsBackInTime++;
        }
      } else {
        latestDataEpochNanos = epochNanos;
      }
    }
  }

  /** In-order stream data from the reassembler (see {@link StreamReassembler}). */
  void data(boolean fromA, long epochNanos, boolean seen, byte[] data, int offset, int availableBytes, int totalBytes) {
    if (clientSide == 0) {
      if (availableBytes > 0 && HttpHead.looksLikeRequest(data, offset, availableBytes)) {
        assignRoles(fromA);
      } else if (availableBytes > 0 && HttpHead.looksLikeResponse(data, offset, availableBytes)) {
        assignRoles(!fromA);
      } else {
        return; // the tail of an exchange that began before the capture
      }
    }
    boolean fromClient = fromA == (clientSide == 1);
    (fromClient ? requestParser : responseParser).data(epochNanos, seen, data, offset, availableBytes, totalBytes);
  }

  /** A direction reached its FIN in sequence. */
  void streamEnded(boolean fromA, long epochNanos) {
    if (fromA) {
      endedA = true;
    } else {
      endedB = true;
    }
    if (clientSide == 0) {
      return;
    }
    boolean fromClient = fromA == (clientSide == 1);
    if (fromClient) {
      requestParser.end(HttpConversation.NOTE_CLOSED);
    } else {
      responseParser.end(HttpConversation.NOTE_CLOSED);
      conversation.endAll(HttpConversation.NOTE_CLOSED);
    }
  }

  /**
   * Ends this connection: buffered data is handed on (holes become gaps), every exchange still
   * waiting is reported with {@code note}, and the connection leaves the table.
   *
   * @param emitCloseEvent whether the connection is known to be gone (a new SYN replaced it)
   */
  void finalizeConnection(long epochNanos, String note, boolean emitCloseEvent) {
    if (finalized) {
      return;
    }
    streamFromA.flush(epochNanos);
    streamFromB.flush(epochNanos);
    if (clientSide == 0) {
      assignRoles(key.portA > key.portB); // the lower port is more likely the server's
    }
    if (emitCloseEvent) {
      emitClose(epochNanos);
    }
    finalized = true;
    requestParser.end(note);
    responseParser.end(note);
    conversation.endAll(note);
    streamFromA.release();
    streamFromB.release();
    owner.removed(this);
  }

  void finalizeConnection(long epochNanos, String note) {
    finalizeConnection(epochNanos, note, false);
  }

  /**
   * How much of the request stream the server had received at its latest acknowledgement, a
   * stream offset; {@link Long#MIN_VALUE} when not known.
   */
  long requestBytesAcknowledged() {
    return (clientSide == 1 ? streamFromA : streamFromB).acknowledgedOffset();
  }

  /** How much of the response stream the client had received at its latest acknowledgement, or {@link Long#MIN_VALUE}. */
  long responseBytesAcknowledged() {
    return (clientSide == 1 ? streamFromB : streamFromA).acknowledgedOffset();
  }

  void emit(WireExchange exchange) {
    owner.exchange(exchange);
  }

  private void assignRoles(boolean aIsClient) {
    clientSide = aIsClient ? 1 : 2;
    connectionId = owner.endpointNames().endpoint(key, aIsClient);
    serverAddress = owner.endpointNames().endpoint(key, !aIsClient);
    conversation = new HttpConversation(this);
    int maxHeaderBytes = owner.options().maxHeaderBytes();
    requestParser = new HttpMessageParser(false, fromStreamStart, conversation, owner.counters(), owner.head(), maxHeaderBytes);
    responseParser = new HttpMessageParser(true, fromStreamStart, conversation, owner.counters(), owner.head(), maxHeaderBytes);
    requestParser.peer(responseParser);
    responseParser.peer(requestParser);
    owner.event(openEpochNanos, ConnectionEvent.Kind.OPEN, this);
    if (!fromStreamStart) {
      emitEstablished(openEpochNanos);
    }
  }

  private void emitEstablished(long epochNanos) {
    establishedEmitted = true;
    owner.event(epochNanos, ConnectionEvent.Kind.ESTABLISHED, this);
  }

  private void emitClose(long epochNanos) {
    if (closeEmitted) {
      return;
    }
    if (clientSide == 0) {
      assignRoles(key.portA > key.portB);
    }
    closeEmitted = true;
    owner.event(epochNanos, ConnectionEvent.Kind.CLOSE, this);
  }
}
