package io.crosscheck.tpcw;

import io.crosscheck.model.SessionScriptFactory;
import io.crosscheck.model.StuckUsers;
import io.crosscheck.spi.TpcwSupport;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Makes one {@link TpcwSession} per TPC-W user session of a closed workload whose users are the
 * RBE's emulated browsers. Thread-safe: sessions share the immutable configuration, the
 * thread-safe {@link #counters()} and a concurrent map of carried think times.
 *
 * <p>Session ids are the closed model's {@code user + k * browsers}, so session {@code id} is the
 * {@code k = id / browsers}-th session of browser {@code id % browsers}: k = 0 starts with the
 * RBE's first (uniform) think time. The one cross-session state: the think time the RBE sleeps
 * before it resets a user session (drawn with the dropped Home, or with the transition that
 * failed) is handed from session {@code id} to session {@code id + browsers}, the same browser's
 * next one, which adds it before its Home.
 */
public final class TpcwScriptFactory implements SessionScriptFactory {
  private final TpcwSupport.Options options;
  private final TpcwMix mix;
  private final TpcwThinkTimes thinkTimes;
  private final TpcwRequestConfig requestConfig;
  private final TpcwCounters counters;
  private final LongSupplier nanoClock;
  private final Map<Long, Long> carriedThinkNanos = new ConcurrentHashMap<>();

  /**
   * Sessions on {@code System.nanoTime()}, with dates from today's start in the default zone.
   * The options must be valid ({@link TpcwWorkload#build} checks them).
   */
  public TpcwScriptFactory(TpcwSupport.Options options) {
    this(options, System::nanoTime, LocalDate.now(ZoneId.systemDefault()), ZoneId.systemDefault());
  }

  /**
   * @param nanoClock the monotonic clock the sessions' USMD runs on, nanoseconds
   * @param today the day birth dates end at and card expiry dates start from (its start in
   *     {@code zone}); one day per workload so every engine sends the same dates
   * @param zone the zone the dates are formatted in
   */
  public TpcwScriptFactory(TpcwSupport.Options options, LongSupplier nanoClock, LocalDate today,
      ZoneId zone) {
    this.options = options;
    this.mix = TpcwMix.shipped(options.mix()).masked(options.stateMask());
    this.thinkTimes = new TpcwThinkTimes(options.thinkScale(), options.slow());
    long todayMillis = today.atStartOfDay(zone).toInstant().toEpochMilli();
    this.requestConfig = new TpcwRequestConfig(options.prefix(), options.customers(),
        TpcwRequestConfig.customerA(options.customers()), options.items(),
        TpcwRequestConfig.itemA(options.items()), todayMillis, zone);
    this.counters = new TpcwCounters(options.maxErrors());
    this.nanoClock = nanoClock;
  }

  @Override
  public TpcwSession create(long sessionId, long seed) {
    boolean first = sessionId / options.browsers() == 0;
    return new TpcwSession(this, sessionId, first, seed);
  }

  @Override
  public String describe() {
    return "tpcw-rbe(mix=" + options.mix().label() + " " + options.mix().factory() + ", browsers="
        + options.browsers() + ", mask=" + (options.stateMask() == null ? "none" : options.stateMask())
        + ", TT=" + options.thinkScale() + ", SLOW=" + options.slow() + ", CUST=" + options.customers()
        + " A=" + requestConfig.customerA() + ", ITEM=" + options.items() + " A="
        + requestConfig.itemA() + ", GETIM=" + options.getImages() + ", CON="
        + options.imageConnections() + ", MAXERROR=" + options.maxErrors() + ", prefix="
        + options.prefix() + ", dates=" + Instant.ofEpochMilli(requestConfig.datesEpochMillis())
        .atZone(requestConfig.zone()).toLocalDate() + " " + requestConfig.zone() + ")";
  }

  /** The page state of a TPCW_ request target ({@code HOME}, {@code PROD}, ...); null for images. */
  @Override
  public String stateLabel(String target) {
    TpcwState s = TpcwState.ofTarget(target);
    return s == null ? null : s.label();
  }

  /** The mix's stationary shares of the 14 interactions ({@link TpcwMix#stationaryShares}). */
  @Override
  public io.crosscheck.model.DeclaredMix declaredMix() {
    return mix.declared();
  }

  @Override
  public boolean hasStates() {
    return true;
  }

  /**
   * {@link TpcwCounters#outcomes} of this run so far, one sentence per line, or one line saying that
   * none of the RBE's failure modes was observed over so many interactions; then, on JDK 20 or later
   * (the JVM these sessions run in), that the RBE itself could not have written its results.
   */
  @Override
  public String describeOutcomes() {
    return describeOutcomes(StuckUsers.NONE);
  }

  /**
   * {@link #describeOutcomes()}, with the browsers still waiting for a reply when the run ended: the
   * RBE reads with {@code URL.openStream} and no read timeout, so each of them would hang there for
   * the rest of its run. Then no line says that no browser would have been lost.
   */
  @Override
  public String describeOutcomes(StuckUsers stuck) {
    TpcwCounters.Snapshot s = counters.snapshot();
    List<String> lines = new ArrayList<>(TpcwCounters.outcomes(s));
    if (stuck.users() > 0) {
      lines.add(String.format(Locale.ROOT, "%,d browser%s still waiting for a reply when the run ended (%,d request%s"
          + " sent and never answered, the longest for %.1f s): the RBE sets no read timeout, so each of those EB"
          + " threads would hang there, lost for the rest of its run", stuck.users(), stuck.users() == 1 ? " was"
          : "s were", stuck.requests(), stuck.requests() == 1 ? "" : "s", stuck.longestWaitNanos() / 1e9));
    }
    if (lines.isEmpty()) {
      lines.add(String.format(Locale.ROOT, "none of the RBE's failure modes observed: %,d interactions in %,d user"
          + " sessions, 0 errors in its sense, no browser its threads would have lost", s.interactions(),
          s.sessions()));
    }
    int feature = Runtime.version().feature();
    if (feature >= THREAD_STOP_REMOVED_FEATURE) {
      lines.add("on this JVM (Java " + feature + ", " + System.getProperty("java.vm.name", "?") + ") the RBE itself"
          + " would have measured but written nothing: at the end of the run RBE.java stops each browser with"
          + " Thread.stop(), which throws UnsupportedOperationException since JDK 20, so its -OUT stays empty"
          + " (rc 1); JDK 17 runs it to the end");
    }
    return String.join("\n", lines);
  }

  /** The first JDK whose Thread.stop() throws UnsupportedOperationException (JDK-8289610). */
  static final int THREAD_STOP_REMOVED_FEATURE = 20;

  /**
   * The RBE's own figure per page, which {@code PageIntervals} rebuilds from the records: its WIRT
   * (EB.java 207-299 at 9d1653f), from t1 = the previous page's end + the think time (the instant
   * it meant to send) to the last byte of the page's last image.
   */
  @Override
  public String reportedPageTime() {
    return "TPC-W RBE WIRT per page: from its scheduled send instant (the previous page's end + the think time)"
        + " to the last byte of the page's last image (EB.java)";
  }

  /** The counters of every session this factory made. */
  public TpcwCounters counters() {
    return counters;
  }

  /** The mix, masked. */
  public TpcwMix mix() {
    return mix;
  }

  /** The think-time and USMD rules of these options. */
  public TpcwThinkTimes thinkTimes() {
    return thinkTimes;
  }

  /** The options. */
  public TpcwSupport.Options options() {
    return options;
  }

  TpcwRequestConfig requestConfig() {
    return requestConfig;
  }

  boolean getImages() {
    return options.getImages();
  }

  int imageConnections() {
    return options.imageConnections();
  }

  long nanoTime() {
    return nanoClock.getAsLong();
  }

  void carryThink(long sessionId, long thinkNanos) {
    carriedThinkNanos.put(sessionId + options.browsers(), thinkNanos);
  }

  long takeCarriedThink(long sessionId) {
    Long carried = carriedThinkNanos.remove(sessionId);
    return carried == null ? 0 : carried;
  }

  @Override
  public String toString() {
    return describe();
  }
}
