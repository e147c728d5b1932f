package io.crosscheck.e2e.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Pairs our exchanges with tshark's timed responses and checks that every pair agrees within
 * {@link #TOLERANCE_NANOS}. A pair is found by (client port, instant of the response's frame):
 * tshark's frame is our last response byte (reassembly on) or our first response byte (off).
 * Responses ending in the same frame (pipelining) are paired in order of their intervals, which
 * is the pairing that minimises the largest difference.
 */
final class Agreement {
  static final long TOLERANCE_NANOS = 1_000;

  /** Which of our intervals tshark's {@code http.time} is compared with. */
  enum Interval {
    /** Reassembly on: the request's last segment to the response's last segment. */
    REQUEST_END_TO_LAST_BYTE,
    /** Reassembly off or a cut capture: the request's (first) segment to the response's first. */
    REPLY_TIME;

    long keyEpochNanos(WireExchange e) {
      return this == REPLY_TIME ? e.firstResponseByteEpochNanos() : e.lastResponseByteEpochNanos();
    }

    long nanos(WireExchange e) {
      return this == REPLY_TIME ? e.replyTimeNanos()
          : e.lastResponseByteEpochNanos() - e.requestEndEpochNanos();
    }
  }

  record Report(String name, long pairs, long maxDiffNanos, long ourExchanges, long ourTimed,
      long tsharkRequests, long tsharkResponses, long tsharkTimed) {
    @Override
    public String toString() {
      return String.format("%s: %d pairs, max |diff| %d ns; requests ours %d / tshark %d; "
          + "tshark responses %d; timed ours %d / tshark %d", name, pairs, maxDiffNanos,
          ourExchanges, tsharkRequests, tsharkResponses, ourTimed, tsharkTimed);
    }
  }

  private record Key(int clientPort, long frameEpochNanos) {}

  private Agreement() {}

  /**
   * Asserts that every tshark timed response has a partner among {@code timed} of ours and every
   * such exchange of ours has a partner in tshark, each pair within 1 µs.
   *
   * @param timed which of our exchanges tshark must have timed
   */
  static Report check(String name, Reconstruction ours, Tshark.Result theirs, Interval interval,
      Predicate<WireExchange> timed) {
    return check(name, ours, theirs, interval::keyEpochNanos, interval::nanos, timed);
  }

  /**
   * As above with any pairing instant and interval of ours: {@code keyEpochNanos} must be the
   * instant of tshark's response frame, {@code nanos} what tshark reports as {@code http.time}.
   */
  static Report check(String name, Reconstruction ours, Tshark.Result theirs,
      ToLongFunction<WireExchange> keyEpochNanos, ToLongFunction<WireExchange> nanos,
      Predicate<WireExchange> timed) {
    Map<Key, List<Long>> ourIntervals = new HashMap<>();
    long ourTimed = 0;
    for (WireExchange e : ours.exchanges()) {
      if (timed.test(e)) {
        ourTimed++;
        ourIntervals.computeIfAbsent(new Key(Reconstruction.clientPort(e), keyEpochNanos.applyAsLong(e)),
            k -> new ArrayList<>()).add(nanos.applyAsLong(e));
      }
    }
    Map<Key, List<Long>> theirIntervals = new HashMap<>();
    for (Tshark.TimedResponse t : theirs.timed()) {
      theirIntervals.computeIfAbsent(new Key(t.clientPort(), t.frameEpochNanos()),
          k -> new ArrayList<>()).add(t.httpTimeNanos());
    }
    long pairs = 0;
    long maxDiffNanos = 0;
    List<String> problems = new ArrayList<>();
    for (Map.Entry<Key, List<Long>> their : theirIntervals.entrySet()) {
      List<Long> mine = ourIntervals.getOrDefault(their.getKey(), List.of());
      List<Long> t = new ArrayList<>(their.getValue());
      List<Long> o = new ArrayList<>(mine);
      Collections.sort(t);
      Collections.sort(o);
      if (t.size() != o.size() && problems.size() < 10) {
        problems.add(their.getKey() + ": tshark " + t + " vs ours " + o);
      }
      for (int i = 0; i < Math.min(t.size(), o.size()); i++) {
        long diff = Math.abs(t.get(i) - o.get(i));
        maxDiffNanos = Math.max(maxDiffNanos, diff);
        pairs++;
        if (diff > TOLERANCE_NANOS && problems.size() < 10) {
          problems.add(their.getKey() + ": tshark " + t.get(i) + " ns vs ours " + o.get(i) + " ns");
        }
      }
    }
    for (Map.Entry<Key, List<Long>> mine : ourIntervals.entrySet()) {
      if (!theirIntervals.containsKey(mine.getKey()) && problems.size() < 10) {
        problems.add(mine.getKey() + ": only ours " + mine.getValue());
      }
    }
    Report report = new Report(name, pairs, maxDiffNanos, ours.exchanges().size(), ourTimed,
        theirs.requests(), theirs.responses(), theirs.timed().size());
    System.out.println("[tshark agreement] " + report + "; wire stats " + ours.stats());
    assertTrue(problems.isEmpty(), report + "\n" + String.join("\n", problems));
    assertEquals(ourTimed, pairs, "every timed exchange of ours paired: " + report);
    assertEquals(theirs.timed().size(), pairs, "every tshark http.time paired: " + report);
    assertTrue(maxDiffNanos <= TOLERANCE_NANOS, report.toString());
    return report;
  }
}
