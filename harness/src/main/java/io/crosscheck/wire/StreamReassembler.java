package io.crosscheck.wire;

import java.util.Arrays;

/**
 * Puts one direction of a TCP connection back in sequence order and hands it on as a series of
 * (stream range, timestamp, available bytes) pieces: {@link TcpConnection#data}. A piece's bytes
 * may be only partly present (the snap length cut the segment, or the capture lost it: a gap), so
 * that downstream can count bytes it cannot read.
 *
 * <ul>
 *   <li>Retransmissions are ignored: the timestamp of the <em>first</em> captured transmission of
 *       a byte is the one reported, and no byte is counted twice.
 *   <li>Overlapping segments contribute only their new bytes.
 *   <li>Segments ahead of a hole are copied into a bounded buffer (per direction) until the hole
 *       fills, and are then timestamped by the later of their own capture and the hole's filling; when the buffer is full the segment is dropped and counted (its bytes later show as a
 *       gap). A zero-window probe is either a retransmission or new data and needs no special case.
 *   <li>A hole the peer has acknowledged was lost by the capture, not by the network: it is skipped
 *       at once as a gap (known length, unknown content), timestamped by the acknowledging segment.
 *       This assumes the capture never shows an ACK before the data it acknowledges (true on the
 *       hosts' own interfaces and on loopback; a mirror port merging two links may break it, and
 *       the late data then counts as retransmitted).
 *   <li>Data after the FIN is ignored. Sequence numbers wrap modulo 2^32; positions are compared
 *       by signed 32-bit difference and kept as 64-bit stream offsets.
 * </ul>
 *
 * Not thread-safe.
 */
final class StreamReassembler {
  /** Segments further than this from the expected sequence number are nonsense, not reordering. */
  private static final int MAX_WINDOW = 1 << 30;
  private static final int MAX_PENDING_SEGMENTS = 1_024;

  private final TcpConnection owner;
  private final boolean fromA;
  private final WireCounters counters;
  private final int maxBufferedBytes;

  private boolean initialized;
  private int nextSeq;
  /** Stream offset of {@link #nextSeq}: bytes handed on so far, gaps included. */
  private long deliveredBytes;
  private boolean finSeen;
  private int finSeq;
  private boolean ended;
  /** Instant of the last piece handed on. */
  private long lastEpochNanos = -1;
  /**
   * The highest acknowledgement of this direction the peer sent, as a stream offset; {@link
   * Long#MIN_VALUE} until one was seen after this direction's start was known.
   */
  private long acknowledgedOffset = Long.MIN_VALUE;

  private static final Pending[] NO_PENDING = {};

  private Pending[] pending = NO_PENDING;
  private int pendingCount;
  private int pendingBytes;

  private static final class Pending {
    long offset;
    long epochNanos;
    byte[] bytes;
    int totalBytes;
  }

  StreamReassembler(TcpConnection owner, boolean fromA, WireCounters counters, int maxBufferedBytes) {
    this.owner = owner;
    this.fromA = fromA;
    this.counters = counters;
    this.maxBufferedBytes = maxBufferedBytes;
  }

  /** A SYN (or SYN-ACK) from this direction: data starts at {@code isn + 1}. */
  void syn(int isn) {
    if (!initialized) {
      initialized = true;
      nextSeq = isn + 1;
    }
  }

  boolean ended() {
    return ended;
  }

  /**
   * How much of this direction the peer had received when it last acknowledged it: a stream
   * offset, {@link Long#MIN_VALUE} when no acknowledgement was seen since this direction's start
   * was known. (Where the FIN was acknowledged, one more than the data.)
   */
  long acknowledgedOffset() {
    return acknowledgedOffset;
  }

  /** One captured segment of this direction (payload may be empty). */
  void segment(long epochNanos, int seq, byte[] data, int offset, int availableBytes, int totalBytes, boolean fin) {
    if (ended) {
      if (totalBytes > 0) {
        counters.retransmittedBytes += totalBytes;
      }
      return;
    }
    if (!initialized) {
      initialized = true;
      nextSeq = seq;
    }
    int diff = seq - nextSeq;
    if (diff > MAX_WINDOW || diff < -MAX_WINDOW) {
      counters.outOfWindowSegments++;
      return;
    }
    if (fin && !finSeen) {
      finSeen = true;
      finSeq = seq + totalBytes;
    }
    if (finSeen && totalBytes > 0) {
      int beyondFin = (seq + totalBytes) - finSeq;
      if (beyondFin > 0) { // data after the FIN is ignored
        totalBytes = Math.max(0, totalBytes - beyondFin);
        availableBytes = Math.min(availableBytes, totalBytes);
      }
    }
    if (totalBytes > 0) {
      if (diff + totalBytes <= 0) {
        counters.retransmittedBytes += totalBytes;
      } else if (diff <= 0) {
        int trim = -diff;
        counters.overlappingBytes += trim;
        deliver(epochNanos, true, data, offset + trim, Math.max(0, availableBytes - trim), totalBytes - trim);
        drain(epochNanos, false);
      } else {
        buffer(deliveredBytes + diff, epochNanos, data, offset, availableBytes, totalBytes);
      }
    }
    checkFin(epochNanos);
  }

