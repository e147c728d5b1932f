package io.crosscheck.rubis;

import java.util.List;

/**
 * The 27 page states of the RUBiS 1.4.x client, numbered as in its transition tables (column and
 * row order) and its URL generator. Rows 27 (Back) and 28 (End of Session) of a table are not page
 * states and have no constant here; see {@link TransitionTable#BACK} and {@link TransitionTable#END}.
 *
 * <p>{@link #label()} is the name used in crosscheck's per-state reports (the contract's names;
 * the tables' own first-column names differ slightly, e.g. {@code StoreBuyBow}).
 */
public enum RubisState {
  HOME("Home"),
  REGISTER("Register"),
  REGISTER_USER("RegisterUser"),
  BROWSE("Browse"),
  BROWSE_CATEGORIES("BrowseCategories"),
  SEARCH_ITEMS_IN_CATEGORY("SearchItemsInCategory"),
  BROWSE_REGIONS("BrowseRegions"),
  BROWSE_CATEGORIES_IN_REGION("BrowseCategoriesInRegion"),
  SEARCH_ITEMS_IN_REGION("SearchItemsInRegion"),
  VIEW_ITEM("ViewItem"),
  VIEW_USER_INFO("ViewUserInfo"),
  VIEW_BID_HISTORY("ViewBidHistory"),
  BUY_NOW_AUTH("BuyNowAuth"),
  BUY_NOW("BuyNow"),
  STORE_BUY_NOW("StoreBuyNow"),
  PUT_BID_AUTH("PutBidAuth"),
  PUT_BID("PutBid"),
  STORE_BID("StoreBid"),
  PUT_COMMENT_AUTH("PutCommentAuth"),
  PUT_COMMENT("PutComment"),
  STORE_COMMENT("StoreComment"),
  SELL("Sell"),
  SELECT_CATEGORY_TO_SELL_ITEM("SelectCategoryToSellItem"),
  SELL_ITEM_FORM("SellItemForm"),
  REGISTER_ITEM("RegisterItem"),
  ABOUT_ME_FORM("AboutMe (form)"),
  ABOUT_ME("AboutMe");

  /** Number of page states (the tables' {@code workload_number_of_columns}). */
  public static final int COUNT = 27;

  private static final List<RubisState> ALL = List.of(values());

  private final String label;

  RubisState(String label) {
    this.label = label;
  }

  /** The report name, e.g. {@code SearchItemsInCategory}. */
  public String label() {
    return label;
  }

  /** The state with the client's number {@code index} (0..26). */
  public static RubisState of(int index) {
    return ALL.get(index);
  }
}
