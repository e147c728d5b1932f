package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.CaptureClock;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A capture taken on the server host, simulated exactly: each request leaves the generator {@link
 * #SEND_STAMP_NANOS} after its send stamp, crosses the path in {@link #PATH_NANOS}, the server
 * answers in {@link #SERVICE_NANOS}, and the reply crosses back and is read {@link #READ_NANOS}
 * after it arrives; the capture stamps on a clock {@code theta(t)} ahead of the generator's.
 */
class CaptureAlignmentTest {
  static final long EPOCH = 1_700_000_000_000_000_000L;
  static final ClockMap GEN = ClockMap.of(List.of(new ClockOffset(EPOCH, 1_000, 0)));
  static final long SEND_STAMP_NANOS = 30_000;
  static final long PATH_NANOS = 8_000;
  static final long SERVICE_NANOS = 400_000;
  static final long READ_NANOS = 25_000;
  static final long TRANSFER_NANOS = 120_000;

  private record Traffic(List<RequestRecord> records, List<WireExchange> exchanges) {}

  /**
   * {@code connections} connections of {@code perConnection} requests, one every 50 ms; {@code
   * named} false: the generator names no connection (the JDK's URL.openStream).
   */
  private static Traffic traffic(int connections, int perConnection, long gapNanos, boolean named,
      LongUnaryOperator theta) {
    List<RequestRecord> records = new ArrayList<>();
    List<WireExchange> exchanges = new ArrayList<>();
    long t = 1_000_000_000L;
    for (int c = 0; c < connections; c++) {
      String id = "127.0.9.1:" + (40_000 + c);
      long open = t;
      long synWire = open + PATH_NANOS;
      t += 200_000;
      for (int i = 0; i < perConnection; i++) {
        long send = t;
        long arrive = send + SEND_STAMP_NANOS + PATH_NANOS;
        long replyOut = arrive + SERVICE_NANOS;
        long replyLastOut = replyOut + TRANSFER_NANOS;
        long read = replyOut + PATH_NANOS + READ_NANOS;
        long readLast = replyLastOut + PATH_NANOS + READ_NANOS;
        String url = "/page/" + (i % 4);
        records.add(new RequestRecord(c, c, i, "GET", url, named ? id : "", named ? open : -1, i > 0, send, send,
            read, readLast, 200, 80, 2000, Outcome.OK, Phase.MEASURE, ""));
        exchanges.add(new WireExchange(id, EPOCH + synWire + theta.applyAsLong(synWire), "127.0.9.2:8080", i, false,
            -1, EPOCH + arrive + theta.applyAsLong(arrive), EPOCH + arrive + theta.applyAsLong(arrive),
            EPOCH + replyOut + theta.applyAsLong(replyOut), EPOCH + replyLastOut + theta.applyAsLong(replyLastOut),
            "GET", url, 200, 80, 2000, ""));
        t += gapNanos;
      }
    }
    return new Traffic(records, exchanges);
  }

  @Test
  void anOffsetOfSecondsIsFoundWithinItsUncertaintyFromRequestsAndReplies() throws Exception {
    long theta = 2_500_000_000L;
    Traffic tr = traffic(5, 20, 50_000_000L, true, t -> theta);
    CaptureAlignment.Result r = CaptureAlignment.align(tr.records(), tr.exchanges(), GEN,
        CaptureAlignment.Mode.FOREIGN, "test");
    CaptureClock c = r.finding();
    assertEquals(CaptureClock.FOREIGN, c.mode());
    assertEquals(100, c.exchanges(), "every exchange matched by connection bounds the offset");
    // hi = theta + stamp-to-wire + path; lo = theta - path - read: the truth is inside, the width is known
    assertEquals((theta + SEND_STAMP_NANOS + PATH_NANOS) / 1e3, c.hiMicros(), 1e-6);
    assertEquals((theta - PATH_NANOS - READ_NANOS) / 1e3, c.loMicros(), 1e-6);
    double u = (SEND_STAMP_NANOS + 2 * PATH_NANOS + READ_NANOS) / 2e3;
    assertEquals(u, c.uncertaintyMicros(), 1e-6);
    assertTrue(Math.abs(c.offsetMicros() - theta / 1e3) <= c.uncertaintyMicros(), c.toString());
    assertNull(c.driftMicros(), "one offset fits: " + c);
    // aligned: offset +2500002.5 us +/- 35.5 us from 100 exchanges (bounds from requests and replies)
    assertEquals(2_500_002.5, c.offsetMicros(), 1e-6);
    assertEquals(35.5, c.uncertaintyMicros(), 1e-6);
    assertEquals(CaptureClock.Choice.OPTION, c.choice());
    assertEquals("test", c.chosenBy(), "the option as given");
    assertNull(c.statement(), "the sentence is the renderer's");
    // the aligned mapping carries the capture's clock and the alignment's uncertainty
    assertEquals(EPOCH + r.offsetAtStartNanos(), r.clock().toEpochNanos(0));
    assertEquals(1_000 + (long) (u * 1e3), r.clock().uncertaintyAt(5_000_000_000L));
  }

  @Test
  void withoutConnectionsTheUrlsAndTimesPlaceTheCapture() throws Exception {
    long theta = -1_200_000_000L;
    Traffic tr = traffic(3, 30, 40_000_000L, false, t -> theta);
    CaptureClock c = CaptureAlignment.align(tr.records(), tr.exchanges(), GEN, CaptureAlignment.Mode.AUTO, "auto")
        .finding();
    assertEquals(CaptureClock.FOREIGN, c.mode(), "auto: offset 0 is outside the bounds");
    assertEquals(90, c.exchanges());
    assertTrue(Math.abs(c.offsetMicros() - theta / 1e3) <= c.uncertaintyMicros(), c.toString());
  }

  @Test
  void autoReadsACaptureOnTheGeneratorsClockAsLocal() throws Exception {
    Traffic tr = traffic(2, 10, 50_000_000L, true, t -> 0);
    CaptureAlignment.Result r = CaptureAlignment.align(tr.records(), tr.exchanges(), GEN, CaptureAlignment.Mode.AUTO,
        "auto");
    assertEquals(CaptureClock.LOCAL, r.finding().mode(), r.finding().toString());
    assertEquals(CaptureClock.Choice.AUTO_OFFSET_ZERO_FITS, r.finding().choice());
    assertEquals(0, r.offsetAtStartNanos());
    assertTrue(r.clock() == GEN, "the run's own calibrations map the clocks");
    // forced, the same capture is aligned, and its offset is 0 within the uncertainty
    CaptureClock forced = CaptureAlignment.align(tr.records(), tr.exchanges(), GEN, CaptureAlignment.Mode.FOREIGN,
        "test").finding();
    assertEquals(CaptureClock.FOREIGN, forced.mode());
    assertTrue(Math.abs(forced.offsetMicros()) <= forced.uncertaintyMicros(), forced.toString());
  }

  @Test
  void aDriftingClockIsFittedLinearlyAndSaid() throws Exception {
    // 40 ppm over 60 s: 2.4 ms, far beyond the bounds' width of 71 us
    double rate = 40e-6;
    long base = 700_000_000L;
    Traffic tr = traffic(6, 50, 200_000_000L, true, t -> base + Math.round(rate * t));
    CaptureAlignment.Result r = CaptureAlignment.align(tr.records(), tr.exchanges(), GEN,
        CaptureAlignment.Mode.FOREIGN, "test");
    CaptureClock c = r.finding();
    assertTrue(c.driftMicros() != null, c.toString());
    double span = c.spanSeconds() * 1e9;
    assertEquals(rate * span / 1e3, c.driftMicros(), 1.0, c.toString());
    assertEquals(40.0, c.driftPpm(), 0.005, "drifts +40.00 ppm: " + c);
    assertEquals(c.offsetMicros() + c.driftMicros(), c.offsetAtLastSendMicros(), 1e-3);
    assertTrue(c.boundsCrossMicros() > 0, "one offset does not fit: " + c);
    // at every send the aligned clock is within the uncertainty of the truth
    for (RequestRecord rec : tr.records()) {
      long truth = EPOCH + rec.sendStartNanos() + base + Math.round(rate * rec.sendStartNanos());
      long got = r.clock().toEpochNanos(rec.sendStartNanos());
      assertTrue(Math.abs(got - truth) <= c.uncertaintyMicros() * 1e3 + 1, (got - truth) + " ns at " + rec);
    }
  }

  @Test
  void boundsThatNoOffsetFitsAreRefusedNamingTheEvidence() {
    // a capture whose replies left before their requests arrived: its exchanges are not this generator's
    Traffic tr = traffic(2, 10, 50_000_000L, true, t -> 0);
    List<WireExchange> jumbled = new ArrayList<>();
    for (int i = 0; i < tr.exchanges().size(); i++) {
      WireExchange e = tr.exchanges().get(i);
      long jump = i % 2 == 0 ? 0 : 3_000_000L; // every other exchange's replies stamped 3 ms late
      jumbled.add(new WireExchange(e.connectionId(), e.connectionOpenEpochNanos(), e.serverAddress(),
          e.requestIndex(), false, -1, e.requestStartEpochNanos(), e.requestEndEpochNanos(),
          e.firstResponseByteEpochNanos() + jump, e.lastResponseByteEpochNanos() + jump, e.method(), e.url(),
          e.status(), e.requestBytes(), e.responseBytes(), ""));
    }
    CaptureAlignment.RefusedException e = assertThrows(CaptureAlignment.RefusedException.class,
        () -> CaptureAlignment.align(tr.records(), jumbled, GEN, CaptureAlignment.Mode.FOREIGN, "test"));
    assertTrue(e.getMessage().contains("the bounds cross by"), e.getMessage());
    assertTrue(e.getMessage().contains("on 127.0.9.1:4000"), "names the exchanges: " + e.getMessage());
    assertTrue(e.getMessage().contains("nor does an offset drifting"), e.getMessage());
  }

  @Test
  void aCaptureOfOtherTrafficIsRefusedWhenForcedAndReadAsLocalByAuto() throws Exception {
    Traffic mine = traffic(2, 5, 50_000_000L, true, t -> 0);
    List<WireExchange> other = new ArrayList<>();
    for (WireExchange e : mine.exchanges()) {
      other.add(new WireExchange("127.0.9.7:" + e.connectionId().split(":")[1], e.connectionOpenEpochNanos(),
          e.serverAddress(), e.requestIndex(), false, -1, e.requestStartEpochNanos(), e.requestEndEpochNanos(),
          e.firstResponseByteEpochNanos(), e.lastResponseByteEpochNanos(), "GET", "/elsewhere", 200, 80, 2000, ""));
    }
    CaptureAlignment.RefusedException e = assertThrows(CaptureAlignment.RefusedException.class,
        () -> CaptureAlignment.align(mine.records(), other, GEN, CaptureAlignment.Mode.FOREIGN, "test"));
    assertTrue(e.getMessage().contains("none of the 10 records pairs with an exchange"), e.getMessage());
    CaptureClock auto = CaptureAlignment.align(mine.records(), other, GEN, CaptureAlignment.Mode.AUTO, "auto")
        .finding();
    assertEquals(CaptureClock.LOCAL, auto.mode(), auto.toString());
    assertEquals(CaptureClock.Choice.AUTO_NO_PAIRING, auto.choice());
    assertEquals(10, auto.recordsSent());
  }
}
