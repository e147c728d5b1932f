package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.crosscheck.report.FindingsSentences;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.wire.WireExchange;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The --wan audit's verdict on the link is data: the frame counts of run.json's wan section, the wire's reply
 * times against the link's round trip and the handshakes, with a verdict; findings.json holds no sentence of it
 * ({@code FindingsTableGoldenTest} pins the words).
 */
class WanCheckTest {
  private static final long RTT_NANOS = 20_000_000L;

  private static RunJson.WanSection wan(String linkFailure) {
    return new RunJson.WanSection("rtt=20ms", "rtt=20ms", RTT_NANOS, 0, 0, 0, 1500, 1, "tap", "ccwan-1-0-c", "tap0",
        "127.0.0.2", "ccwan-1-0-s", "127.0.0.1:8080", new RunJson.LinkSection(120, 9_000, 117, 2, 1, 1514),
        new RunJson.LinkSection(100, 80_000, 100, 0, 0, 1514), linkFailure);
  }

  /** A connection's exchange: its first byte at {@code startNanos}, its reply's first byte {@code replyNanos} later. */
  private static WireExchange exchange(int index, long startNanos, long replyNanos, long connectNanos) {
    return new WireExchange("127.0.0.1:4000" + index, 1_000L, "127.0.0.1:8080", index == 9 ? 1 : 0, false,
        connectNanos, startNanos, startNanos + 100, replyNanos < 0 ? -1 : startNanos + replyNanos,
        replyNanos < 0 ? -1 : startNanos + replyNanos + 500, "GET", "/", replyNanos < 0 ? 0 : 200, 70, 900,
        replyNanos < 0 ? "no-response" : "");
  }

  @Test
  void aLinkThatHeldHasEveryReplyAtLeastOneRoundTripLate() {
    Findings.Wan w = WanCheck.judge(wan(null), List.of(exchange(1, 10_000, 21_000_000, 20_500_000),
        exchange(2, 20_000, 25_000_000, 22_000_000), exchange(3, 30_000, 40_000_000, 20_000_000),
        exchange(4, 40_000, -1, -1)));
    assertEquals(Findings.WanVerdict.HELD, w.verdict());
    assertEquals(3, w.exchanges(), "the exchange without a reply has no reply time");
    assertEquals(0, w.belowRtt());
    assertEquals(21_000.0, w.minReplyMicros());
    assertEquals(3, w.handshakes());
    assertEquals(20_500.0, w.medianHandshakeMicros(), "the middle of 3 sorted: 20.0, 20.5, 22.0 ms");
    assertEquals(20_000.0, w.rttMicros());
    assertEquals(120, w.upFrames());
    assertEquals(117L, w.upDelayed());
    assertEquals(2, w.upLost());
    assertEquals(1, w.upQueueDropped());
    assertEquals(100L, w.downDelayed());
    assertEquals("tap0", w.clientInterface());
    assertEquals("ccwan-1-0-c", w.clientNamespace());
    assertNull(w.statement(), "the words are the report's");
    assertNull(w.evidence());
    assertNull(w.linkFailure());
  }

  @Test
  void aReplySoonerThanTheRoundTripMeansTheCaptureMissedTheLink() {
    Findings.Wan w = WanCheck.judge(wan("tap0: read failed"), List.of(exchange(1, 10_000, 5_000_000, -1),
        exchange(2, 20_000, 30_000_000, -1)));
    assertEquals(Findings.WanVerdict.BELOW_RTT, w.verdict());
    assertEquals(1, w.belowRtt());
    assertEquals(2, w.exchanges());
    assertEquals(5_000.0, w.minReplyMicros());
    assertEquals(0, w.handshakes());
    assertNull(w.medianHandshakeMicros());
    assertEquals("tap0: read failed", w.linkFailure());
  }

  @Test
  void noReplyOnTheWireMeasuresNothingThroughTheLink() {
    Findings.Wan w = WanCheck.judge(wan(null), List.of(exchange(1, 10_000, -1, -1)));
    assertEquals(Findings.WanVerdict.NO_REPLY, w.verdict());
    assertEquals(0, w.exchanges());
    assertNull(w.minReplyMicros());
    assertNull(WanCheck.judge(null, List.of()), "no --wan, no section");
  }

  /** Every verdict renders, without a "null" (the golden test pins the words of a real --wan audit). */
  @Test
  void everyVerdictRendersWithoutNull() {
    for (List<WireExchange> wire : List.of(List.of(exchange(1, 10_000, 21_000_000, 20_500_000)),
        List.of(exchange(1, 10_000, 5_000_000, -1)), List.<WireExchange>of())) {
      for (String failure : new String[] {null, "tap0: read failed"}) {
        Findings f = Findings.builder().wan(WanCheck.judge(wan(failure), wire)).build();
        String words = FindingsSentences.wan(f) + "\n" + FindingsSentences.wanEvidence(f);
        assertFalse(words.contains("null"), words);
        assertEquals(failure != null, words.contains(String.valueOf(failure)), words);
      }
    }
    assertNull(FindingsSentences.wan(Findings.builder().build()));
    assertNull(FindingsSentences.wanEvidence(Findings.builder().build()));
  }
}
