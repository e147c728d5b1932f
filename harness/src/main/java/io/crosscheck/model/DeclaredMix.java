package io.crosscheck.model;

import java.util.Map;

/**
 * The page mix a scripted workload declares: each page state's long-run share of the pages, from its
 * transition table's stationary distribution, and whose page states they are.
 *
 * @param site {@code tpcw} or {@code rubis}: the page states' family (its requests are classified by
 *     {@code io.crosscheck.spi.PageStates} of that site)
 * @param description which table (the mix, the properties file)
 * @param shares each page state's share, summing to 1
 */
public record DeclaredMix(String site, String description, Map<String, Double> shares) {
  public DeclaredMix {
    shares = Map.copyOf(shares);
  }
}
