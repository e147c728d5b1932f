package io.crosscheck.testgen.tpcw;

import java.util.Locale;

/**
 * The emulator's statistics, as TPC-W's {@code EBStats}: {@link #record} receives each interaction's
 * two instants (milliseconds, {@code System.currentTimeMillis}): its scheduled send and the end of
 * its last image. The figure it reports is their difference (the WIRT). Thread-safe.
 */
public final class Stats {
  private long count;
  private long totalMillis;

  /** One interaction of {@code state} from {@code startMillis} (scheduled) to {@code endMillis}. */
  public synchronized void record(int state, long startMillis, long endMillis) {
    count++;
    totalMillis += endMillis - startMillis;
  }

  synchronized String format() {
    return String.format(Locale.ROOT, "TpcwLikeEmulator: %d interactions, mean WIRT %.2f ms", count,
        count == 0 ? Double.NaN : (double) totalMillis / count);
  }
}
