package io.crosscheck.server;

import java.util.Locale;

/**
 * How the embedded server spends a request's {@link ServiceDemand}.
 *
 * <ul>
 *   <li>{@link #DELAY}: the reply is scheduled on the connection's event loop after the sampled
 *       duration; no thread is blocked, so any number of requests can be "in service" at once (an
 *       infinite-server queue).
 *   <li>{@link #CPU}: a worker thread busy-spins for the sampled duration; the workers form a
 *       bounded pool with a bounded queue, so requests really queue, and a full queue answers 503.
 * </ul>
 */
public enum DemandMode {
  DELAY,
  CPU;

  /** {@code delay} or {@code cpu}, case-insensitive; throws IllegalArgumentException otherwise. */
  public static DemandMode parse(String text) {
    String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    switch (t) {
      case "delay":
        return DELAY;
      case "cpu":
        return CPU;
      default:
        throw new IllegalArgumentException("\"" + text + "\": expected delay or cpu");
    }
  }

  /** The lower-case text form accepted by {@link #parse(String)}. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
