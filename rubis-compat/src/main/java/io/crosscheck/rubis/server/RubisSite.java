package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import java.util.function.LongSupplier;

/**
 * The auction site behind the {@link RubisServer}: renders the reply of a {@link RubisRoute} from
 * the {@link AuctionStore}, dispatching each interaction to its group of pages. Thread-safe;
 * called on the server's event-loop threads once the request's service demand has been spent.
 */
final class RubisSite {
  private final AuctionStore store;
  private final StaticPages phpPages;
  private final StaticPages servletPages;
  private final UrlSpace php;
  private final Images images;
  private final BrowsePages browse;
  private final ItemPages items;
  private final TradePages trade;
  private final AccountPages accounts;

  RubisSite(AuctionStore store, UrlSpace php, UrlSpace servlets, Images images, LongSupplier clockEpochSeconds) {
    this.store = store;
    this.php = php;
    this.images = images;
    this.phpPages = new StaticPages(php, store.reference());
    this.servletPages = new StaticPages(servlets, store.reference());
    this.browse = new BrowsePages(store);
    this.items = new ItemPages(store);
    this.trade = new TradePages(store, clockEpochSeconds);
    this.accounts = new AccountPages(store, items, clockEpochSeconds);
  }

  AuctionStore store() {
    return store;
  }

  /** The reply to {@code route}; never null, never throws for any parameter values. */
  PageReply render(RubisRoute route) {
    UrlSpace space = route.space();
    Params p = route.params();
    switch (route.interaction()) {
      case HOME:
      case REGISTER:
      case BROWSE:
      case SELL:
      case ABOUT_ME_FORM:
        return (space == php ? phpPages : servletPages).page(route.interaction());
      case REGISTER_USER:
        return accounts.registerUser(space, p);
      case BROWSE_CATEGORIES:
        return browse.browseCategories(space);
      case SEARCH_ITEMS_IN_CATEGORY:
        return browse.searchByCategory(space, p);
      case BROWSE_REGIONS:
        return browse.browseRegions(space);
      case BROWSE_CATEGORIES_IN_REGION:
        return browse.browseCategoriesInRegion(space, p);
      case SEARCH_ITEMS_IN_REGION:
        return browse.searchByRegion(space, p);
      case VIEW_ITEM:
        return items.viewItem(space, p);
      case VIEW_USER_INFO:
        return items.viewUserInfo(space, p);
      case VIEW_BID_HISTORY:
        return items.viewBidHistory(space, p);
      case BUY_NOW_AUTH:
        return trade.auth(space, p, "BuyNow", "Buy now");
      case BUY_NOW:
        return trade.buyNow(space, p);
      case STORE_BUY_NOW:
        return trade.storeBuyNow(space, p);
      case PUT_BID_AUTH:
        return trade.auth(space, p, "PutBid", "Bid");
      case PUT_BID:
        return trade.putBid(space, p);
      case STORE_BID:
        return trade.storeBid(space, p);
      case PUT_COMMENT_AUTH:
        return accounts.putCommentAuth(space, p);
      case PUT_COMMENT:
        return accounts.putComment(space, p);
      case STORE_COMMENT:
        return accounts.storeComment(space, p);
      case SELECT_CATEGORY_TO_SELL_ITEM:
        return browse.selectCategoryToSell(space, p);
      case SELL_ITEM_FORM:
        return accounts.sellItemForm(space, p);
      case REGISTER_ITEM:
        return accounts.registerItem(space, p);
      case ABOUT_ME:
        return accounts.aboutMe(space, p);
      case IMAGE:
        return images.image(route.imageName());
      case NOT_FOUND:
      default:
        return PageReply.text(404, "not found: the RUBiS server answers " + php.scriptPath() + "/<Script>.php, "
            + php.htmlPath() + "/<page>.html and <servlets_script_path>/" + UrlSpace.SERVLET_PACKAGE + "<Script>\n");
    }
  }
}
