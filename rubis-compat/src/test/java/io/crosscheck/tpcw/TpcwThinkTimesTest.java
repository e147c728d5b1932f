package io.crosscheck.tpcw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** Think times and USMDs over 100,000 draws each, against their exact expected means. */
class TpcwThinkTimesTest {
  static final int DRAWS = 100_000;

  /**
   * The exact mean of {@code (long) (tt * (long) (slow * k + 0.5))} for {@code k = floor(-mu ln
   * r)}, r uniform in [0,1), with the cap value {@code cap} for r below {@code capBelow}.
   */
  static double exactMean(double mu, long cap, double capBelow, double tt, double slow) {
    TpcwThinkTimes t = new TpcwThinkTimes(tt, slow);
    double mean = capBelow * (long) (tt * t.slowed(cap));
    double top = -mu * Math.log(capBelow); // r >= capBelow gives -mu ln r <= top
    for (long k = 0; k <= (long) top; k++) {
      // P(k <= -mu ln r < k + 1, r >= capBelow)
      double upper = Math.min(k + 1, top);
      double p = Math.exp(-k / mu) - Math.exp(-upper / mu);
      mean += p * (long) (tt * t.slowed(k));
    }
    return mean;
  }

  @Test
  void thinkTimesHaveTheRbesMeanAndCap() {
    double[][] settings = {{1.0, 1.0}, {0.5, 2.0}, {1.7, 1.0}};
    for (double[] s : settings) {
      double tt = s[0];
      double slow = s[1];
      TpcwThinkTimes t = new TpcwThinkTimes(tt, slow);
      SplittableRandom random = new SplittableRandom(7);
      Draws d = draws(() -> t.thinkMillis(random.nextDouble()), t.maxThinkMillis());
      double mean = d.mean();
      long max = d.max();
      double nominal = 7000 * slow * tt;
      double exact = exactMean(7000, 70_000, 4.54e-5, tt, slow);
      System.out.println(String.format(Locale.ROOT, "[tpcw think] TT %.1f SLOW %.1f: %,d draws, mean"
          + " %.1f ms (nominal %.0f, exact expected %.1f, %+.2f %%), max %,d (cap %,d)", tt, slow,
          DRAWS, mean, nominal, exact, 100 * (mean - exact) / exact, max, t.maxThinkMillis()));
      assertTrue(Math.abs(mean - nominal) < 0.02 * nominal, mean + " vs " + nominal);
      assertTrue(Math.abs(mean - exact) < 0.02 * exact, mean + " vs " + exact);
      assertTrue(max <= t.maxThinkMillis(), max + " above the cap");
    }
    TpcwThinkTimes plain = new TpcwThinkTimes(1, 1);
    assertEquals(70_000, plain.thinkMillis(4.53e-5)); // the cap
    assertEquals(69_999, plain.thinkMillis(4.54e-5)); // floor(-7000 ln 4.54e-5) = 69,999
    assertEquals(0, plain.thinkMillis(0.99999));
    assertEquals(4852, plain.thinkMillis(0.5)); // floor(4852.03)
    assertEquals(7278, new TpcwThinkTimes(1.5, 1).thinkMillis(0.5)); // (long) (1.5 x 4852)
    assertEquals(12130, new TpcwThinkTimes(1, 2.5).thinkMillis(0.5)); // (long) (2.5 x 4852 + 0.5)
  }

  @Test
  void theFirstThinkIsUniformFrom100To20099TimesTt() {
    for (double tt : new double[] {1.0, 0.25}) {
      TpcwThinkTimes t = new TpcwThinkTimes(tt, 3.0); // SLOW does not apply
      TpcwRandom random = new TpcwRandom(11);
      Draws d = draws(() -> t.firstThinkMillis(random.nextInt(TpcwThinkTimes.FIRST_THINK_SPAN_MILLIS)), -1);
      long min = d.min();
      long max = d.max();
      double mean = d.mean();
      System.out.println(String.format(Locale.ROOT, "[tpcw think] first, TT %.2f: %,d draws, min %d"
          + " max %d mean %.1f ms (expected %d..%d, mean %.1f)", tt, DRAWS, min, max, mean,
          (long) (100 * tt), (long) (20_099 * tt), 10_099.5 * tt));
      assertTrue(min >= (long) (100 * tt) && min <= (long) (150 * tt), "min " + min);
      assertTrue(max <= (long) (20_099 * tt) && max >= (long) (20_049 * tt), "max " + max);
      assertTrue(Math.abs(mean - 10_099.5 * tt) < 0.02 * 10_099.5 * tt, "mean " + mean);
    }
  }

  @Test
  void usmdsHaveTheRbesMeanAndCap() {
    for (double slow : new double[] {1.0, 0.01}) {
      TpcwThinkTimes t = new TpcwThinkTimes(2.0, slow); // TT does not apply
      SplittableRandom random = new SplittableRandom(5);
      Draws d = draws(() -> t.usmdMillis(random.nextDouble()), t.maxUsmdMillis());
      double mean = d.mean();
      long max = d.max();
      int capped = d.capped();
      double exact = exactMean(900_000, 3_600_000, 0.0183156, 1.0, slow);
      double nominal = 900_000 * slow;
      System.out.println(String.format(Locale.ROOT, "[tpcw usmd] SLOW %.2f: %,d draws, mean %.0f ms"
          + " (nominal %.0f, exact expected of the truncated, capped draw %.0f, %+.2f %%), max %,d"
          + " (cap %,d, %d draws capped)", slow, DRAWS, mean, nominal, exact,
          100 * (mean - exact) / exact, max, t.maxUsmdMillis(), capped));
      assertTrue(Math.abs(mean - exact) < 0.01 * exact, mean + " vs " + exact);
      assertTrue(Math.abs(exact - 0.98168 * nominal) < 0.0001 * nominal, "exact " + exact);
      assertTrue(max <= t.maxUsmdMillis());
      assertTrue(capped > 1500 && capped < 2200, capped + " capped (1.83 % expected)");
    }
  }

  /** The mean, extremes and draws at {@code capMillis} of {@link #DRAWS} draws. */
  private record Draws(double mean, long min, long max, int capped) {}

  /** {@link #DRAWS} draws of {@code millis}, summed in order. */
  private static Draws draws(LongSupplier millis, long capMillis) {
    long min = Long.MAX_VALUE;
    long max = 0;
    double sum = 0;
    int capped = 0;
    for (int i = 0; i < DRAWS; i++) {
      long ms = millis.getAsLong();
      min = Math.min(min, ms);
      max = Math.max(max, ms);
      sum += ms;
      if (ms == capMillis) {
        capped++;
      }
    }
    return new Draws(sum / DRAWS, min, max, capped);
  }
}
