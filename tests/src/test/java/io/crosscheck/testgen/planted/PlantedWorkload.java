package io.crosscheck.testgen.planted;

import io.crosscheck.testgen.Pages;
import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small generator whose workload deviates from what its users are told, in one known way, for the
 * workload audit's end-to-end tests (issue 27). Fetches with {@code URL.openStream()}, as the RUBiS
 * client does, and stops after SECONDS (every loop is bounded in time). Prints {@code done N failed F}.
 *
 * <p>Usage: {@code PlantedWorkload MODE BASE_URL THREADS SECONDS ARG}, MODE one of:
 * <ul>
 *   <li>{@code think MEAN_MS}: each thread fetches {@code /static}, then sleeps an exponential think of
 *       mean MEAN_MS;
 *   <li>{@code closed PAUSE_MS}: each thread fetches, then sleeps PAUSE_MS: a closed loop, whatever its
 *       authors call it;
 *   <li>{@code rate PER_SECOND}: one thread draws Poisson arrival instants at PER_SECOND and hands each
 *       to a pool of THREADS fetching threads (open while a pool thread is free);
 *   <li>{@code mix STATE=SHARE,...}: each thread fetches TPC-W pages (/tpcw/SERVLET) drawn
 *       independently with these shares, SERVLET=SHARE pairs, and thinks 5 ms between them.
 * </ul>
 */
public final class PlantedWorkload {
  private static final String PATH = "/rubis_servlets/index.html";

  private PlantedWorkload() {}

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    String base = args[1];
    int threads = Integer.parseInt(args[2]);
    long deadlineNanos = System.nanoTime() + Long.parseLong(args[3]) * 1_000_000_000L;
    String arg = args[4];
    AtomicLong done = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    if (mode.equals("rate")) {
      rate(base, threads, deadlineNanos, Double.parseDouble(arg), done, failed);
    } else {
      List<Thread> users = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        SplittableRandom random = new SplittableRandom(1_000 + i);
        Runnable body = switch (mode) {
          case "think" -> () -> loop(deadlineNanos, done, failed, () -> base + PATH,
              () -> Math.round(-Math.log(1 - random.nextDouble()) * Double.parseDouble(arg)));
          case "closed" -> () -> loop(deadlineNanos, done, failed, () -> base + PATH, () -> Long.parseLong(arg));
          case "mix" -> {
            Mix mix = Mix.parse(arg);
            yield () -> loop(deadlineNanos, done, failed, () -> base + mix.draw(random), () -> 5L);
          }
          default -> throw new IllegalArgumentException("mode: " + mode);
        };
        Thread t = new Thread(body, "user-" + i);
        t.start();
        users.add(t);
      }
      for (Thread t : users) {
        t.join();
      }
    }
    System.out.println("done " + done + " failed " + failed);
    System.exit(0);
  }

  private interface Next<T> {
    T get();
  }

  private static void loop(long deadlineNanos, AtomicLong done, AtomicLong failed, Next<String> url,
      Next<Long> pauseMillis) {
    while (System.nanoTime() < deadlineNanos) {
      fetch(url.get(), done, failed);
      long pause = pauseMillis.get();
      long left = (deadlineNanos - System.nanoTime()) / 1_000_000L;
      if (pause >= left) {
        return;
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private static void fetch(String url, AtomicLong done, AtomicLong failed) {
    try {
      Pages.read(new URL(url));
      done.incrementAndGet();
    } catch (IOException e) {
      failed.incrementAndGet();
    }
  }

  /** Poisson instants at {@code perSecond}, each fetched by a free thread of the pool. */
  private static void rate(String base, int threads, long deadlineNanos, double perSecond, AtomicLong done,
      AtomicLong failed) throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    // warmed up before the schedule starts: one fetch (classes loaded) and every pool thread started, or
    // the first arrivals would queue behind the start-up and leave in one burst
    fetch(base + PATH, done, failed);
    ((java.util.concurrent.ThreadPoolExecutor) pool).prestartAllCoreThreads();
    SplittableRandom random = new SplittableRandom(7);
    long next = System.nanoTime();
    while (true) {
      next += Math.round(-Math.log(1 - random.nextDouble()) * 1e9 / perSecond);
      if (next >= deadlineNanos) {
        break;
      }
      long wait = next - System.nanoTime();
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
      pool.execute(() -> fetch(base + PATH, done, failed));
    }
    pool.shutdown();
    pool.awaitTermination(Pages.GRACE_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Independent draws of TPC-W pages with given shares. */
  private record Mix(String[] paths, double[] shares) {
    static Mix parse(String text) {
      String[] parts = text.split(",");
      String[] paths = new String[parts.length];
      double[] shares = new double[parts.length];
      double total = 0;
      for (int i = 0; i < parts.length; i++) {
        String[] kv = parts[i].split("=");
        paths[i] = "/tpcw/" + kv[0] + query(kv[0]);
        shares[i] = Double.parseDouble(kv[1]);
        total += shares[i];
      }
      for (int i = 0; i < shares.length; i++) {
        shares[i] /= total;
      }
      return new Mix(paths, shares);
    }

    /** Parameters the bookstore's pages need, so that most of them answer 200. */
    private static String query(String servlet) {
      return switch (servlet) {
        case "TPCW_product_detail_servlet" -> "?I_ID=1";
        case "TPCW_new_products_servlet", "TPCW_best_sellers_servlet" -> "?subject=ARTS";
        case "TPCW_execute_search" -> "?search_type=title&search_string=a";
        default -> "";
      };
    }

    String draw(SplittableRandom random) {
      double u = random.nextDouble();
      for (int i = 0; i < shares.length - 1; i++) {
        if (u < shares[i]) {
          return paths[i];
        }
        u -= shares[i];
      }
      return paths[paths.length - 1];
    }
  }
}
