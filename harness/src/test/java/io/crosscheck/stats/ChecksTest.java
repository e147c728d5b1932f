package io.crosscheck.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The workload checks on known series (issue 27): the goodness-of-fit tests reject a planted deviation
 * and pass a faithful sample at about their level, the lag-1 check tells an AR(1) series from white
 * noise, MSER-5 finds a planted warm-up. Seeded draws, no network.
 */
class ChecksTest {
  private static final int RUNS = 400;

  @Test
  void ksRejectsThinkTimesOfMeanOneSecondDeclaredAsTwoAndPassesFaithfulOnesAtItsLevel() {
    SplittableRandom r = new SplittableRandom(11);
    int rejectedWrong = 0;
    int rejectedRight = 0;
    for (int run = 0; run < RUNS; run++) {
      double[] think = new double[200];
      for (int i = 0; i < think.length; i++) {
        think[i] = -Math.log(1 - r.nextDouble()); // mean 1 s
      }
      Fit wrong = Fit.kolmogorovSmirnov(think, Fit.exponential(2));
      Fit right = Fit.kolmogorovSmirnov(think, Fit.exponential(1));
      assertEquals(200, wrong.sampleSize());
      rejectedWrong += wrong.verdict() == Fit.Verdict.REJECTED ? 1 : 0;
      rejectedRight += right.verdict() == Fit.Verdict.REJECTED ? 1 : 0;
    }
    System.out.printf(Locale.ROOT, "[fit] KS at 1 %%, 200 exp(1 s) think times: declared 2 s rejected in %d of %d,"
        + " declared 1 s rejected in %d of %d%n", rejectedWrong, RUNS, rejectedRight, RUNS);
    assertEquals(RUNS, rejectedWrong, "a mean off by x2 is always caught at n = 200");
    // 1 % false alarms: 4 of 400 expected; more than 12 is beyond 4 standard errors
    assertTrue(rejectedRight <= 12, "false alarms " + rejectedRight + " of " + RUNS);
  }

  @Test
  void ksAgainstATruncatedDeclarationPassesTruncatedDrawsThatTheUntruncatedOneRejects() {
    // RUBiS caps a think time at ten times its mean... here a harsher cap, 1.5 x the mean, to be seen
    SplittableRandom r = new SplittableRandom(5);
    double[] capped = new double[2_000];
    for (int i = 0; i < capped.length; i++) {
      double x;
      do {
        x = -Math.log(1 - r.nextDouble());
      } while (x > 1.5);
      capped[i] = x;
    }
    assertEquals(Fit.Verdict.REJECTED, Fit.kolmogorovSmirnov(capped, Fit.exponential(1)).verdict());
    Fit truncated = Fit.kolmogorovSmirnov(capped, Fit.truncated(Fit.exponential(1), 0, 1.5));
    assertEquals(Fit.Verdict.FAITHFUL, truncated.verdict(), truncated.toString());
  }

  @Test
  void aSmallSampleIsNotJudged() {
    Fit few = Fit.kolmogorovSmirnov(new double[] {1, 2, 3}, Fit.exponential(1));
    assertEquals(Fit.Verdict.NOT_JUDGED, few.verdict());
    assertTrue(Double.isNaN(few.pValue()));
    assertEquals(Fit.Verdict.NOT_JUDGED, Fit.chiSquare(new long[] {0, 0}, new double[] {0.5, 0.5}).verdict());
  }

  @Test
  void chiSquareRejectsAMixWithOneStatesShareHalvedAndPassesTheDeclaredOne() {
    double[] shares = {0.4, 0.3, 0.2, 0.1};
    double[] halved = {0.4 + 0.05, 0.3 + 0.05, 0.2, 0.05}; // the last state's probability halved
    SplittableRandom r = new SplittableRandom(3);
    int rejectedPlanted = 0;
    int rejectedFaithful = 0;
    for (int run = 0; run < RUNS; run++) {
      rejectedPlanted += Fit.chiSquare(counts(r, halved, 2_000), shares).verdict() == Fit.Verdict.REJECTED ? 1 : 0;
      rejectedFaithful += Fit.chiSquare(counts(r, shares, 2_000), shares).verdict() == Fit.Verdict.REJECTED ? 1 : 0;
    }
    System.out.printf(Locale.ROOT, "[fit] chi-square at 1 %%, 2,000 pages in 4 states: one share halved rejected in"
        + " %d of %d, the declared mix rejected in %d of %d%n", rejectedPlanted, RUNS, rejectedFaithful, RUNS);
    assertTrue(rejectedPlanted >= RUNS * 0.99, "planted deviation caught in " + rejectedPlanted);
    assertTrue(rejectedFaithful <= 12, "false alarms " + rejectedFaithful);
  }

