package io.crosscheck.tpcw;

/**
 * The RBE's think times and user-session minimum durations (USMD), in whole milliseconds, as pure
 * functions of the uniform draw and the {@code -TT} and {@code -SLOW} options. Immutable.
 *
 * <ul>
 *   <li>think time (EB.java:520-542 with RBE.negExp and RBE.slow): for a draw r in [0,1), {@code
 *       s = slow(70000)} when {@code r < 4.54e-5} (a cap), else {@code slow((long) (-7000 ln r))},
 *       where {@code slow(t) = (long) (SLOW * t + 0.5)}; then {@code (long) (TT * s)}. Mean about
 *       7000 x SLOW x TT ms, at most 70000 x SLOW x TT;
 *   <li>the EB's first think time (its "stagger"): {@code (long) (TT * (100 + nextInt(20000)))},
 *       100..20,099 ms x TT, no SLOW;
 *   <li>USMD (EB.java:544-548): {@code slow(3600000)} when {@code r < 0.0183156} (60 min, a cap),
 *       else {@code slow((long) (-900000 ln r))}; no TT. Mean about 15 min x SLOW.
 * </ul>
 */
public record TpcwThinkTimes(double thinkScale, double slow) {
  /** The think time's mean before truncation, ms (-7000 in negExp). */
  public static final double THINK_MEAN_MILLIS = 7000.0;
  /** The think time's cap before scaling, ms. */
  public static final long THINK_CAP_MILLIS = 70_000L;
  /** Draws below this give the think time's cap. */
  public static final double THINK_CAP_BELOW = 4.54e-5;
  /** The USMD's mean before truncation, ms (15 minutes). */
  public static final double USMD_MEAN_MILLIS = 900_000.0;
  /** The USMD's cap before scaling, ms (60 minutes). */
  public static final long USMD_CAP_MILLIS = 3_600_000L;
  /** Draws below this give the USMD's cap. */
  public static final double USMD_CAP_BELOW = 0.0183156;
  /** The first think time's range: 100 + nextInt(20000) ms. */
  public static final int FIRST_THINK_MIN_MILLIS = 100;
  public static final int FIRST_THINK_SPAN_MILLIS = 20_000;

  /** RBE.slow: {@code (long) (SLOW * t + 0.5)}. */
  public long slowed(long millis) {
    return (long) (slow * millis + 0.5);
  }

  /** The think time in ms for the uniform draw {@code r}. */
  public long thinkMillis(double r) {
    long s = r < THINK_CAP_BELOW ? slowed(THINK_CAP_MILLIS)
        : slowed((long) (-THINK_MEAN_MILLIS * Math.log(r)));
    return (long) (thinkScale * s);
  }

  /** The largest think time, ms: the cap scaled. */
  public long maxThinkMillis() {
    return (long) (thinkScale * slowed(THINK_CAP_MILLIS));
  }

  /** The first think time in ms for {@code nextInt(20000)} = {@code drawn} (0..19,999). */
  public long firstThinkMillis(int drawn) {
    return (long) ((drawn + FIRST_THINK_MIN_MILLIS) * thinkScale);
  }

  /** The USMD in ms for the uniform draw {@code r}. */
  public long usmdMillis(double r) {
    return r < USMD_CAP_BELOW ? slowed(USMD_CAP_MILLIS)
        : slowed((long) (-USMD_MEAN_MILLIS * Math.log(r)));
  }

  /** The largest USMD, ms. */
  public long maxUsmdMillis() {
    return slowed(USMD_CAP_MILLIS);
  }
}
