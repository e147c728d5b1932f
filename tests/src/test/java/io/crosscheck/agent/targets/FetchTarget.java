package io.crosscheck.agent.targets;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A generator as the audited kits write them, started as a child JVM by the agent tests: {@code
 * THREADS} (daemon) threads each fetch {@code PER_THREAD} pages with {@code URL.openStream()} (read to the
 * end, closed), cycling through {@code PATHS}, for at most 60 s; then it prints {@code completed K
 * failed F} (a fetch still running at 60 s counts in neither). Then {@code
 * STALLS} daemon threads each begin one request to {@code STALL_URL} (a server that never answers)
 * and it prints {@code stalling M}; then it waits for one line on stdin (at most 60 s) and ends as
 * {@code ENDING} says: {@code return} (exit 0), {@code throw} (an uncaught exception from main: exit
 * 1), {@code exit3} ({@code Runtime.getRuntime().exit(3)}), {@code wait} (sleeps until killed, at
 * most 60 s).
 *
 * <p>Arguments: {@code BASE_URL PATHS(comma-separated) THREADS PER_THREAD STALL_URL|- STALLS ENDING}.
 */
public final class FetchTarget {
  private FetchTarget() {}

  public static void main(String[] args) throws Exception {
    String base = args[0];
    String[] paths = args[1].split(",");
    int threads = Integer.parseInt(args[2]);
    int perThread = Integer.parseInt(args[3]);
    String stallUrl = args[4];
    int stalls = Integer.parseInt(args[5]);
    String ending = args[6];

    AtomicInteger completed = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    List<Thread> users = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int user = t;
      Thread th = new Thread(() -> {
        for (int i = 0; i < perThread; i++) {
          try {
            fetch(new URL(base + paths[(user + i) % paths.length]));
            completed.incrementAndGet();
          } catch (IOException e) {
            failed.incrementAndGet();
            System.err.println("fetch failed: " + e);
          }
        }
      }, "user-" + t);
      th.setDaemon(true); // one stuck past the bound does not keep the JVM up
      users.add(th);
      th.start();
    }
    long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    for (Thread th : users) {
      th.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
    }
    System.out.println("completed " + completed.get() + " failed " + failed.get());
    for (int s = 0; s < stalls; s++) {
      URL url = new URL(stallUrl + "/" + s);
      Thread th = new Thread(() -> {
        try {
          fetch(url);
        } catch (IOException e) {
          // the server never answers; the JVM ends under it
        }
      }, "stalled-" + s);
      th.setDaemon(true);
      th.start();
    }
    System.out.println("stalling " + stalls);
    System.out.flush();
    awaitLine(60_000);
    switch (ending) {
      case "return" -> System.out.println("returning");
      case "throw" -> throw new IllegalStateException("the target's main fails on purpose");
      case "exit3" -> Runtime.getRuntime().exit(3);
      case "wait" -> Thread.sleep(60_000);
      default -> throw new IllegalArgumentException("ending " + ending);
    }
  }

  static void fetch(URL url) throws IOException {
    try (InputStream in = url.openStream()) {
      byte[] buffer = new byte[4096];
      while (in.read(buffer) >= 0) {
        // read to the end, as the kits do
      }
    }
  }

  /** Waits for one line on stdin, at most {@code millis}; a bounded wait, never forever. */
  static void awaitLine(long millis) throws InterruptedException {
    Thread reader = new Thread(() -> {
      try {
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      } catch (IOException e) {
        // stdin closed: go on
      }
    }, "stdin");
    reader.setDaemon(true);
    reader.start();
    reader.join(millis);
  }
}
