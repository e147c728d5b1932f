package io.crosscheck.rubis.server;

import io.crosscheck.server.ServiceDemand;

/**
 * What the embedded RUBiS server answers: the 27 interactions of the RUBiS 1.4.x client's
 * transition table, in the table's order (so {@link #ordinal()} is the client's state number),
 * followed by the images the pages reference and requests it does not know.
 *
 * <p>Several interactions share a script: {@code BrowseCategories} is {@link #BROWSE_CATEGORIES},
 * {@link #BROWSE_CATEGORIES_IN_REGION} (with {@code region}) or {@link
 * #SELECT_CATEGORY_TO_SELL_ITEM} (with {@code nickname}); see {@link RubisRouter}.
 *
 * <p>Each carries a default service demand with RUBiS's relative costs: static pages about
 * 0.1 ms, simple reads about 1 ms, searches 3–5 ms (exponential), writes about 2 ms. Immutable.
 */
public enum RubisInteraction {
  HOME("index.html", fixedMicros(100)),
  REGISTER("register.html", fixedMicros(100)),
  REGISTER_USER("RegisterUser", expMicros(2000)),
  BROWSE("browse.html", fixedMicros(100)),
  BROWSE_CATEGORIES("BrowseCategories", expMicros(1000)),
  SEARCH_ITEMS_IN_CATEGORY("SearchItemsByCategory", expMicros(4000)),
  BROWSE_REGIONS("BrowseRegions", expMicros(1000)),
  BROWSE_CATEGORIES_IN_REGION("BrowseCategories", expMicros(1000)),
  SEARCH_ITEMS_IN_REGION("SearchItemsByRegion", expMicros(5000)),
  VIEW_ITEM("ViewItem", expMicros(1000)),
  VIEW_USER_INFO("ViewUserInfo", expMicros(1500)),
  VIEW_BID_HISTORY("ViewBidHistory", expMicros(1500)),
  BUY_NOW_AUTH("BuyNowAuth", fixedMicros(200)),
  BUY_NOW("BuyNow", expMicros(1000)),
  STORE_BUY_NOW("StoreBuyNow", expMicros(2000)),
  PUT_BID_AUTH("PutBidAuth", fixedMicros(200)),
  PUT_BID("PutBid", expMicros(1000)),
  STORE_BID("StoreBid", expMicros(2000)),
  PUT_COMMENT_AUTH("PutCommentAuth", fixedMicros(200)),
  PUT_COMMENT("PutComment", expMicros(1000)),
  STORE_COMMENT("StoreComment", expMicros(2000)),
  SELL("sell.html", fixedMicros(100)),
  SELECT_CATEGORY_TO_SELL_ITEM("BrowseCategories", expMicros(1000)),
  SELL_ITEM_FORM("SellItemForm", fixedMicros(200)),
  REGISTER_ITEM("RegisterItem", expMicros(2000)),
  ABOUT_ME_FORM("about_me.html", fixedMicros(100)),
  ABOUT_ME("AboutMe", expMicros(3000)),
  /** An image referenced by a page ({@code <IMG SRC="...">}). */
  IMAGE("*.jpg", fixedMicros(50)),
  /** Anything else; answered 404. */
  NOT_FOUND("", ServiceDemand.none());

  /** The number of client interactions (27): the entries before {@link #IMAGE}. */
  public static final int CLIENT_INTERACTIONS = 27;

  private final String script;
  private final ServiceDemand defaultDemand;

  RubisInteraction(String script, ServiceDemand defaultDemand) {
    this.script = script;
    this.defaultDemand = defaultDemand;
  }

  /**
   * The script name ({@code ViewItem}; the PHP file is {@code ViewItem.php}, the servlet {@code
   * edu.rice.rubis.servlets.ViewItem}) or, for a static page, its file name ({@code index.html}).
   */
  public String script() {
    return script;
  }

  /** Whether this is one of the five static HTML pages. */
  public boolean isStaticPage() {
    return script.endsWith(".html");
  }

  /** The service demand used unless {@link RubisServerConfig#demands()} says otherwise. */
  public ServiceDemand defaultDemand() {
    return defaultDemand;
  }

  private static ServiceDemand fixedMicros(long micros) {
    return new ServiceDemand.Fixed(micros * 1_000L);
  }

  private static ServiceDemand expMicros(long micros) {
    return new ServiceDemand.Exponential(micros * 1_000L);
  }
}
