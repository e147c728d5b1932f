package io.crosscheck.tpcw;

import java.util.Locale;

/**
 * The RBE's 15 states in its state order (EBTPCW1Factory.java:118-137, the column order of
 * {@code transProb}): INIT, the start of a user session, and the 14 web interactions, each with
 * the servlet the RBE requests for it (RBE.java:134-150). Part of the workload model.
 */
public enum TpcwState {
  INIT(null),
  ADMC("TPCW_admin_response_servlet"),
  ADMR("TPCW_admin_request_servlet"),
  BESS("TPCW_best_sellers_servlet"),
  BUYC("TPCW_buy_confirm_servlet"),
  BUYR("TPCW_buy_request_servlet"),
  CREG("TPCW_customer_registration_servlet"),
  HOME("TPCW_home_interaction"),
  NEWP("TPCW_new_products_servlet"),
  ORDD("TPCW_order_display_servlet"),
  ORDI("TPCW_order_inquiry_servlet"),
  PROD("TPCW_product_detail_servlet"),
  SREQ("TPCW_search_request_servlet"),
  SRES("TPCW_execute_search"),
  SHOP("TPCW_shopping_cart_interaction");

  /** The number of states, INIT included (15). */
  public static final int COUNT = 15;

  private static final TpcwState[] ALL = values();

  private final String servlet;

  TpcwState(String servlet) {
    this.servlet = servlet;
  }

  /** The servlet name the RBE appends to its {@code -WWW} URL; null for INIT (not a page). */
  public String servlet() {
    return servlet;
  }

  /** True for the six browse interactions (HOME NEWP BESS PROD SREQ SRES); the rest order. */
  public boolean isBrowse() {
    return this == HOME || this == NEWP || this == BESS || this == PROD || this == SREQ
        || this == SRES;
  }

  /** The state of a 0-based index in state order. */
  public static TpcwState of(int index) {
    return ALL[index];
  }

  /**
   * The page state a request target belongs to: the last path segment, without its {@code ;}
   * path parameters ({@code ;jsessionid=}) and query, names a TPCW_ servlet. Null for anything
   * else (images, other paths). The home page is HOME, whether it opens a session or not.
   */
  public static TpcwState ofTarget(String target) {
    if (target == null) {
      return null;
    }
    int end = target.length();
    int query = target.indexOf('?');
    if (query >= 0) {
      end = query;
    }
    int fragment = target.indexOf('#');
    if (fragment >= 0 && fragment < end) {
      end = fragment;
    }
    int slash = target.lastIndexOf('/', end - 1);
    String segment = target.substring(slash + 1, end);
    int parameter = segment.indexOf(';');
    if (parameter >= 0) {
      segment = segment.substring(0, parameter);
    }
    if (!segment.startsWith("TPCW_")) {
      return null;
    }
    for (TpcwState s : ALL) {
      if (segment.equals(s.servlet)) {
        return s;
      }
    }
    return null;
  }

  /** The state's name as the mix files and the RBE's comments spell it ({@code HOME}). */
  public String label() {
    return name().toUpperCase(Locale.ROOT);
  }
}
