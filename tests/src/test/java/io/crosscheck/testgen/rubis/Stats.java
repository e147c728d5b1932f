package io.crosscheck.testgen.rubis;

import java.util.Locale;

/**
 * The client's per-state statistics, as RUBiS's {@code Stats}: {@link #updateTime} receives each
 * response time the client measured (milliseconds, {@code System.currentTimeMillis}). Thread-safe.
 */
public final class Stats {
  private final long[] count;
  private final long[] totalMillis;
  private final String[] names;

  Stats(String[] names) {
    this.names = names.clone();
    this.count = new long[names.length];
    this.totalMillis = new long[names.length];
  }

  /** One response time of {@code state}, in milliseconds: the figure the client reports. */
  public synchronized void updateTime(int state, long timeMillis) {
    count[state]++;
    totalMillis[state] += timeMillis;
  }

  synchronized long total() {
    long n = 0;
    for (long c : count) {
      n += c;
    }
    return n;
  }

  /** The per-state table the client prints at its end. */
  synchronized String format() {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-16s %8s %10s%n", "state", "count", "avg ms"));
    long n = 0;
    long total = 0;
    for (int i = 0; i < names.length; i++) {
      n += count[i];
      total += totalMillis[i];
      s.append(String.format(Locale.ROOT, "%-16s %8d %10.2f%n", names[i], count[i],
          count[i] == 0 ? Double.NaN : (double) totalMillis[i] / count[i]));
    }
    return s.append(String.format(Locale.ROOT, "%-16s %8d %10.2f%n", "total", n,
        n == 0 ? Double.NaN : (double) total / n)).toString();
  }
}
