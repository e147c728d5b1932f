package io.crosscheck.model;

import java.util.Map;

/**
 * The think times a scripted workload declares per page state and phase (RUBiS's transition table:
 * the think time of the state a user goes to, multiplied by the phase's slowdown factor), so that the
 * think time before each page can be judged from the wire. A think time of 0 is always declared too:
 * a Back, a page after an error page, an image.
 *
 * @param site the page states' family, as {@code io.crosscheck.spi.PageStates} names it
 * @param description which table and factors
 * @param nanosByState the think time before a page of each state, in the measured phase
 * @param factorByPhase the multiplier of each phase (RUBiS: up-ramp 2, run 1, down-ramp 3)
 */
public record DeclaredThinkTable(String site, String description, Map<String, Long> nanosByState,
    Map<Phase, Integer> factorByPhase) {
  /**
   * The key of a think time that may come before a page of any state (RUBiS's Back row: a Back goes
   * to the page before, after the Back row's think).
   */
  public static final String ANY_PAGE = "(any page)";

  public DeclaredThinkTable {
    nanosByState = Map.copyOf(nanosByState);
    factorByPhase = Map.copyOf(factorByPhase);
  }

  /** The same table with every think time multiplied by {@code scale} (a time-scaled mix). */
  public DeclaredThinkTable scaled(double scale) {
    Map<String, Long> scaledNanos = new java.util.TreeMap<>();
    nanosByState.forEach((state, nanos) -> scaledNanos.put(state, Math.round(nanos * scale)));
    return new DeclaredThinkTable(site, description + String.format(java.util.Locale.ROOT, ", think x %s", scale),
        scaledNanos, factorByPhase);
  }
}
