package io.crosscheck.rubis;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionScript;
import io.crosscheck.rubis.ReplyScanner.Death;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One RUBiS user session as the 1.4.x client plays it, as a {@link SessionScript}: the engine sends
 * each request and hands back the reply; the session chooses the next one. Not thread-safe (one
 * engine thread at a time, per the SPI).
 *
 * <p>Behaviour, per reply to a page:
 *
 * <ul>
 *   <li>status 0 (no reply) or >= 400: the client's {@code openStream} failed; the same request
 *       is re-issued after 1 s, 5 attempts in all; after the 5th failure (and its 1 s pause) the
 *       session goes to Home, no error counted;
 *   <li>a reply cut short (not complete): back to Home at once, no pause;
 *   <li>otherwise every {@code <IMG SRC="x"} of the page is requested next, one after another
 *       ({@link RequestPlan#burstWithPrevious()}, no think time; replies ignored); then a page
 *       containing "ERROR" counts an error page and goes to Home with no think time; otherwise the
 *       next state is drawn and requested after its think time.
 * </ul>
 *
 * Every page (not image, not retry) uses one of {@code workload_maximum_number_of_transitions}. The
 * session ends (next returns null) at End of Session, at that maximum, or where the original
 * client's user thread would die (see {@link RubisCounters#deaths()}).
 *
 * <p>Think time before a state: the table's ms for that state (for a Back: the Back row's, and no
 * further think for the state popped), or with TPC-W think times an exponential draw of mean 7 s (a
 * draw r < 4.54e-5 gives 0; a Back draws one too, as the client's code does), multiplied by the
 * slowdown factor ({@link RubisSlowdown}) of the run's phase when the state is chosen (the phase
 * {@link #next(Reply, Phase)} is given; {@link #next(Reply)} is the run's factor 1), truncated to
 * whole ms. After an ERROR page or a cut-short reply, Home follows with no think time; after five
 * failed attempts, after the last 1 s pause.
 *
 * <p>Differences from the client, all deliberate: the user, the Back stack and the last item and
 * user ids start afresh with each session (the client keeps the stack and ids across the sessions
 * of one thread); the think time after End of Session is drawn but not slept (the engine decides
 * when the next session starts); a relative image path is not requested (the client's request for
 * it fails) but counted.
 */
public final class RubisSession implements SessionScript {
  static final long RETRY_PAUSE_NANOS = 1_000_000_000L;
  static final int ATTEMPTS = 5;

  private final RubisSessionConfig config;
  private final SplittableRandom random;
  private final RubisCounters counters;
  private final RubisSlowdown slowdown;
  private final RubisNavigator nav;
  private final List<RubisState> urlStates = new ArrayList<>();
  private final List<RubisState> recordedStates = new ArrayList<>();
  private final ArrayDeque<String> images = new ArrayDeque<>();
  private int seq;
  private int transitionsLeft;
  private String pagePath;
  private RubisState pageState;
  private RubisState recordedState;
  private int attempts;
  private boolean imagePending;
  private String pageAwaitingImages;
  private boolean over;
  private String deathReason;
  /** The factor of the phase the current {@link #next(Reply, Phase)} was called in. */
  private int slowdownFactor = 1;

  RubisSession(RubisSessionConfig config, RubisUrls urls, long seed, RubisCounters counters,
      RubisSlowdown slowdown) {
    this.config = config;
    this.random = new SplittableRandom(seed);
    this.counters = counters;
    this.slowdown = slowdown;
    this.nav = new RubisNavigator(config, urls, random);
    this.transitionsLeft = config.maxTransitions();
    counters.sessions.increment();
  }

  /** {@link #next(Reply, Phase)} during the run (the measure phase: slowdown factor 1). */
  @Override
  public RequestPlan next(Reply previous) {
    return next(previous, Phase.MEASURE);
  }

  /**
   * The next request, its think time multiplied by the slowdown factor of {@code phase}.
   *
   * @param phase the run's phase now, on the engine's clock
   */
  @Override
  public RequestPlan next(Reply previous, Phase phase) {
    slowdownFactor = slowdown.factorIn(phase);
    if (over) {
      return null;
    }
    try {
      if (seq == 0) {
        return page(RubisState.HOME.ordinal(), 0);
      }
      if (imagePending) {
        return images.isEmpty() ? afterPage(pageAwaitingImages) : image();
      }
      Reply reply = previous == null ? Reply.none() : previous;
      if (reply.status() == 0 || reply.status() >= 400) {
        if (++attempts < ATTEMPTS) {
          counters.retries.increment();
          return plan(pagePath, RETRY_PAUSE_NANOS, false, pageState);
        }
        counters.retriesExhausted.increment();
        return toHome(RETRY_PAUSE_NANOS);
      }
      if (!reply.complete()) {
        counters.readFailures.increment();
        return toHome(0);
      }
      String body = reply.body();
      nav.setLastPage(body);
      List<String> found = ReplyScanner.images(body);
      if (!found.isEmpty()) {
        images.addAll(found);
        pageAwaitingImages = body;
        return image();
      }
      return afterPage(body);
    } catch (Death death) {
      return die(death.getMessage());
    }
  }

  private RequestPlan image() throws Death {
    while (!images.isEmpty()) {
      String src = images.poll();
      if (src.startsWith("/")) {
        imagePending = true;
        counters.images.increment();
        return plan(src, 0, true, null);
      }
      counters.relativeImages.increment();
    }
    return afterPage(pageAwaitingImages);
  }

  private RequestPlan afterPage(String body) throws Death {
    imagePending = false;
    pageAwaitingImages = null;
    if (body.contains("ERROR")) {
      counters.errorPages.increment();
      return toHome(0);
    }
    int next = nav.nextState();
    long thinkNanos = thinkNanos(nav.backDrawn ? TransitionTable.BACK : next);
    transitionsLeft--;
    if (next == TransitionTable.END) {
      counters.endOfSession.increment();
      return finish();
    }
    if (transitionsLeft <= 0) {
      counters.maxTransitions.increment();
      return finish();
    }
    if (next == RubisNavigator.BACK_ON_EMPTY_STACK) {
      String last = nav.lastPage();
      if (last == null || !last.contains("Sorry")) {
        return die("Back with an empty stack");
      }
      next = -1; // the client's "Sorry" handling pops the empty stack and resets to Home
    }
    return page(next, thinkNanos);
  }

  private RequestPlan toHome(long thinkNanos) throws Death {
    nav.setLastPage(null);
    nav.resetToHome();
    transitionsLeft--;
    if (transitionsLeft <= 0) {
      counters.maxTransitions.increment();
      return finish();
    }
    return page(RubisState.HOME.ordinal(), thinkNanos);
  }

  /** Builds and issues the page request of {@code state} (-1: Home after an empty pop). */
  private RequestPlan page(int state, long thinkNanos) throws Death {
    int sorryBefore = nav.sorryBacks;
    String path = nav.url(state);
    if (nav.sorryBacks != sorryBefore) {
      counters.sorryBacks.increment();
    }
    pagePath = path;
    pageState = RubisState.of(nav.builtState());
    recordedState = state < 0 ? RubisState.HOME : RubisState.of(state);
    attempts = 0;
    return plan(path, thinkNanos, false, pageState);
  }

  private RequestPlan plan(String path, long thinkNanos, boolean burst, RubisState state) {
    urlStates.add(state);
    recordedStates.add(state == null ? null : recordedState);
    return new RequestPlan(seq++, "GET", path, "", thinkNanos, burst);
  }

  private long thinkNanos(int row) {
    long millis;
    if (config.useTpcwThinkTime()) {
      millis = tpcwThinkMillis(random.nextDouble());
    } else {
      millis = config.table().thinkTimeMillis(row);
    }
    long slowed = (long) ((float) millis * (float) slowdownFactor);
    return slowed * 1_000_000L;
  }

  /** The TPC-W think time for a uniform draw r in [0,1): 0 when r < 4.54e-5, else -7000 ln r ms. */
  static long tpcwThinkMillis(double r) {
    if (r < 4.54e-5) {
      return (long) (r + 0.5);
    }
    return (long) (-7000.0 * Math.log(r) + 0.5);
  }

  private RequestPlan finish() {
    over = true;
    return null;
  }

  private RequestPlan die(String reason) {
    deathReason = reason;
    counters.death(reason);
    return finish();
  }

  /** The user of this session: {@code user<N>} with the numeric id N-1 sent in URLs. */
  public String nickname() {
    return nav.nickname;
  }

  /** The numeric user id sent in URLs (one less than N in {@code user<N>}). */
  public int userId() {
    return nav.userId;
  }

  /**
   * The state whose URL request {@code seq} carries (what the server sees), or null for an image.
   */
  public RubisState stateOf(int seq) {
    return urlStates.get(seq);
  }

  /**
   * The state the client records request {@code seq} under (the drawn state; differs from {@link
   * #stateOf} after a "Sorry" page sent the user back), or null for an image.
   */
  public RubisState recordedStateOf(int seq) {
    return recordedStates.get(seq);
  }

  /** The number of requests issued so far. */
  public int requests() {
    return seq;
  }

  /** True once {@link #next} has returned null. */
  public boolean isOver() {
    return over;
  }

  /** Why the original client's thread would have died in this session, or null. */
  public String deathReason() {
    return deathReason;
  }
}
