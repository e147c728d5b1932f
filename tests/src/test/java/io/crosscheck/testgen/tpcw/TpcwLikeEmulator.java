package io.crosscheck.testgen.tpcw;

import io.crosscheck.testgen.Pages;
import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A TPC-W-like remote browser emulator against the embedded RUBiS server's pages: a thread per
 * emulated browser; each interaction is scheduled at the previous one's end plus a think time
 * (slept), then its page and every image of it are fetched through {@code URL.openStream()}, and
 * {@link Stats#record} gets the scheduled instant and the end of the last image, so oversleeping
 * counts in the figure as in the RBE. Ends with {@code System.exit(0)} (waiting for a browser still
 * in a read at most {@link Pages#GRACE_MILLIS} past the duration).
 *
 * <p>Usage: {@code TpcwLikeEmulator BASE_URL BROWSERS SECONDS [THINK_MIN_MS THINK_MAX_MS]}.
 */
public final class TpcwLikeEmulator {
  private static final String[] PAGES = {
    "/rubis_servlets/servlet/edu.rice.rubis.servlets.ViewItem?itemId=",
    "/rubis_servlets/servlet/edu.rice.rubis.servlets.BrowseCategories",
    "/rubis_servlets/index.html"
  };

  private TpcwLikeEmulator() {}

  /** One emulated browser. */
  static final class Browser extends Thread {
    private final String base;
    private final Stats stats;
    private final long deadlineMillis;
    private final int thinkMinMillis;
    private final int thinkMaxMillis;
    private final Random random;
    long errors;

    Browser(int id, String base, Stats stats, long deadlineMillis, int thinkMinMillis, int thinkMaxMillis) {
      super("EB" + id);
      this.base = base;
      this.stats = stats;
      this.deadlineMillis = deadlineMillis;
      this.thinkMinMillis = thinkMinMillis;
      this.thinkMaxMillis = thinkMaxMillis;
      this.random = new Random(1000 + id);
    }

    @Override
    public void run() {
      long endMillis = System.currentTimeMillis();
      while (true) {
        long think = thinkMinMillis + random.nextInt(thinkMaxMillis - thinkMinMillis + 1);
        long scheduledMillis = endMillis + think;
        if (scheduledMillis >= deadlineMillis) {
          return;
        }
        try {
          Thread.sleep(Math.max(0, scheduledMillis - System.currentTimeMillis()));
        } catch (InterruptedException e) {
          return;
        }
        int state = random.nextInt(PAGES.length);
        String path = PAGES[state] + (state == 0 ? String.valueOf(1 + random.nextInt(50)) : "");
        try {
          URL url = new URL(base + path);
          for (URL image : Pages.images(url, Pages.read(url))) {
            Pages.read(image);
          }
          endMillis = System.currentTimeMillis();
          stats.record(state, scheduledMillis, endMillis);
        } catch (IOException e) {
          errors++;
          endMillis = System.currentTimeMillis();
        }
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 3 && args.length != 5) {
      System.err.println("usage: TpcwLikeEmulator BASE_URL BROWSERS SECONDS [THINK_MIN_MS THINK_MAX_MS]");
      System.exit(2);
    }
    int browsers = Integer.parseInt(args[1]);
    long deadlineMillis = System.currentTimeMillis() + (long) (Double.parseDouble(args[2]) * 1000);
    int thinkMin = args.length == 5 ? Integer.parseInt(args[3]) : 20;
    int thinkMax = args.length == 5 ? Integer.parseInt(args[4]) : 50;
    Stats stats = new Stats();
    List<Browser> all = new ArrayList<>();
    for (int i = 0; i < browsers; i++) {
      all.add(new Browser(i, args[0], stats, deadlineMillis, thinkMin, thinkMax));
    }
    all.forEach(Thread::start);
    int stuck = Pages.joinBy(all, deadlineMillis);
    long errors = all.stream().mapToLong(b -> b.errors).sum();
    System.out.println(stats.format() + ", " + errors + " errors"
        + (stuck == 0 ? "" : ", " + stuck + " browsers still in a read at the end"));
    System.exit(0);
  }
}
