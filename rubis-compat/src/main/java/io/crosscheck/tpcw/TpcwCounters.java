package io.crosscheck.tpcw;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the TPC-W sessions of one factory did, as the RBE would have counted or suffered it:
 * errors in its sense (EBStats.error), interactions against its 100,000-entry statistics arrays,
 * EB thread deaths, the {@code <IMG} scan that never ends, image open failures. Thread-safe
 * (sessions on many engine threads add to it); read at any time with {@link #snapshot()}.
 */
public final class TpcwCounters {
  /** EBStats's room for start and end times (EBStats.java NUM_INTERACTIONS). */
  public static final long RBE_MAX_INTERACTIONS = 100_000;

  /**
   * One event with its evidence.
   *
   * @param url the request target it concerns (the page, or the image)
   * @param reason the RBE's message or the exception its code would throw
   */
  public record Event(String url, String reason) {}

  /**
   * The counters at one instant.
   *
   * @param maxErrors the RBE's {@code -MAXERROR} (0: no limit)
   * @param sessions user sessions started
   * @param interactions pages read whole (the RBE's EBStats.interaction calls)
   * @param transitions next states drawn (EBStats.transition), a dropped Home included
   * @param errors errors in the RBE's sense (each EBStats.error call)
   * @param errorsByReason errors per message
   * @param firstError the first error, null when none
   * @param exitError the {@code maxErrors}-th error, where the RBE would have exited; null when
   *     not reached or maxErrors is 0
   * @param retries page requests re-sent after a failed one (status 0, >= 400, cut short)
   * @param usmdEnds sessions ended by a Home transition after the USMD (the Home not sent)
   * @param errorRestarts sessions ended because a transition could not build its URL (the RBE
   *     restarts the user session with a second error)
   * @param deaths sessions ended where the RBE's EB thread would have died uncounted
   * @param deathsByReason deaths per reason
   * @param firstDeath the first death, null when none
   * @param malformedNumbers deaths on Integer.parseInt of a malformed number
   * @param firstMalformedNumber the first of those, null when none
   * @param imgWithoutSrc pages with an {@code <IMG} and no later {@code SRC="}
   * @param firstImgWithoutSrc the first such page, null when none
   * @param images image requests issued
   * @param imageOpenFailures image requests answered with status 0 or >= 400
   * @param firstImageOpenFailure the first of those, null when none
   */
  public record Snapshot(int maxErrors, long sessions, long interactions, long transitions,
      long errors, Map<String, Long> errorsByReason, Event firstError, Event exitError,
      long retries, long usmdEnds, long errorRestarts, long deaths, Map<String, Long> deathsByReason,
      Event firstDeath, long malformedNumbers, Event firstMalformedNumber, long imgWithoutSrc,
      Event firstImgWithoutSrc, long images, long imageOpenFailures, Event firstImageOpenFailure) {
    public Snapshot {
      errorsByReason = Map.copyOf(errorsByReason);
      deathsByReason = Map.copyOf(deathsByReason);
    }
  }

  private final int maxErrors;
  final LongAdder sessions = new LongAdder();
  final LongAdder interactions = new LongAdder();
  final LongAdder transitions = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder usmdEnds = new LongAdder();
  final LongAdder errorRestarts = new LongAdder();
  final LongAdder images = new LongAdder();
  private final AtomicLong errors = new AtomicLong();
  private final Map<String, LongAdder> errorsByReason = new ConcurrentHashMap<>();
  private final AtomicReference<Event> firstError = new AtomicReference<>();
  private final AtomicReference<Event> exitError = new AtomicReference<>();
  private final LongAdder deaths = new LongAdder();
  private final Map<String, LongAdder> deathsByReason = new ConcurrentHashMap<>();
  private final AtomicReference<Event> firstDeath = new AtomicReference<>();
  private final LongAdder malformedNumbers = new LongAdder();
  private final AtomicReference<Event> firstMalformedNumber = new AtomicReference<>();
  private final LongAdder imgWithoutSrc = new LongAdder();
  private final AtomicReference<Event> firstImgWithoutSrc = new AtomicReference<>();
  private final LongAdder imageOpenFailures = new LongAdder();
  private final AtomicReference<Event> firstImageOpenFailure = new AtomicReference<>();

  /** @param maxErrors the RBE's {@code -MAXERROR} (0: no limit) */
  public TpcwCounters(int maxErrors) {
    this.maxErrors = maxErrors;
  }

  void error(String url, String reason) {
    long n = errors.incrementAndGet();
    errorsByReason.computeIfAbsent(reason, r -> new LongAdder()).increment();
    Event e = new Event(url, reason);
    if (n == 1) {
      firstError.compareAndSet(null, e);
    }
    if (maxErrors > 0 && n == maxErrors) {
      exitError.compareAndSet(null, e);
    }
  }

  void death(String url, String reason, boolean malformedNumber) {
    deaths.increment();
    deathsByReason.computeIfAbsent(reason, r -> new LongAdder()).increment();
    Event e = new Event(url, reason);
    firstDeath.compareAndSet(null, e);
    if (malformedNumber) {
      malformedNumbers.increment();
      firstMalformedNumber.compareAndSet(null, e);
    }
  }

  void imgWithoutSrc(String url) {
    imgWithoutSrc.increment();
    firstImgWithoutSrc.compareAndSet(null, new Event(url, "<IMG without a later SRC=\""));
  }

  void imageOpenFailure(String url, int status) {
    imageOpenFailures.increment();
    firstImageOpenFailure.compareAndSet(null, new Event(url,
        status == 0 ? "no reply" : "status " + status));
  }

  /** The counters now. */
  public Snapshot snapshot() {
    return new Snapshot(maxErrors, sessions.sum(), interactions.sum(), transitions.sum(),
        errors.get(), sums(errorsByReason), firstError.get(), exitError.get(), retries.sum(),
        usmdEnds.sum(), errorRestarts.sum(), deaths.sum(), sums(deathsByReason), firstDeath.get(),
        malformedNumbers.sum(), firstMalformedNumber.get(), imgWithoutSrc.sum(),
        firstImgWithoutSrc.get(), images.sum(), imageOpenFailures.sum(),
        firstImageOpenFailure.get());
  }

  private static Map<String, Long> sums(Map<String, LongAdder> adders) {
    Map<String, Long> out = new TreeMap<>();
    adders.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /**
   * Plain sentences on the RBE's failure modes this run showed, each with its evidence; empty
   * when none showed.
   */
  public static List<String> outcomes(Snapshot s) {
    List<String> out = new ArrayList<>();
    if (s.errors() > 0) {
      out.add(s.errors() + " error" + plural(s.errors()) + " in the RBE's sense (" + s.retries()
          + " page request" + plural(s.retries()) + " re-sent at once; by reason " + s.errorsByReason()
          + "); the first: " + s.firstError().url() + ", " + s.firstError().reason());
    }
    if (s.exitError() != null) {
      out.add("with -MAXERROR " + s.maxErrors() + " the RBE would have exited (rc 255, empty -OUT)"
          + " at its " + ordinal(s.maxErrors()) + " error: " + s.exitError().url() + ", "
          + s.exitError().reason());
    }
    if (s.interactions() > RBE_MAX_INTERACTIONS) {
      out.add("the RBE counts at most 100,000 interactions (EBStats): it would have lost every EB"
          + " after the 100,000th, with 0 errors reported (this run: "
          + String.format(java.util.Locale.ROOT, "%,d", s.interactions()) + " interactions)");
    }
    if (s.malformedNumbers() > 0) {
      out.add(s.malformedNumbers() + " session" + plural(s.malformedNumbers()) + " ended on a"
          + " malformed number, where the RBE's EB thread would die uncounted and its browser stop"
          + " for the rest of the run; the first: " + s.firstMalformedNumber().url() + ", "
          + s.firstMalformedNumber().reason());
    }
    long otherDeaths = s.deaths() - s.malformedNumbers();
    if (otherDeaths > 0) {
      Map<String, Long> other = new TreeMap<>(s.deathsByReason());
      other.keySet().removeIf(k -> k.startsWith("NumberFormatException"));
      out.add(otherDeaths + " session" + plural(otherDeaths) + " ended where the RBE's code throws"
          + " and its EB thread would die uncounted (" + other + ")");
    }
    if (s.imgWithoutSrc() > 0) {
      out.add(s.imgWithoutSrc() + " page" + plural(s.imgWithoutSrc()) + " had an <IMG with no"
          + " later SRC=\": the RBE's image scan loops forever there and that EB hangs; the first: "
          + s.firstImgWithoutSrc().url());
    }
    if (s.imageOpenFailures() > 0) {
      out.add(s.imageOpenFailures() + " image request" + plural(s.imageOpenFailures())
          + " failed (status 0 or >= 400): the RBE would sleep 5 s and retry each forever,"
          + " counting no error; the first: " + s.firstImageOpenFailure().url() + ", "
          + s.firstImageOpenFailure().reason());
    }
    return out;
  }

  private static String plural(long n) {
    return n == 1 ? "" : "s";
  }

  private static String ordinal(long n) {
    long mod100 = n % 100;
    String suffix = mod100 >= 11 && mod100 <= 13 ? "th"
        : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    return n + suffix;
  }

  @Override
  public String toString() {
    return snapshot().toString();
  }
}
