package io.crosscheck.rubis;

import io.crosscheck.model.SessionScriptFactory;

/**
 * Makes one {@link RubisSession} per session of a scripted workload ({@code
 * SessionSource.Scripted}). Thread-safe: sessions share only the immutable configuration and the
 * thread-safe {@link #counters()}.
 *
 * <p>Slowdown factors ({@link RubisSlowdown}): the client multiplies think times by the up-ramp
 * factor during ramp-up, 1 during the run and the down-ramp factor during ramp-down. A session
 * reads the factor of the phase the engine gives it each time it draws a think time ({@link
 * RubisSession#next(io.crosscheck.model.Reply, io.crosscheck.model.Phase)}), so the factors follow
 * the run's own clock in every engine. The same seed gives the same random draws in every engine;
 * a think time drawn in another phase differs by the factors only.
 */
public final class RubisScriptFactory implements SessionScriptFactory {
  private final RubisSessionConfig config;
  private final RubisUrls urls;
  private final RubisCounters counters = new RubisCounters();
  private final RubisSlowdown slowdown;

  /** Sessions with a slowdown factor of 1 in every phase. */
  public RubisScriptFactory(RubisSessionConfig config) {
    this(config, RubisSlowdown.NONE);
  }

  /** @param slowdown the factors by phase, applied when a think time is drawn */
  public RubisScriptFactory(RubisSessionConfig config, RubisSlowdown slowdown) {
    this.config = config;
    this.urls = new RubisUrls(config.flavour(), config.htmlPath(), config.scriptPath());
    this.slowdown = slowdown;
  }

  @Override
  public RubisSession create(long sessionId, long seed) {
    return new RubisSession(config, urls, seed, counters, slowdown);
  }

  @Override
  public String describe() {
    return "rubis(flavour=" + config.flavour().propertyValue() + ", html=" + config.htmlPath()
        + ", scripts=" + config.scriptPath() + ", table=" + config.table().source() + " \""
        + config.table().setName() + "\" #" + config.table().fingerprint() + ", thinkTime="
        + (config.useTpcwThinkTime() ? "tpcw-exp-7s" : "table") + ", slowdown="
        + slowdown.describe() + ", maxTransitions=" + config.maxTransitions() + ", users="
        + config.numberOfUsers() + ", regions=" + config.regions().size() + ", categories="
        + config.categories().size() + ", itemsPerPage=" + config.itemsPerPage() + ")";
  }

  /**
   * The table's think time before each state's page, and the slowdown factor of each phase; null with
   * TPC-W think times (drawn at random).
   */
  @Override
  public io.crosscheck.model.DeclaredThinkTable declaredThinkTable() {
    if (config.useTpcwThinkTime()) {
      return null;
    }
    java.util.Map<String, Long> nanos = new java.util.TreeMap<>();
    for (RubisState s : RubisState.values()) {
      nanos.put(s.label(), config.table().thinkTimeMillis(s.ordinal()) * 1_000_000L);
    }
    // a Back sleeps the Back row's think before the page it pops back to, whatever that page's state
    nanos.put(io.crosscheck.model.DeclaredThinkTable.ANY_PAGE, config.table().thinkTimeMillis(TransitionTable.BACK)
        * 1_000_000L);
    java.util.Map<io.crosscheck.model.Phase, Integer> factors = new java.util.EnumMap<>(io.crosscheck.model.Phase.class);
    for (io.crosscheck.model.Phase p : io.crosscheck.model.Phase.values()) {
      factors.put(p, slowdown.factorIn(p));
    }
    return new io.crosscheck.model.DeclaredThinkTable(
        io.crosscheck.rubis.spi.SitePageStates.rubisSite(config.flavour(), config.htmlPath(), config.scriptPath()),
        "RUBiS " + config.table().source() + ", slowdown " + slowdown.describe(), nanos, factors);
  }

  /** The counters of every session this factory made. */
  public RubisCounters counters() {
    return counters;
  }

  /** The configuration. */
  public RubisSessionConfig config() {
    return config;
  }

  /** The slowdown factors by phase. */
  public RubisSlowdown slowdown() {
    return slowdown;
  }

  /** The URL builder of this configuration's flavour and paths. */
  public RubisUrls urls() {
    return urls;
  }

  /** The state a request target belongs to, or null (images, other paths). */
  public RubisState stateOf(String target) {
    return urls.stateOf(target);
  }

  /** The report name of the state a request target belongs to, or null (images, other paths). */
  @Override
  public String stateLabel(String target) {
    return stateName(target);
  }

  @Override
  public boolean hasStates() {
    return true;
  }

  @Override
  public String describeOutcomes() {
    return counters().toString();
  }

  /** The label of the state whose URL {@code target} is, or null for an image or other target. */
  public String stateName(String target) {
    RubisState s = urls.stateOf(target);
    return s == null ? null : s.label();
  }
}
