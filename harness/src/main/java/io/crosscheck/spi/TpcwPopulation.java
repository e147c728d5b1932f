package io.crosscheck.spi;

import io.crosscheck.model.spec.Problem;
import java.util.List;
import java.util.Locale;

/**
 * The size of the TPC-W bookstore's database, which the RBE must be told the same: its {@code
 * -CUST} (customers) and {@code -ITEM} (items). Customers follow, in order: the number given, else
 * TPC-W's population rule for a number of emulated browsers ({@value #CUSTOMERS_PER_BROWSER} per
 * browser, TPCW_Populate.java:84), else the RBE's default (1000). Items are one of the five counts
 * the RBE accepts, 10000 by default. Immutable.
 *
 * @param customers customers 1..customers ({@code -CUST})
 * @param items items 1..items ({@code -ITEM})
 * @param basis how {@code customers} was chosen
 * @param browsers the browsers the rule was applied to; null unless {@code basis} is {@code BROWSER_RULE}
 */
public record TpcwPopulation(int customers, int items, Basis basis, Integer browsers) {
  /** TPC-W's NUM_CUSTOMERS = 2880 x NUM_EBS. */
  public static final int CUSTOMERS_PER_BROWSER = 2880;
  /** The RBE's largest -CUST (its NURand constant table ends there, RBE:198-224). */
  public static final int MAX_CUSTOMERS = 655_359_999;
  /** The RBE's defaults. */
  public static final int DEFAULT_CUSTOMERS = 1000;
  public static final int DEFAULT_ITEMS = 10_000;
  /** The item counts the RBE accepts (its stdNumItemA table). */
  public static final List<Integer> RBE_ITEMS = List.of(1000, 10_000, 100_000, 1_000_000, 10_000_000);

  /** How the customer count was chosen. */
  public enum Basis { GIVEN, BROWSER_RULE, RBE_DEFAULT }

  /**
   * The population the options describe; every bad value is added to {@code problems} (then the
   * result is null).
   *
   * @param customers {@code --customers}/{@code -CUST}, or null
   * @param items {@code --items}/{@code -ITEM}, or null (10000)
   * @param browsers {@code --browsers}, or null
   */
  public static TpcwPopulation resolve(Integer customers, Integer items, Integer browsers, List<Problem> problems) {
    int before = problems.size();
    if (customers != null && browsers != null) {
      problems.add(new Problem("--browsers", String.valueOf(browsers), "either --customers (-CUST) or --browsers,"
          + " not both: --browsers N sets " + CUSTOMERS_PER_BROWSER + " x N customers"));
    }
    if (customers != null && (customers < 1 || customers > MAX_CUSTOMERS)) {
      problems.add(new Problem("--customers", String.valueOf(customers), String.format(Locale.ROOT,
          "a number of customers in 1..%d (the RBE's -CUST limit)", MAX_CUSTOMERS)));
    }
    long maxBrowsers = MAX_CUSTOMERS / CUSTOMERS_PER_BROWSER;
    if (browsers != null && (browsers < 1 || browsers > maxBrowsers)) {
      problems.add(new Problem("--browsers", String.valueOf(browsers), String.format(Locale.ROOT,
          "a number of emulated browsers in 1..%d (%d customers each)", maxBrowsers, CUSTOMERS_PER_BROWSER)));
    }
    int itemCount = items == null ? DEFAULT_ITEMS : items;
    if (!RBE_ITEMS.contains(itemCount)) {
      problems.add(new Problem("--items", String.valueOf(items), "one of 1000, 10000, 100000, 1000000, 10000000"
          + " (the RBE refuses any other -ITEM)"));
    }
    if (problems.size() > before) {
      return null;
    }
    if (customers != null) {
      return new TpcwPopulation(customers, itemCount, Basis.GIVEN, null);
    }
    if (browsers != null) {
      return new TpcwPopulation(CUSTOMERS_PER_BROWSER * browsers, itemCount, Basis.BROWSER_RULE, browsers);
    }
    return new TpcwPopulation(DEFAULT_CUSTOMERS, itemCount, Basis.RBE_DEFAULT, null);
  }

  /** The RBE's options for this database, exactly: {@code -CUST 28800 -ITEM 10000}. */
  public String rbeArguments() {
    return "-CUST " + customers + " -ITEM " + items;
  }

  /** Where the customer count comes from, in words. */
  public String basisText() {
    return switch (basis) {
      case GIVEN -> "customers as given";
      case BROWSER_RULE -> String.format(Locale.ROOT, "TPC-W's population rule: %d x %d browsers",
          CUSTOMERS_PER_BROWSER, browsers);
      case RBE_DEFAULT -> "the RBE's default -CUST; --browsers N applies TPC-W's rule of " + CUSTOMERS_PER_BROWSER
          + " per browser";
    };
  }
}
