package io.crosscheck;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bounds on how fast or how punctual this host is (a WAN class's round trip within +10 % of its
 * profile, a clock read within 1 ms, ticks within 5 ms of their instant). They hold on a quiet
 * host and say nothing about the code when another test or job shares the cores, so the suite
 * prints them as figures and checks the load-independent property beside them (a lower bound, a
 * count, an order); {@code bench/host-timing.sh} runs the same tests with
 * {@code -Dcrosscheck.hostTiming=strict}, where they are asserted.
 */
public final class HostTiming {
  /** The system property that makes {@link #check} assert. */
  public static final String PROPERTY = "crosscheck.hostTiming";

  private HostTiming() {}

  /** True when the host-timing bounds are asserted ({@code -Dcrosscheck.hostTiming=strict}). */
  public static boolean strict() {
    return "strict".equals(System.getProperty(PROPERTY));
  }

  /**
   * Asserts {@code held} under {@link #strict()}; otherwise prints it as a {@code [host timing]}
   * figure line, held or not.
   */
  public static void check(boolean held, String bound) {
    if (strict()) {
      assertTrue(held, bound);
    } else {
      System.out.println("[host timing] " + (held ? "held: " : "not held (asserted only in bench/host-timing.sh): ")
          + bound);
    }
  }
}
