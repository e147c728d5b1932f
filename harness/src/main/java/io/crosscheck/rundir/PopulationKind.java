package io.crosscheck.rundir;

/**
 * A kind of id a benchmark client names in its requests and a server's database holds a fixed
 * number of: what {@link Findings.Population} counts. {@link #key} is the name under which an
 * embedded site states the population ({@code io.crosscheck.wire.StatedPopulation}).
 */
public enum PopulationKind {
  /** TPC-W customers ({@code C_ID=}, {@code UNAME=}): the RBE's {@code -CUST}; the bookstore registers more. */
  TPCW_CUSTOMERS("customers", true),
  /** TPC-W items ({@code I_ID=}): the RBE's {@code -ITEM}. */
  TPCW_ITEMS("items", false),
  /** RUBiS users ({@code nickname=user<N>}): the client's {@code database_number_of_users}. */
  RUBIS_USERS("users", false);

  private final String key;
  private final boolean growsByRegistration;

  PopulationKind(String key, boolean growsByRegistration) {
    this.key = key;
    this.growsByRegistration = growsByRegistration;
  }

  /** The name the server states it under. */
  public String key() {
    return key;
  }

  /**
   * True when the server hands out ids above the population during the run (a TPC-W customer
   * registered by a buy request), so an id above it is beyond only when the server refused it.
   */
  public boolean growsByRegistration() {
    return growsByRegistration;
  }
}
