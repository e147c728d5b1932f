package io.crosscheck.wire;

import java.util.Map;

/**
 * What {@link WireReconstructor} saw and could not use, returned by {@link
 * WireReconstructor#finish}: frame counts and byte counts. Immutable.
 * The categories {@code nonIpPackets}, {@code nonTcpPackets}, {@code ipFragments}, {@code
 * filteredPackets}, {@code malformedPackets}, {@code strayControlSegments} and {@code
 * packetsAfterFinish} are disjoint.
 *
 * @param packets frames handed to the reconstructor
 * @param nonIpPackets frames that were not IPv4/IPv6 (ARP, LLDP...)
 * @param nonTcpPackets IP packets that were not TCP
 * @param ipFragments IPv4/IPv6 fragments (not reassembled, skipped)
 * @param filteredPackets TCP segments not to or from {@link WireOptions#serverPort}
 * @param malformedPackets frames whose headers were impossible or cut before the TCP header
 * @param malformedByReason {@code malformedPackets} by reason ({@code ip-total-length},
 *     {@code tcp-header-length}...), reasons with a zero count omitted
 * @param connections TCP connections reconstructed (a reused 4-tuple counts again)
 * @param midConnectionStarts connections whose SYN was not captured
 * @param exchanges HTTP exchanges reported, complete or not
 * @param retransmittedBytes payload bytes received again entirely (ignored)
 * @param overlappingBytes already-received bytes at the start of a segment that also carried new
 *     data (ignored)
 * @param outOfOrderSegments segments that arrived ahead of a hole and were buffered
 * @param droppedOutOfOrderSegments out-of-order segments dropped because the buffer was full
 * @param outOfWindowSegments segments more than 1 GiB away from the expected sequence number
 * @param gapBytes sequence space never captured (capture loss), counted as known length, unknown
 *     content
 * @param truncatedSegments segments whose payload was cut by the snap length
 * @param unparsableHttp streams or messages that were not HTTP/1.x
 * @param unmatchedResponses responses with no captured request (e.g. mid-connection starts)
 * @param strayControlSegments segments without payload for no known connection (late ACKs, FINs
 *     and RSTs of connections already ended or begun before the capture)
 * @param packetsAfterFinish frames handed over after {@link WireReconstructor#finish}
 * @param internalErrors frames whose processing hit a defect of the reconstructor (should be 0)
 * @param packetsBackInTime frames (any kind) whose timestamp is earlier than that of a frame before them in the
 *     capture: the capture's own order. Frames of different connections interleaved a little out of order (a
 *     multi-queue NIC, a merged file) do no harm: each connection is rebuilt on its own
 * @param maxStepBackNanos the largest of those steps back: the latest timestamp so far minus the frame's
 * @param segmentsBackInTimeOnConnection segments earlier than a segment before them on the same connection
 * @param dataSegmentsBackInTimeOnConnection of those, segments carrying payload or a SYN earlier than such a
 *     segment before them on the connection: the instants an exchange is made of are then out of order, and the
 *     capture's wire times cannot be trusted (a pure ACK or a FIN racing the other side's segment is harmless)
 * @param connectionsBackInTime connections with at least one such data segment
 * @param impossibleExchanges exchanges whose instants run backwards (response before request, last response
 *     byte before the first, request end before its start): reported with note {@code timestamps-backwards},
 *     never with a negative time
 */
public record WireStats(
    long packets,
    long nonIpPackets,
    long nonTcpPackets,
    long ipFragments,
    long filteredPackets,
    long malformedPackets,
    Map<String, Long> malformedByReason,
    long connections,
    long midConnectionStarts,
    long exchanges,
    long retransmittedBytes,
    long overlappingBytes,
    long outOfOrderSegments,
    long droppedOutOfOrderSegments,
    long outOfWindowSegments,
    long gapBytes,
    long truncatedSegments,
    long unparsableHttp,
    long unmatchedResponses,
    long strayControlSegments,
    long packetsAfterFinish,
    long internalErrors,
    long packetsBackInTime,
    long maxStepBackNanos,
    long segmentsBackInTimeOnConnection,
    long dataSegmentsBackInTimeOnConnection,
    long connectionsBackInTime,
    long impossibleExchanges) {

  /** Whether the instants of some connection's data run backwards: its wire times are not to be judged. */
  public boolean outOfOrder() {
    return dataSegmentsBackInTimeOnConnection > 0 || impossibleExchanges > 0;
  }
}
