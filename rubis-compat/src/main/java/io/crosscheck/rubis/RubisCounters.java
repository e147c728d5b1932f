package io.crosscheck.rubis;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the RUBiS sessions of one factory did that a report should show: how sessions ended
 * (End of Session, maximum transitions, a thread death of the original client), error pages,
 * retries and resets. Thread-safe (sessions of many engine threads add to it); read at any time.
 */
public final class RubisCounters {
  final LongAdder sessions = new LongAdder();
  final LongAdder endOfSession = new LongAdder();
  final LongAdder maxTransitions = new LongAdder();
  final LongAdder errorPages = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder retriesExhausted = new LongAdder();
  final LongAdder readFailures = new LongAdder();
  final LongAdder sorryBacks = new LongAdder();
  final LongAdder images = new LongAdder();
  final LongAdder relativeImages = new LongAdder();
  private final Map<String, LongAdder> deaths = new ConcurrentHashMap<>();

  void death(String reason) {
    deaths.computeIfAbsent(reason, r -> new LongAdder()).increment();
  }

  /** Sessions started. */
  public long sessions() {
    return sessions.sum();
  }

  /** Sessions that reached End of Session. */
  public long endOfSession() {
    return endOfSession.sum();
  }

  /** Sessions ended by {@code workload_maximum_number_of_transitions}. */
  public long maxTransitions() {
    return maxTransitions.sum();
  }

  /**
   * Sessions in which the original client's user thread would have died (an empty or non-numeric
   * extracted value, Back on an empty stack, an unterminated {@code <IMG SRC="}); here the session
   * ends. A finding: the original silently loses that user.
   */
  public long deaths() {
    return deaths.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** Deaths by reason, e.g. {@code empty value for itemId=}. */
  public Map<String, Long> deathsByReason() {
    Map<String, Long> out = new TreeMap<>();
    deaths.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** 200 replies containing "ERROR" (the client's error count; the session resets to Home). */
  public long errorPages() {
    return errorPages.sum();
  }

  /** Requests re-issued after a status >= 400 or no reply (1 s apart). */
  public long retries() {
    return retries.sum();
  }

  /** Pages that failed 5 times; the session reset to Home (no error counted by the client). */
  public long retriesExhausted() {
    return retriesExhausted.sum();
  }

  /** Replies cut short while being read (the client resets to Home at once). */
  public long readFailures() {
    return readFailures.sum();
  }

  /** Pages containing "Sorry" that sent the user back one state. */
  public long sorryBacks() {
    return sorryBacks.sum();
  }

  /** Image requests issued. */
  public long images() {
    return images.sum();
  }

  /** {@code <IMG SRC>} values that are not absolute paths (the client's fetch of them fails). */
  public long relativeImages() {
    return relativeImages.sum();
  }

  @Override
  public String toString() {
    return "sessions=" + sessions() + " endOfSession=" + endOfSession() + " maxTransitions="
        + maxTransitions() + " deaths=" + deathsByReason() + " errorPages=" + errorPages()
        + " retries=" + retries() + " retriesExhausted=" + retriesExhausted() + " readFailures="
        + readFailures() + " sorryBacks=" + sorryBacks() + " images=" + images();
  }
}
