package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageReply;

/**
 * The bookstore behind the {@link TpcwServer}: resolves a request's session (a new one when the
 * request names none, so the first HOME's links carry {@code ;jsessionid=<id>?}), its customer and
 * cart (C_ID, SHOPPING_ID, else the session's), and renders the interaction's page. A {@link
 * Rejection} becomes a short 400/403/404 text. Thread-safe; called on the server's event-loop
 * threads once the request's service demand has been spent.
 */
final class TpcwSite {
  private final Bookstore store;
  private final BookstoreImages images;
  private final TpcwBrowsePages browse;
  private final OrderPages orders;
  private final AdminPages admin;

  TpcwSite(Bookstore store, BookstoreImages images, BookstoreCounters counters) {
    this.store = store;
    this.images = images;
    this.browse = new TpcwBrowsePages(store);
    this.orders = new OrderPages(store, counters);
    this.admin = new AdminPages(store, images, counters);
  }

  Bookstore store() {
    return store;
  }

  /** The reply to {@code route}; never null, never throws for any request target. */
  PageReply render(TpcwRoute route) {
    if (route.rejection() != null) {
      return route.rejection().reply();
    }
    TpcwInteraction interaction = route.interaction();
    if (interaction == TpcwInteraction.IMAGE) {
      return images.image(route.imageName());
    }
    if (interaction == TpcwInteraction.NOT_FOUND) {
      return PageReply.text(404, "not found: the TPC-W bookstore answers " + TpcwRouter.PREFIX + "TPCW_<servlet>"
          + "[;jsessionid=<id>]?<query> and " + TpcwRouter.PREFIX + TpcwRouter.IMAGES + "<name>.gif\n");
    }
    try {
      TpcwParams p = route.params();
      Integer customerId = p.id("C_ID");
      Integer shoppingId = p.id("SHOPPING_ID");
      if (customerId != null) {
        store.customers().customer(customerId); // 404 for an id never handed out
      }
      if (shoppingId != null) {
        store.carts().get(shoppingId);
      }
      Sessions.State session = route.sessionId() == null
          ? store.sessions().create() : store.sessions().resume(route.sessionId());
      Visit visit = new Visit(session, customerId != null ? customerId : session.customerId(),
          shoppingId != null ? shoppingId : session.shoppingId());
      if (customerId != null) {
        visit.customerId(customerId);
      }
      if (shoppingId != null) {
        visit.shoppingId(shoppingId);
      }
      return page(interaction, visit, p);
    } catch (Rejection r) {
      return r.reply();
    }
  }

  private PageReply page(TpcwInteraction interaction, Visit visit, TpcwParams p) {
    return switch (interaction) {
      case HOME -> browse.home(visit);
      case NEW_PRODUCTS -> browse.newProducts(visit, p);
      case BEST_SELLERS -> browse.bestSellers(visit, p);
      case PRODUCT_DETAIL -> browse.productDetail(visit, p);
      case SEARCH_REQUEST -> browse.searchRequest(visit);
      case SEARCH_RESULTS -> browse.searchResults(visit, p);
      case SHOPPING_CART -> orders.shoppingCart(visit, p);
      case CUSTOMER_REGISTRATION -> orders.customerRegistration(visit);
      case BUY_REQUEST -> orders.buyRequest(visit, p);
      case BUY_CONFIRM -> orders.buyConfirm(visit, p);
      case ORDER_INQUIRY -> orders.orderInquiry(visit);
      case ORDER_DISPLAY -> orders.orderDisplay(visit, p);
      case ADMIN_REQUEST -> admin.adminRequest(visit, p);
      case ADMIN_CONFIRM -> admin.adminConfirm(visit, p);
      case IMAGE, NOT_FOUND -> throw new IllegalStateException("handled before: " + interaction);
    };
  }
}