  @Test
  void chiSquareMergesRareStatesAndRejectsAnImpossibleOneSeen() {
    Fit merged = Fit.chiSquare(new long[] {500, 497, 2, 1}, new double[] {0.5, 0.497, 0.002, 0.001});
    assertEquals(1, merged.degreesOfFreedom(), "the two rare states (expected 2 and 1) merged into one bin");
    assertEquals(Fit.Verdict.FAITHFUL, merged.verdict(), merged.toString());
    Fit impossible = Fit.chiSquare(new long[] {500, 499, 1}, new double[] {0.5, 0.5, 0});
    assertEquals(Fit.Verdict.REJECTED, impossible.verdict());
    assertEquals(0.0, impossible.pValue());
    assertThrows(IllegalArgumentException.class, () -> Fit.chiSquare(new long[] {1}, new double[] {0.5, 0.5}));
  }

  @Test
  void lag1TellsAnAutocorrelatedSeriesFromWhiteNoise() {
    SplittableRandom r = new SplittableRandom(8);
    int whiteFlagged = 0;
    int ar1Flagged = 0;
    for (int run = 0; run < RUNS; run++) {
      double[] white = new double[500];
      double[] ar1 = new double[500];
      double prev = 0;
      for (int i = 0; i < white.length; i++) {
        double e = IntervalsCoverageTest.gaussian(r);
        white[i] = e;
        prev = 0.3 * prev + e; // a queue carries part of each delay to the next request
        ar1[i] = prev;
      }
      whiteFlagged += Lag1.of(white).independent() ? 0 : 1;
      ar1Flagged += Lag1.of(ar1).independent() ? 0 : 1;
    }
    System.out.printf(Locale.ROOT, "[lag-1] 500 values at 95 %%: white noise flagged in %d of %d, AR(1) 0.3 in %d%n",
        whiteFlagged, RUNS, ar1Flagged);
    assertTrue(ar1Flagged >= RUNS * 0.99, "AR(1) with phi 0.3 flagged " + ar1Flagged);
    // 5 % expected (20 of 400); 36 is beyond 3.6 standard errors
    assertTrue(whiteFlagged <= 36, "white noise flagged " + whiteFlagged);
    assertFalse(Lag1.of(new double[] {2, 2, 2, 2}).independent(), "a constant series is not judged independent");
  }

  @Test
  void mser5FindsAPlantedWarmUpAndNoneInASteadySeries() {
    SplittableRandom r = new SplittableRandom(4);
    double[] series = new double[2_000];
    for (int i = 0; i < series.length; i++) {
      // the first 300 responses decay from 5x slower (a cold JIT) to the steady level
      double cold = i < 300 ? 4.0 * (300 - i) / 300 : 0;
      series[i] = 1 + cold + 0.2 * IntervalsCoverageTest.gaussian(r);
    }
    WarmUp w = WarmUp.mser5(series);
    assertTrue(w.steady());
    assertTrue(w.warmUpValues() >= 200 && w.warmUpValues() <= 400, "warm-up found at " + w.warmUpValues());
    double[] steady = new double[2_000];
    for (int i = 0; i < steady.length; i++) {
      steady[i] = 1 + 0.2 * IntervalsCoverageTest.gaussian(r);
    }
    WarmUp none = WarmUp.mser5(steady);
    assertTrue(none.warmUpValues() <= 100, "a steady series: warm-up " + none.warmUpValues());
    double[] rising = new double[200];
    for (int i = 0; i < rising.length; i++) {
      rising[i] = i; // an overloaded server: never settles
    }
    assertFalse(WarmUp.mser5(rising).steady(), "a series that only rises has no steady state");
    assertThrows(IllegalArgumentException.class, () -> WarmUp.mser5(new double[19]));
  }

  private static long[] counts(SplittableRandom r, double[] shares, int n) {
    long[] c = new long[shares.length];
    for (int i = 0; i < n; i++) {
      double u = r.nextDouble();
      int k = 0;
      while (k < shares.length - 1 && u >= shares[k]) {
        u -= shares[k];
        k++;
      }
      c[k]++;
    }
    return c;
  }
}
