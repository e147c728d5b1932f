package io.crosscheck.stats;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;

/**
 * A goodness-of-fit test of what was observed against what was declared, with what it rests on:
 * the test, its statistic, p-value and sample size, and a verdict only where the sample supports one.
 *
 * @param test which test
 * @param statistic the test's statistic (KS: the largest gap D between the empirical and declared
 *     distribution functions; chi-square: Σ (observed − expected)² / expected)
 * @param pValue the probability of a statistic at least this large were the declaration true; NaN when
 *     not judged
 * @param sampleSize the values (KS) or counts (chi-square) the test rests on
 * @param degreesOfFreedom chi-square's bins after merging, minus one; 0 for KS
 * @param alpha the level a verdict rejects at
 * @param verdict the verdict
 */
public record Fit(Test test, double statistic, double pValue, long sampleSize, int degreesOfFreedom, double alpha,
    Verdict verdict) {

  /**
   * The level every workload check rejects at. Several checks judge one run; at 1 % each, a faithful
   * run passes five independent checks in 95 % of runs.
   */
  public static final double ALPHA = 0.01;
  /** Fewer values than this are not judged by KS: its power is too low to name a deviation. */
  public static final int MIN_KS_SAMPLE = 30;
  /** Chi-square bins with a smaller expected count are merged (the usual rule of five). */
  public static final double MIN_EXPECTED_COUNT = 5;

  /** Which test. */
  public enum Test {
    /** One-sample Kolmogorov–Smirnov against a fully declared distribution. */
    KOLMOGOROV_SMIRNOV,
    /** Pearson's chi-square of counts per category against declared shares. */
    CHI_SQUARE,
    /**
     * The index of dispersion of counts in equal bins, (bins − 1) · variance / mean against χ²(bins − 1),
     * two-sided: Poisson arrivals give about 1, regular ones less, bursts more.
     */
    DISPERSION
  }

  /** What the test says about the declaration. */
  public enum Verdict {
    /** Consistent with the declaration at {@link #alpha}. */
    FAITHFUL,
    /** Rejected at {@link #alpha}. */
    REJECTED,
    /** Too few values (or categories) to judge; no p-value. */
    NOT_JUDGED
  }

  /**
   * Kolmogorov–Smirnov of {@code sample} against the distribution function {@code cdf} (which may be
   * truncated: see {@link #truncated}). The p-value is commons-math's for D at this n.
   */
  public static Fit kolmogorovSmirnov(double[] sample, DoubleUnaryOperator cdf) {
    int n = sample.length;
    if (n < MIN_KS_SAMPLE) {
      return new Fit(Test.KOLMOGOROV_SMIRNOV, Double.NaN, Double.NaN, n, 0, ALPHA, Verdict.NOT_JUDGED);
    }
    double[] sorted = sample.clone();
    Arrays.sort(sorted);
    double d = 0;
    for (int i = 0; i < n; i++) {
      double f = cdf.applyAsDouble(sorted[i]);
      d = Math.max(d, Math.max(f - (double) i / n, (double) (i + 1) / n - f));
    }
    double p = Math.max(0, Math.min(1, 1 - new KolmogorovSmirnovTest().cdf(d, n)));
    return new Fit(Test.KOLMOGOROV_SMIRNOV, d, p, n, 0, ALPHA, p < ALPHA ? Verdict.REJECTED : Verdict.FAITHFUL);
  }

  /**
   * The distribution function {@code cdf} truncated to [{@code low}, {@code high}] (a think time the
   * generator caps, a session length with a maximum): F(x) − F(low) over F(high) − F(low), 0 below and 1
   * above.
   */
  public static DoubleUnaryOperator truncated(DoubleUnaryOperator cdf, double low, double high) {
    double fLow = cdf.applyAsDouble(low);
    double mass = cdf.applyAsDouble(high) - fLow;
    if (!(mass > 0)) {
      throw new IllegalArgumentException("no probability between " + low + " and " + high);
    }
    return x -> x < low ? 0 : x >= high ? 1 : (cdf.applyAsDouble(x) - fLow) / mass;
  }

  /** The exponential distribution function of the given mean. */
  public static DoubleUnaryOperator exponential(double mean) {
    if (!(mean > 0)) {
      throw new IllegalArgumentException("an exponential's mean is > 0, got " + mean);
    }
    return x -> x <= 0 ? 0 : -Math.expm1(-x / mean);
  }

  /**
   * Pearson's chi-square of {@code observed} counts against {@code shares} (declared probabilities of
   * the same categories, summing to 1). Categories expected fewer than {@link #MIN_EXPECTED_COUNT}
   * times are merged into one (which joins the smallest other bin while it is still below that); a
   * category declared impossible (share 0) but observed rejects at once
   * (p-value 0). Fewer than two categories after merging: not judged.
   */
  public static Fit chiSquare(long[] observed, double[] shares) {
    if (observed.length != shares.length) {
      throw new IllegalArgumentException(observed.length + " observed counts for " + shares.length + " shares");
    }
    long total = 0;
    for (long o : observed) {
      total += o;
    }
    double[] expectedKept = new double[shares.length + 1];
    long[] observedKept = new long[shares.length + 1];
    int kept = 0;
    double mergedExpected = 0;
    long mergedObserved = 0;
    boolean impossibleSeen = false;
    for (int i = 0; i < shares.length; i++) {
      double e = shares[i] * total;
      if (shares[i] == 0) {
        impossibleSeen |= observed[i] > 0;
      } else if (e < MIN_EXPECTED_COUNT) {
        mergedExpected += e;
        mergedObserved += observed[i];
      } else {
        expectedKept[kept] = e;
        observedKept[kept++] = observed[i];
      }
    }
    if (mergedExpected >= MIN_EXPECTED_COUNT || kept == 0 && mergedExpected > 0) {
      expectedKept[kept] = mergedExpected;
      observedKept[kept++] = mergedObserved;
    } else if (mergedExpected > 0) {
      // the rare categories together are still below five: they join the smallest kept bin
      int smallest = 0;
      for (int i = 1; i < kept; i++) {
        smallest = expectedKept[i] < expectedKept[smallest] ? i : smallest;
      }
      expectedKept[smallest] += mergedExpected;
      observedKept[smallest] += mergedObserved;
    }
    if (impossibleSeen) {
      return new Fit(Test.CHI_SQUARE, Double.POSITIVE_INFINITY, 0, total, Math.max(0, kept - 1), ALPHA,
          Verdict.REJECTED);
    }
    if (kept < 2 || total == 0) {
      return new Fit(Test.CHI_SQUARE, Double.NaN, Double.NaN, total, Math.max(0, kept - 1), ALPHA, Verdict.NOT_JUDGED);
    }
    double[] e = Arrays.copyOf(expectedKept, kept);
    long[] o = Arrays.copyOf(observedKept, kept);
    ChiSquareTest t = new ChiSquareTest();
    double statistic = t.chiSquare(e, o);
    double p = t.chiSquareTest(e, o);
    return new Fit(Test.CHI_SQUARE, statistic, p, total, kept - 1, ALPHA, p < ALPHA ? Verdict.REJECTED
        : Verdict.FAITHFUL);
  }

  /**
   * The dispersion test of {@code counts} (arrivals per equal bin) against Poisson arrivals: not judged
   * below {@link #MIN_KS_SAMPLE} bins or without an arrival.
   */
  public static Fit dispersion(long[] counts) {
    int bins = counts.length;
    double mean = Arrays.stream(counts).average().orElse(0);
    if (bins < MIN_KS_SAMPLE || !(mean > 0)) {
      return new Fit(Test.DISPERSION, Double.NaN, Double.NaN, bins, Math.max(0, bins - 1), ALPHA, Verdict.NOT_JUDGED);
    }
    double ss = 0;
    for (long c : counts) {
      ss += (c - mean) * (c - mean);
    }
    double statistic = ss / mean;
    double below = new org.apache.commons.math3.distribution.ChiSquaredDistribution(bins - 1)
        .cumulativeProbability(statistic);
    double p = Math.min(1, 2 * Math.min(below, 1 - below));
    return new Fit(Test.DISPERSION, statistic, p, bins, bins - 1, ALPHA, p < ALPHA ? Verdict.REJECTED
        : Verdict.FAITHFUL);
  }

  /**
   * This test's result judged at {@code level} instead (several tests making one check, each at a share
   * of the check's level: Bonferroni); a test not judged stays so.
   */
  public Fit atLevel(double level) {
    if (verdict == Verdict.NOT_JUDGED) {
      return new Fit(test, statistic, pValue, sampleSize, degreesOfFreedom, level, verdict);
    }
    return new Fit(test, statistic, pValue, sampleSize, degreesOfFreedom, level,
        pValue < level ? Verdict.REJECTED : Verdict.FAITHFUL);
  }
}
