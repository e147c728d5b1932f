package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.rundir.Findings.Confidence;
import io.crosscheck.rundir.Findings.ConfidenceWarning;
import io.crosscheck.stats.ConfidenceInterval;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The response times' confidence from pairs (issue 27): the estimates are the figures' own, the checks
 * read the pairs in wire order whatever order they come in, and the methods and warnings follow the
 * pair count and the series.
 */
class ResponseTimeConfidenceTest {

  @Test
  void theIntervalsBoundTheFiguresOwnEstimatesInMicroseconds() {
    int n = 1_000;
    long[] reported = new long[n];
    long[] wire = new long[n];
    long[] start = new long[n];
    SplittableRandom r = new SplittableRandom(1);
    double reportedSum = 0;
    double wireSum = 0;
    for (int i = 0; i < n; i++) {
      wire[i] = 100_000 + r.nextInt(50_000); // 100-150 us, independent
      reported[i] = wire[i] + 20_000 + r.nextInt(1_000); // ~20.5 us later
      start[i] = 1_000_000L * i;
      reportedSum += reported[i];
      wireSum += wire[i];
    }
    Confidence c = ResponseTimeConfidence.of(reported, wire, start);
    assertEquals(wireSum / n / 1e3, c.wireMeanMicros().estimate(), 1e-6);
    assertEquals((reportedSum - wireSum) / n / 1e3, c.absoluteErrorMicros().estimate(), 1e-6);
    assertEquals(ConfidenceInterval.Method.BATCH_MEANS, c.absoluteErrorMicros().method());
    assertEquals(n, c.absoluteErrorMicros().sampleSize());
    assertTrue(c.absoluteErrorMicros().low() > 20 && c.absoluteErrorMicros().high() < 21, c.toString());
    assertTrue(c.wireP99Micros().bounded(), "1,000 pairs bound the p99 on both sides: " + c.wireP99Micros());
    assertEquals(List.of(), c.warnings(), "independent, steady: " + c);
  }

  @Test
  void theChecksReadThePairsInWireOrderNotTheOrderTheyArrive() {
    int n = 400;
    long[] wire = new long[n];
    long[] start = new long[n];
    for (int i = 0; i < n; i++) {
      // in wire order a slow rise over the whole phase: no steady state, strongly correlated
      int k = (i * 7) % n; // the pairs arrive shuffled (n is not a multiple of 7)
      wire[i] = 100_000 + 1_000L * k;
      start[i] = 1_000_000L * k;
    }
    Confidence c = ResponseTimeConfidence.of(wire.clone(), wire, start);
    assertTrue(c.wireLag1().r() > 0.9, "in wire order the series rises: " + c.wireLag1());
    assertTrue(c.warnings().contains(ConfidenceWarning.SERIAL_CORRELATION), c.warnings().toString());
    assertTrue(c.warnings().contains(ConfidenceWarning.NO_STEADY_STATE), c.warnings().toString());
  }

  @Test
  void fewPairsGetStudentsTAndNoChecksAndOneGetsNothing() {
    long[] wire = {100_000, 120_000, 110_000, 130_000, 90_000};
    Confidence c = ResponseTimeConfidence.of(wire.clone(), wire, new long[] {1, 2, 3, 4, 5});
    assertNotNull(c);
    assertEquals(ConfidenceInterval.Method.STUDENT_T, c.wireMeanMicros().method());
    assertNull(c.wireLag1());
    assertNull(c.wireWarmUp());
    assertEquals(List.of(ConfidenceWarning.TOO_FEW_PAIRS), c.warnings());
    assertTrue(!c.wireP99Micros().bounded(), "5 pairs cannot bound a p99: " + c.wireP99Micros());
    assertNull(ResponseTimeConfidence.of(new long[] {1}, new long[] {1}, new long[] {1}), "no interval from 1 pair");
  }
}
