package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both pause sources see each provoked full GC as a pause ending during the call on the monotonic
 * clock (JMX: up to its notification delay late) with a plausible duration: at least 1 ms with a
 * live set, at most the wall time of {@code System.gc()} (plus the 1 ms resolution of JMX).
 */
class GcPausesTest {
  static volatile Object sink;

  @ParameterizedTest
  @EnumSource(value = GcPauseSource.class, names = {"JMX", "JFR"})
  void aProvokedFullGcIsOnePauseInsideTheCallWithAPlausibleDuration(GcPauseSource source)
      throws Exception {
    // a live set, so that a full GC has real work to do (a few ms, not a sub-ms no-op)
    List<int[]> live = new ArrayList<>();
    for (int i = 0; i < 200_000; i++) {
      live.add(new int[8]);
    }
    long resolutionNanos = source == GcPauseSource.JMX ? TimeUnit.MILLISECONDS.toNanos(1) : 0;
    try (GcPauses pauses = source == GcPauseSource.JMX ? GcPauseNotifications.start()
        : GcPauseStream.start()) {
      List<long[]> calls = new ArrayList<>();
      for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 10_000; i++) {
          sink = new byte[256];
        }
        long t0 = System.nanoTime();
        System.gc();
        long t1 = System.nanoTime();
        calls.add(new long[] {t0, t1});
        sink = live; // keep the live set alive across the collection
        Thread.sleep(100); // calls far enough apart that a late-mapped pause is not the next call's
      }
      long lastNanos = calls.get(calls.size() - 1)[1];
      long untilNanos = System.nanoTime() + pauses.maxDeliveryDelayNanos() + TimeUnit.SECONDS.toNanos(1);
      while (pauses.deliveredUpToNanos() - lastNanos < 0 && System.nanoTime() - untilNanos < 0) {
        Thread.sleep(10);
      }
      assertTrue(pauses.deliveredUpToNanos() - lastNanos >= 0,
          source + ": delivered up to the last call within its delivery delay");
      List<GcPauses.Pause> seen = new ArrayList<>();
      for (GcPauses.Pause p; (p = pauses.poll()) != null; ) {
        seen.add(p);
      }
      for (long[] call : calls) {
        long callNanos = call[1] - call[0];
        // the end maps through the wall clock (JFR: within 2 ms) or a ms clock whose offset is
        // learnt from receipt times (JMX: late by the notification delay, measured 14 ms in a
        // fresh test JVM, whose notification path is still interpreted)
        long earlyNanos = TimeUnit.MILLISECONDS.toNanos(2);
        long lateNanos = TimeUnit.MILLISECONDS.toNanos(source == GcPauseSource.JMX ? 50 : 2);
        GcPauses.Pause inCall = null;
        for (GcPauses.Pause p : seen) {
          if (p.endNanos() >= call[0] - earlyNanos && p.endNanos() <= call[1] + lateNanos
              && (inCall == null || p.durationNanos() > inCall.durationNanos())) {
            inCall = p;
          }
        }
        assertTrue(inCall != null, source + ": a pause ended during System.gc() (" + call[0] + ".."
            + call[1] + "), seen " + seen);
        assertTrue(inCall.durationNanos() <= callNanos + resolutionNanos,
            source + ": " + inCall + " lasts no longer than the call, " + callNanos + " ns");
        assertTrue(inCall.durationNanos() >= (source == GcPauseSource.JMX ? 1_000_000 : 100_000),
            source + ": a full GC with a live set is not free: " + inCall);
      }
      assertTrue(pauses.failure() == null, String.valueOf(pauses.failure()));
    } finally {
      // the live set must survive every System.gc() above (the >= 1 ms duration bound relies on
      // it); a fence says so, where the former assertion on its size could not fail
      Reference.reachabilityFence(live);
    }
  }
}
