package io.crosscheck.spi;

import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Which page state of a benchmark site a request target is (TPC-W's {@code HOME} for {@code
 * /tpcw/TPCW_home_interaction}), so that a page mix can be counted from the wire. Implemented by the
 * compatibility module for each site it knows. Thread-safe and stateless.
 */
public interface PageStates {
  /** {@code tpcw} or {@code rubis}. */
  String site();

  /** The page state of {@code target} (a path with its query), or null for a request that is no page (an image). */
  String stateOf(String target);

  /** The implementation for {@code site} on the classpath, if any. */
  static Optional<PageStates> find(String site) {
    return ServiceLoader.load(PageStates.class).stream().map(ServiceLoader.Provider::get)
        .filter(p -> p.site().equals(site)).findFirst();
  }
}
