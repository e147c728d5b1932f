package io.crosscheck.agent.targets;

import java.net.URL;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running generator for the dynamic attach tests: one thread fetches {@code URL} with {@code
 * URL.openStream()} every {@code PERIOD_MILLIS} ms until a line arrives on stdin (at most {@code
 * MAX_MILLIS}); prints {@code ready} after its first fetch, {@code fetched N} every 10 fetches and
 * {@code done N failed F} at the end. Exit 0 unless a fetch failed (then 1).
 *
 * <p>Arguments: {@code URL PERIOD_MILLIS MAX_MILLIS}.
 */
public final class LoopTarget {
  private LoopTarget() {}

  public static void main(String[] args) throws Exception {
    URL url = new URL(args[0]);
    long periodMillis = Long.parseLong(args[1]);
    long maxMillis = Long.parseLong(args[2]);
    AtomicBoolean end = new AtomicBoolean();
    Thread stdin = new Thread(() -> {
      try {
        System.in.read();
      } catch (java.io.IOException e) {
        // closed: end too
      }
      end.set(true);
    }, "stdin");
    stdin.setDaemon(true);
    stdin.start();
    long deadline = System.nanoTime() + maxMillis * 1_000_000L;
    int fetched = 0;
    int failed = 0;
    while (!end.get() && System.nanoTime() < deadline) {
      try {
        FetchTarget.fetch(url);
        fetched++;
        if (fetched == 1) {
          System.out.println("ready");
        }
        if (fetched % 10 == 0) {
          System.out.println("fetched " + fetched);
        }
      } catch (java.io.IOException e) {
        failed++;
        System.err.println("fetch failed: " + e);
      }
      Thread.sleep(periodMillis);
    }
    System.out.println("done " + fetched + " failed " + failed);
    System.exit(failed == 0 ? 0 : 1);
  }
}
