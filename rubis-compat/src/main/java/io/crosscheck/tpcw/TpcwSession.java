package io.crosscheck.tpcw;

import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionScript;
import io.crosscheck.tpcw.TpcwScanner.Death;
import java.util.ArrayDeque;
import java.util.List;

/**
 * One TPC-W user session as the RBE's emulated browser plays it (EB.run, EB.java:190-300), as a
 * {@link SessionScript}: INIT, its Home page, then pages drawn from the mix until a Home
 * transition comes after the user-session minimum duration (USMD). Not thread-safe (one engine
 * thread at a time, per the SPI).
 *
 * <p>Per call of {@link #next}:
 *
 * <ul>
 *   <li>first call: the session's clock starts (see below), the USMD is drawn, INIT -> HOME is
 *       drawn and its URL built (80 % with a drawn C_ID, EBWInitTrans); the Home request carries
 *       the think time before it: for the browser's first session ({@code k = 0}) the RBE's
 *       first, uniform think time, otherwise the think time the RBE sleeps after its reset, plus
 *       the one it slept before the reset (carried from the user's previous session, below);
 *   <li>a page reply with status 0 or >= 400, or cut short: an error in the RBE's sense, and the
 *       same URL again at once (think 0), as often as it takes (EB.getHTML's retry loop; a cut
 *       reply's bytes stay at the front of the page, as the RBE's {@code html} string keeps
 *       them);
 *   <li>a page read whole: with -GETIM its images ({@link TpcwScanner#images}, rewritten and
 *       resolved against the page, in the RBE's opening order, {@link TpcwImages}) follow as a
 *       burst (think 0; their replies are not scanned: a failure is counted, not retried); then
 *       the page is read for ids (the transition's postProcess), the next state is drawn, its
 *       URL built from the page, and its think time drawn;
 *   <li>a Home transition whose send instant (now + think) is at or after the session's start +
 *       USMD ends the session: the Home is not sent (the RBE drops it, its transition counted);
 *       a transition that could not build its URL ends it too, with a second error (EB.java:
 *       230-236). Either way the think time drawn is carried to the user's next session, whose
 *       Home the RBE sends after that think and a new one.
 * </ul>
 *
 * <p>Clock: the USMD is wall time, which a script cannot see, so the session reads the
 * factory's monotonic clock ({@code System.nanoTime()} unless a test injects one) at each call:
 * engines call {@code next} when the previous reply has ended, which is the RBE's {@code wirt_t2}.
 * The session's start is the first call's instant plus the carried think (the RBE draws the USMD
 * when it resets, after sleeping that think).
 *
 * <p>Where the RBE's EB thread would die (a malformed number, a failed image rewrite), the
 * session ends and the factory counts it; the RBE would have lost that browser for the run.
 */
public final class TpcwSession implements SessionScript {
  private final TpcwScriptFactory factory;
  private final TpcwCounters counters;
  private final long sessionId;
  private final boolean firstOfBrowser;
  private final TpcwRandom random;
  private final TpcwBrowser browser;
  private final ArrayDeque<String> images = new ArrayDeque<>();
  private final StringBuilder partialPage = new StringBuilder();
  private int seq;
  private boolean over;
  private long sessionStartNanos;
  private long usmdMillis;
  private TpcwState from = TpcwState.INIT;
  private TpcwState state = TpcwState.INIT;
  private String pagePath;
  private String imagePath;
  private String pageAwaitingImages;
  private String endReason;

  TpcwSession(TpcwScriptFactory factory, long sessionId, boolean firstOfBrowser, long seed) {
    this.factory = factory;
    this.counters = factory.counters();
    this.sessionId = sessionId;
    this.firstOfBrowser = firstOfBrowser;
    this.random = new TpcwRandom(seed);
    this.browser = new TpcwBrowser(factory.requestConfig(), random, this::error);
  }

  @Override
  public RequestPlan next(Reply previous) {
    if (over) {
      return null;
    }
    long nowNanos = factory.nanoTime();
    try {
      if (seq == 0) {
        return start(nowNanos);
      }
      Reply reply = previous == null ? Reply.none() : previous;
      if (imagePath != null) {
        if (reply.status() == 0 || reply.status() >= 400) {
          counters.imageOpenFailure(imagePath, reply.status());
        } else if (!reply.complete()) {
          error(imagePath, "Unable to read complete image.");
        }
        imagePath = null;
        if (!images.isEmpty()) {
          return image();
        }
        String page = pageAwaitingImages;
        pageAwaitingImages = null;
        return afterPage(page, nowNanos);
      }
      if (reply.status() == 0 || reply.status() >= 400) {
        error(pagePath, "Unable to open URL.");
        counters.retries.increment();
        return plan(pagePath, 0, false);
      }
      if (!reply.complete()) {
        partialPage.append(reply.body());
        error(pagePath, "Unable to read HTML from URL.");
        counters.retries.increment();
        return plan(pagePath, 0, false);
      }
      String page = partialPage.isEmpty() ? reply.body() : partialPage + reply.body();
      partialPage.setLength(0);
      counters.interactions.increment();
      if (factory.getImages() && queueImages(page)) {
        pageAwaitingImages = page;
        return image();
      }
      return afterPage(page, nowNanos);
    } catch (Death death) {
      counters.death(imagePath != null ? imagePath : pagePath, death.getMessage(),
          death.malformedNumber());
      return end("thread death: " + death.getMessage(), -1);
    }
  }

