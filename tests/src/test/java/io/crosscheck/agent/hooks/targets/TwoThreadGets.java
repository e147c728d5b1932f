package io.crosscheck.agent.hooks.targets;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The load every client target of the hook tests makes: two named threads, each making {@code N}
 * GETs on one shared client that alternate {@code /static/SIZE?i=I} and {@code /chunked/SIZE?i=I}.
 * Prints one line per failure ({@code failed PATH: WHY}), for each request that got a 200 with the
 * whole body {@code call THREAD I START_NANOS END_NANOS} (nanoTime before the call and after the
 * body was in hand), and {@code ok=COUNT} at the end. Bounded in time: no request starts after
 * {@link #BOUND_SECONDS} and the threads are waited for no longer.
 *
 * <p>Arguments of the targets: {@code BASE_URL REQUESTS_PER_THREAD BODY_BYTES}.
 */
final class TwoThreadGets {
  static final long BOUND_SECONDS = 60;

  /** One GET as the target's thread {@code thread} (0 or 1) makes it: the status and the body's length. */
  @FunctionalInterface
  interface Get {
    int[] statusAndLength(int thread, String url) throws Exception;
  }

  private TwoThreadGets() {}

  /** Runs the load of {@code args} on threads {@code names}; true when every request got a 200 with the whole body. */
  static boolean run(String[] args, List<String> names, Get get) throws InterruptedException {
    String base = args[0];
    int perThread = Integer.parseInt(args[1]);
    int bodyBytes = Integer.parseInt(args[2]);
    long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
    AtomicInteger ok = new AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < names.size(); t++) {
      int thread = t;
      Thread th = new Thread(() -> {
        for (int i = 0; i < perThread && System.nanoTime() < deadlineNanos; i++) {
          String path = (i % 2 == 0 ? "/static/" : "/chunked/") + bodyBytes + "?i=" + i;
          try {
            long startNanos = System.nanoTime();
            int[] statusAndLength = get.statusAndLength(thread, base + path);
            if (statusAndLength[0] == 200 && statusAndLength[1] == bodyBytes) {
              ok.incrementAndGet();
              System.out.println("call " + Thread.currentThread().getName() + " " + i + " " + startNanos + " "
                  + System.nanoTime());
            } else {
              System.out.println("failed " + path + ": status " + statusAndLength[0] + ", " + statusAndLength[1]
                  + " bytes");
            }
          } catch (Exception e) {
            System.out.println("failed " + path + ": " + e);
          }
        }
      }, names.get(t));
      threads.add(th);
      th.start();
    }
    for (Thread th : threads) {
      th.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
    }
    System.out.println("ok=" + ok.get());
    return ok.get() == names.size() * perThread;
  }
}
