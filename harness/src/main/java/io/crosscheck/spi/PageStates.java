package io.crosscheck.spi;

import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.UnaryOperator;

/**
 * Which page state of a benchmark site a request target is (TPC-W's {@code HOME} for {@code
 * /tpcw/TPCW_home_interaction}), so that a page mix and a think-time table can be judged from the
 * wire. Implemented by the compatibility module for each site it knows. Thread-safe and stateless.
 */
public interface PageStates {
  /**
   * The classifier of {@code site}: a target (a path with its query) to its page state's label, null
   * for a request that is no page (an image); null when this implementation does not know the site.
   *
   * @param site {@code tpcw}, or {@code rubis:FLAVOUR:HTML_PATH:SCRIPT_PATH} (a RUBiS client's URLs)
   */
  UnaryOperator<String> classifier(String site);

  /** The classifier of {@code site} from the implementations on the classpath, if one knows it. */
  static Optional<UnaryOperator<String>> find(String site) {
    return ServiceLoader.load(PageStates.class).stream().map(p -> p.get().classifier(site)).filter(Objects::nonNull)
        .findFirst();
  }
}
