package io.crosscheck.engine.legacy;

import io.crosscheck.schedule.Ticker;

/**
 * Times one request with the chosen clock and answers on the ticker's monotonic nanosecond
 * timeline. With the millisecond clock, {@link #start()} takes both a ticker instant and
 * {@code System.currentTimeMillis()}, and {@link #now()} is that instant plus the elapsed
 * wall-clock milliseconds times 1,000,000: the original client's granularity (and its exposure
 * to wall-clock steps, which may even make a duration negative; such values are kept, never
 * clamped). Confined to one user thread; reusable request after request.
 */
final class RequestTimer {
  private final Ticker ticker;
  private final boolean millis;
  private long startNanos;
  private long startMillis;

  RequestTimer(Ticker ticker, LegacyOptions.TimingClock clock) {
    this.ticker = ticker;
    this.millis = clock == LegacyOptions.TimingClock.MILLIS;
  }

  /** Starts timing; returns the send start on the ticker's timeline. */
  long start() {
    startNanos = ticker.nanoTime();
    if (millis) {
      startMillis = System.currentTimeMillis();
    }
    return startNanos;
  }

  /** The current instant as the chosen clock sees it, mapped onto the ticker's timeline. */
  long now() {
    return millis ? startNanos + (System.currentTimeMillis() - startMillis) * 1_000_000L : ticker.nanoTime();
  }
}