  private RequestPlan start(long nowNanos) throws Death {
    counters.sessions.increment();
    long carriedNanos = factory.takeCarriedThink(sessionId);
    sessionStartNanos = nowNanos + carriedNanos;
    usmdMillis = factory.thinkTimes().usmdMillis(random.nextDouble());
    TpcwState to = factory.mix().next(TpcwState.INIT, random.rawInt());
    counters.transitions.increment();
    String url = browser.request(TpcwState.INIT, to, null);
    from = TpcwState.INIT;
    state = to;
    long thinkMillis = firstOfBrowser
        ? factory.thinkTimes().firstThinkMillis(random.nextInt(TpcwThinkTimes.FIRST_THINK_SPAN_MILLIS))
        : factory.thinkTimes().thinkMillis(random.nextDouble());
    pagePath = url;
    return plan(url, carriedNanos + thinkMillis * 1_000_000L, false);
  }

  /** Finds, rewrites and resolves the page's images; true when there is one to fetch. */
  private boolean queueImages(String page) throws Death {
    TpcwScanner.Images found = TpcwScanner.images(page);
    if (found.imgWithoutSrc()) {
      counters.imgWithoutSrc(pagePath);
    }
    List<String> ordered = TpcwImages.openingOrder(found.sources(), factory.imageConnections());
    for (String source : ordered) {
      String rewritten = TpcwScanner.rewriteImage(source);
      String target = TpcwImages.resolve(pagePath, rewritten);
      if (target == null) {
        error(rewritten, "Malformed image URL.");
      } else {
        images.add(target);
      }
    }
    return !images.isEmpty();
  }

  private RequestPlan image() {
    imagePath = images.poll();
    counters.images.increment();
    return plan(imagePath, 0, true);
  }

  private RequestPlan afterPage(String page, long nowNanos) throws Death {
    browser.read(from, state, page);
    TpcwState to = factory.mix().next(state, random.rawInt());
    counters.transitions.increment();
    String url = browser.request(state, to, page);
    boolean toHome = to == TpcwState.HOME && state != TpcwState.INIT;
    from = state;
    state = to;
    long thinkNanos = factory.thinkTimes().thinkMillis(random.nextDouble()) * 1_000_000L;
    if (toHome && nowNanos + thinkNanos - sessionStartNanos >= usmdMillis * 1_000_000L) {
      counters.usmdEnds.increment();
      return end("USMD reached at a Home transition", thinkNanos);
    }
    if (url.isEmpty()) {
      error(pagePath, "Restarting new user session due to error.");
      counters.errorRestarts.increment();
      return end("restart after an error", thinkNanos);
    }
    pagePath = url;
    return plan(url, thinkNanos, false);
  }

  private RequestPlan end(String reason, long carriedThinkNanos) {
    over = true;
    endReason = reason;
    if (carriedThinkNanos >= 0) {
      factory.carryThink(sessionId, carriedThinkNanos);
    }
    return null;
  }

  private void error(String message) {
    error(pagePath, message);
  }

  private void error(String url, String message) {
    counters.error(url, message);
  }

  private RequestPlan plan(String path, long thinkNanos, boolean burst) {
    return new RequestPlan(seq++, "GET", path, "", thinkNanos, burst);
  }

  /** The state of the last page requested (its target), INIT before the first. */
  public TpcwState state() {
    return state;
  }

  /** The USMD drawn for this session, ms (0 before the first call). */
  public long usmdMillis() {
    return usmdMillis;
  }

  /** Why the session ended, or null while it runs. */
  public String endReason() {
    return endReason;
  }

  /** The C_ID the browser knows, or -1. */
  public int customerId() {
    return browser.cid;
  }

  /** The session id the browser knows, or null. */
  public String browserSessionId() {
    return browser.sessionId;
  }

  /** The SHOPPING_ID the browser knows, or -1. */
  public int shoppingId() {
    return browser.shopId;
  }

  /** True once {@link #next} has returned null. */
  public boolean isOver() {
    return over;
  }
}
