package io.crosscheck.testgen.rubis;

import io.crosscheck.testgen.Pages;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A RUBiS-like client for the embedded RUBiS server's Servlets URL space: a thread per user, all
 * started at once, each fetching pages and their images through {@code URL.openStream()} (the JDK's
 * keep-alive cache), reporting each page with its images as one figure, until the duration ends;
 * then prints its own per-state averages and ends with {@code System.exit(0)}, as the real client
 * (waiting for a user still in a read at most {@link Pages#GRACE_MILLIS} past the duration).
 *
 * <p>Usage: {@code RubisLikeClient BASE_URL USERS SECONDS [THINK_MIN_MS THINK_MAX_MS]}, e.g. {@code
 * http://127.0.0.1:8080 20 3 20 50}.
 */
public final class RubisLikeClient {
  static final String[] STATES = {"ViewItem", "BrowseCategories", "BrowseRegions", "Home"};
  private static final String SERVLETS = "/rubis_servlets/servlet/edu.rice.rubis.servlets.";

  private RubisLikeClient() {}

  /** The path of a page of {@code state}. */
  static String path(int state, Random random) {
    return switch (state) {
      case 0 -> SERVLETS + "ViewItem?itemId=" + (1 + random.nextInt(50));
      case 1 -> SERVLETS + "BrowseCategories";
      case 2 -> SERVLETS + "BrowseRegions";
      default -> "/rubis_servlets/index.html";
    };
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 3 && args.length != 5) {
      System.err.println("usage: RubisLikeClient BASE_URL USERS SECONDS [THINK_MIN_MS THINK_MAX_MS]");
      System.exit(2);
    }
    String base = args[0];
    int users = Integer.parseInt(args[1]);
    long deadlineMillis = System.currentTimeMillis() + (long) (Double.parseDouble(args[2]) * 1000);
    int thinkMin = args.length == 5 ? Integer.parseInt(args[3]) : 20;
    int thinkMax = args.length == 5 ? Integer.parseInt(args[4]) : 50;
    Stats stats = new Stats(STATES);
    List<UserSession> sessions = new ArrayList<>();
    for (int u = 0; u < users; u++) {
      sessions.add(new UserSession(u, base, stats, deadlineMillis, thinkMin, thinkMax));
    }
    sessions.forEach(Thread::start);
    int stuck = Pages.joinBy(sessions, deadlineMillis);
    long errors = sessions.stream().mapToLong(s -> s.errors).sum();
    System.out.print(stats.format());
    System.out.println("RubisLikeClient: " + stats.total() + " pages reported, " + errors + " errors"
        + (stuck == 0 ? "" : ", " + stuck + " users still in a read at the end"));
    System.exit(0);
  }
}