  /**
   * The peer acknowledged up to {@code ack}: everything before it reached the peer, so a hole
   * below it was lost by the capture.
   */
  void acknowledged(long epochNanos, int ack) {
    if (!initialized || ended) {
      return;
    }
    int diff = ack - nextSeq;
    if (diff > MAX_WINDOW || diff < -MAX_WINDOW) {
      return;
    }
    acknowledgedOffset = Math.max(acknowledgedOffset, deliveredBytes + diff);
    if (diff <= 0) {
      return;
    }
    if (finSeen) {
      diff = Math.min(diff, finSeq - nextSeq); // the FIN's own sequence number is not data
    }
    skipTo(epochNanos, deliveredBytes + diff);
    checkFin(epochNanos);
  }

  /** End of capture or reset: whatever is buffered is handed on, holes becoming gaps. */
  void flush(long epochNanos) {
    if (!initialized || ended) {
      return;
    }
    if (pendingCount > 0) {
      Pending last = pending[pendingCount - 1];
      skipTo(Long.MIN_VALUE, last.offset + last.totalBytes);
    }
    if (finSeen && finSeq - nextSeq > 0 && finSeq - nextSeq < MAX_WINDOW) {
      skipTo(Long.MIN_VALUE, deliveredBytes + (finSeq - nextSeq));
    }
    checkFin(epochNanos);
  }

  /** Drops buffers; nothing more will be delivered. */
  void release() {
    ended = true;
    pending = NO_PENDING;
    pendingCount = 0;
    pendingBytes = 0;
  }

  /**
   * Declares everything up to {@code targetOffset} received, holes becoming gaps. {@code
   * epochNanos} is when that became known (an acknowledgment); {@link Long#MIN_VALUE} at a flush,
   * where a gap takes the instant of the data after it and buffered data keeps its own.
   */
  private void skipTo(long epochNanos, long targetOffset) {
    while (deliveredBytes < targetOffset) {
      long until = pendingCount > 0 ? Math.min(targetOffset, pending[0].offset) : targetOffset;
      if (until > deliveredBytes) {
        int gap = (int) (until - deliveredBytes);
        counters.gapBytes += gap;
        long gapEpochNanos = epochNanos != Long.MIN_VALUE ? epochNanos
            : pendingCount > 0 ? pending[0].epochNanos : lastEpochNanos;
        deliver(gapEpochNanos, false, null, 0, 0, gap);
      }
      drain(epochNanos, epochNanos != Long.MIN_VALUE);
      if (pendingCount == 0 && deliveredBytes >= targetOffset) {
        break;
      }
    }
    drain(epochNanos, epochNanos != Long.MIN_VALUE);
  }

  /** {@code seen}: {@code epochNanos} is when these bytes passed the capture point (not a gap's instant). */
  private void deliver(long epochNanos, boolean seen, byte[] data, int offset, int availableBytes, int totalBytes) {
    lastEpochNanos = epochNanos;
    nextSeq += totalBytes;
    deliveredBytes += totalBytes;
    owner.data(fromA, epochNanos, seen, data, offset, availableBytes, totalBytes);
  }

  /**
   * Hands on buffered segments that became contiguous. A byte that waited for a hole counts as
   * arrived when the hole filled ({@code nowEpochNanos}), not when it was captured: the receiver
   * had the stream up to it only then (as tshark's reassembly sees it). {@code afterLoss}: the hole
   * was lost by the capture and {@code nowEpochNanos} is the acknowledgement that showed it, so a byte
   * stamped with it was not seen at that instant (when the receiver had it is not known).
   */
  private void drain(long nowEpochNanos, boolean afterLoss) {
    while (pendingCount > 0 && pending[0].offset <= deliveredBytes) {
      Pending p = pending[0];
      System.arraycopy(pending, 1, pending, 0, --pendingCount);
      pending[pendingCount] = null;
      pendingBytes -= p.bytes.length;
      int trim = (int) (deliveredBytes - p.offset);
      if (trim >= p.totalBytes) {
        counters.retransmittedBytes += p.totalBytes;
      } else {
        counters.overlappingBytes += trim;
        deliver(Math.max(p.epochNanos, nowEpochNanos), !afterLoss || p.epochNanos >= nowEpochNanos, p.bytes, Math.min(trim, p.bytes.length),
            Math.max(0, p.bytes.length - trim), p.totalBytes - trim);
      }
    }
  }

  private void buffer(long streamOffset, long epochNanos, byte[] data, int offset, int availableBytes, int totalBytes) {
    int at = 0;
    while (at < pendingCount && pending[at].offset < streamOffset) {
      at++;
    }
    if (at < pendingCount && pending[at].offset == streamOffset && pending[at].totalBytes >= totalBytes) {
      counters.retransmittedBytes += totalBytes; // an out-of-order segment retransmitted
      return;
    }
    if (pendingBytes + availableBytes > maxBufferedBytes || pendingCount >= MAX_PENDING_SEGMENTS) {
      counters.droppedOutOfOrderSegments++;
      return;
    }
    counters.outOfOrderSegments++;
    Pending p = new Pending();
    p.offset = streamOffset;
    p.epochNanos = epochNanos;
    p.bytes = Arrays.copyOfRange(data, offset, offset + availableBytes);
    p.totalBytes = totalBytes;
    if (pendingCount == pending.length) {
      pending = Arrays.copyOf(pending, Math.max(4, pendingCount * 2));
    }
    System.arraycopy(pending, at, pending, at + 1, pendingCount - at);
    pending[at] = p;
    pendingCount++;
    pendingBytes += availableBytes;
  }

  private void checkFin(long epochNanos) {
    if (finSeen && !ended && nextSeq == finSeq && pendingCount == 0) {
      ended = true;
      owner.streamEnded(fromA, epochNanos);
    }
  }
}
