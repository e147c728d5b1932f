package io.crosscheck.wire;

import java.util.LinkedHashMap;
import java.util.Map;

/** The mutable counters behind {@link WireStats}; single-threaded, owned by one reconstructor. */
final class WireCounters {
  long packets;
  long nonIpPackets;
  long nonTcpPackets;
  long ipFragments;
  long filteredPackets;
  final long[] malformedByReason = new long[Frames.REASONS.length];
  long connections;
  long midConnectionStarts;
  long exchanges;
  long retransmittedBytes;
  long overlappingBytes;
  long outOfOrderSegments;
  long droppedOutOfOrderSegments;
  long outOfWindowSegments;
  long gapBytes;
  long truncatedSegments;
  long unparsableHttp;
  long unmatchedResponses;
  long strayControlSegments;
  long packetsAfterFinish;
  long internalErrors;
  /** Replies per distinct population statement (StatedPopulation), first seen first; at most {@link #MAX_STATEMENTS}. */
  final Map<String, Long> populationStatements = new LinkedHashMap<>();
  static final int MAX_STATEMENTS = 16;

  /** A response stated {@code statement} (the same String instance while it does not change). */
  void populationStated(String statement) {
    if (populationStatements.size() < MAX_STATEMENTS || populationStatements.containsKey(statement)) {
      populationStatements.merge(statement, 1L, Long::sum);
    }
  }
  long packetsBackInTime;
  long maxStepBackNanos;
  long segmentsBackInTimeOnConnection;
  long dataSegmentsBackInTimeOnConnection;
  long connectionsBackInTime;
  long impossibleExchanges;

  WireStats freeze() {
    Map<String, Long> malformed = new LinkedHashMap<>();
    long malformedTotal = 0;
    for (int i = 0; i < malformedByReason.length; i++) {
      if (malformedByReason[i] > 0) {
        malformed.put(Frames.REASONS[i], malformedByReason[i]);
        malformedTotal += malformedByReason[i];
      }
    }
    return new WireStats(packets, nonIpPackets, nonTcpPackets, ipFragments, filteredPackets,
        malformedTotal, Map.copyOf(malformed), connections, midConnectionStarts, exchanges,
        retransmittedBytes, overlappingBytes, outOfOrderSegments, droppedOutOfOrderSegments,
        outOfWindowSegments, gapBytes, truncatedSegments, unparsableHttp, unmatchedResponses,
        strayControlSegments, packetsAfterFinish, internalErrors, packetsBackInTime, maxStepBackNanos,
        segmentsBackInTimeOnConnection, dataSegmentsBackInTimeOnConnection, connectionsBackInTime,
        impossibleExchanges);
  }
}
