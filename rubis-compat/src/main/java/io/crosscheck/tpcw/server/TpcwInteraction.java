package io.crosscheck.tpcw.server;

import io.crosscheck.server.ServiceDemand;

/**
 * What the embedded TPC-W bookstore answers: the 14 web interactions of the TPC-W Remote Browser
 * Emulator (RBE), each under the servlet name the RBE requests ({@code rbe/RBE.java} setURLs), then
 * the images its pages reference and requests it does not know. Declared in the RBE's state order
 * without INIT (ADMC, ADMR, BESS, ...), so {@code ordinal() + 1} is the RBE's state number.
 *
 * <p>Each carries a default service demand with TPC-W's relative costs: static forms about 0.2 ms,
 * single-row reads about 1 ms, list queries and searches 3–5 ms, writes 2–4 ms (exponential).
 * Immutable.
 */
public enum TpcwInteraction {
  ADMIN_CONFIRM("ADMC", "TPCW_admin_response_servlet", expMicros(3000)),
  ADMIN_REQUEST("ADMR", "TPCW_admin_request_servlet", expMicros(1000)),
  BEST_SELLERS("BESS", "TPCW_best_sellers_servlet", expMicros(5000)),
  BUY_CONFIRM("BUYC", "TPCW_buy_confirm_servlet", expMicros(4000)),
  BUY_REQUEST("BUYR", "TPCW_buy_request_servlet", expMicros(2000)),
  CUSTOMER_REGISTRATION("CREG", "TPCW_customer_registration_servlet", fixedMicros(200)),
  HOME("HOME", "TPCW_home_interaction", expMicros(1000)),
  NEW_PRODUCTS("NEWP", "TPCW_new_products_servlet", expMicros(3000)),
  ORDER_DISPLAY("ORDD", "TPCW_order_display_servlet", expMicros(2000)),
  ORDER_INQUIRY("ORDI", "TPCW_order_inquiry_servlet", fixedMicros(200)),
  PRODUCT_DETAIL("PROD", "TPCW_product_detail_servlet", expMicros(1000)),
  SEARCH_REQUEST("SREQ", "TPCW_search_request_servlet", fixedMicros(200)),
  SEARCH_RESULTS("SRES", "TPCW_execute_search", expMicros(4000)),
  SHOPPING_CART("SHOP", "TPCW_shopping_cart_interaction", expMicros(2000)),
  /** A GIF referenced by a page: the logo, a button, or an item's image or thumbnail. */
  IMAGE("IMG", "Images/*.gif", fixedMicros(50)),
  /** Anything else: answered 404, or 400 when the target itself is malformed (a bad escape or session id). */
  NOT_FOUND("OTHER", "", ServiceDemand.none());

  /** The number of web interactions (14): the entries before {@link #IMAGE}. */
  public static final int WEB_INTERACTIONS = 14;

  private final String state;
  private final String servlet;
  private final ServiceDemand defaultDemand;

  TpcwInteraction(String state, String servlet, ServiceDemand defaultDemand) {
    this.state = state;
    this.servlet = servlet;
    this.defaultDemand = defaultDemand;
  }

  /** The RBE's abbreviation of the state this interaction serves, e.g. {@code HOME}, {@code SRES}. */
  public String state() {
    return state;
  }

  /** The servlet name the RBE appends to its {@code -WWW} prefix, e.g. {@code TPCW_execute_search}. */
  public String servlet() {
    return servlet;
  }

  /** The service demand used unless {@link TpcwServerConfig#demands()} says otherwise. */
  public ServiceDemand defaultDemand() {
    return defaultDemand;
  }

  /** The web interaction served under {@code servlet}, or null. */
  static TpcwInteraction ofServlet(String servlet) {
    for (int i = 0; i < WEB_INTERACTIONS; i++) {
      TpcwInteraction t = values()[i];
      if (t.servlet.equals(servlet)) {
        return t;
      }
    }
    return null;
  }

  private static ServiceDemand fixedMicros(long micros) {
    return new ServiceDemand.Fixed(micros * 1_000L);
  }

  private static ServiceDemand expMicros(long micros) {
    return new ServiceDemand.Exponential(micros * 1_000L);
  }
}
