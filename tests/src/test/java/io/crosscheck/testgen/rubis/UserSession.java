package io.crosscheck.testgen.rubis;

import io.crosscheck.testgen.Pages;
import java.io.IOException;
import java.net.URL;
import java.util.Random;

/**
 * One emulated user, a thread as in RUBiS's {@code UserSession}: until the deadline, picks a page,
 * times {@link #callHTTPServer} (the page and then each of its images, one after another) with
 * {@code System.currentTimeMillis}, reports the figure to {@link Stats#updateTime}, thinks.
 */
public final class UserSession extends Thread {
  private final String baseUrl;
  private final Stats stats;
  private final long deadlineMillis;
  private final int thinkMinMillis;
  private final int thinkMaxMillis;
  private final Random random;
  volatile long errors;

  UserSession(int user, String baseUrl, Stats stats, long deadlineMillis, int thinkMinMillis, int thinkMaxMillis) {
    super("UserSession" + user);
    this.baseUrl = baseUrl;
    this.stats = stats;
    this.deadlineMillis = deadlineMillis;
    this.thinkMinMillis = thinkMinMillis;
    this.thinkMaxMillis = thinkMaxMillis;
    this.random = new Random(user);
  }

  @Override
  public void run() {
    while (System.currentTimeMillis() < deadlineMillis) {
      int state = random.nextInt(RubisLikeClient.STATES.length);
      try {
        URL url = new URL(baseUrl + RubisLikeClient.path(state, random));
        long start = System.currentTimeMillis();
        String page = callHTTPServer(url);
        long end = System.currentTimeMillis();
        if (page != null) {
          stats.updateTime(state, end - start);
        }
        long think = thinkMinMillis + random.nextInt(thinkMaxMillis - thinkMinMillis + 1);
        Thread.sleep(Math.max(0, Math.min(think, deadlineMillis - System.currentTimeMillis())));
      } catch (InterruptedException e) {
        return;
      } catch (IOException e) {
        errors++;
      }
    }
  }

  /** The page, then every image it shows, one after another; the page's HTML, or null on an error. */
  public String callHTTPServer(URL url) {
    try {
      String page = Pages.read(url);
      for (URL image : Pages.images(url, page)) {
        Pages.read(image);
      }
      return page;
    } catch (IOException e) {
      errors++;
      return null;
    }
  }
}
