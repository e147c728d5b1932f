package io.crosscheck.tpcw.spi;

import io.crosscheck.spi.PageStates;
import io.crosscheck.tpcw.TpcwState;

/** TPC-W's page states for the workload audit: the interaction whose servlet a target names. */
public final class TpcwPageStates implements PageStates {
  @Override
  public String site() {
    return "tpcw";
  }

  @Override
  public String stateOf(String target) {
    TpcwState s = TpcwState.ofTarget(target);
    return s == null ? null : s.label();
  }
}
