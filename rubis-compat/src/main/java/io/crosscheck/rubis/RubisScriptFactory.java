package io.crosscheck.rubis;

import io.crosscheck.model.SessionScriptFactory;
import java.util.function.IntSupplier;

/**
 * Makes one {@link RubisSession} per session of a scripted workload ({@code
 * SessionSource.Scripted}). Thread-safe: sessions share only the immutable configuration and the
 * thread-safe {@link #counters()}.
 *
 * <p>Slowdown factor: the client multiplies think times by the up-ramp factor during ramp-up, 1
 * during the run and the down-ramp factor during ramp-down. The factory reads the factor from an
 * {@link IntSupplier} each time a think time is drawn; the default is a constant 1. A supplier that
 * follows the run's clock (see {@link RubisWorkload#slowdown}) reproduces the client, at the price
 * of think times that depend on when a session runs (then the same seed no longer gives the same
 * think times in two engines; the state sequence stays the same).
 */
public final class RubisScriptFactory implements SessionScriptFactory {
  private final RubisSessionConfig config;
  private final RubisUrls urls;
  private final RubisCounters counters = new RubisCounters();
  private final IntSupplier slowdown;
  private final String slowdownDescription;

  /** Sessions with a constant slowdown factor of 1. */
  public RubisScriptFactory(RubisSessionConfig config) {
    this(config, () -> 1, "1");
  }

  /**
   * @param slowdown the factor to apply when a think time is drawn (>= 0)
   * @param slowdownDescription how the factor is chosen, for {@link #describe()}
   */
  public RubisScriptFactory(
      RubisSessionConfig config, IntSupplier slowdown, String slowdownDescription) {
    this.config = config;
    this.urls = new RubisUrls(config.flavour(), config.htmlPath(), config.scriptPath());
    this.slowdown = slowdown;
    this.slowdownDescription = slowdownDescription;
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
        + slowdownDescription + ", maxTransitions=" + config.maxTransitions() + ", users="
        + config.numberOfUsers() + ", regions=" + config.regions().size() + ", categories="
        + config.categories().size() + ", itemsPerPage=" + config.itemsPerPage() + ")";
  }

  /** The counters of every session this factory made. */
  public RubisCounters counters() {
    return counters;
  }

  /** The configuration. */
  public RubisSessionConfig config() {
    return config;
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
