package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import java.util.List;

/**
 * The browsing interactions: BrowseCategories (all categories, in a region, or to sell in),
 * BrowseRegions, SearchItemsByCategory and SearchItemsByRegion. Category and region ids are the
 * database's 1-based ids; the client's 0-based draws therefore sometimes name category or region
 * 0, which has no items and yields RUBiS's "Sorry" page. Result pages list {@code nbOfItems}
 * items per page with {@code itemId=} links, a bid-now image per item and {@code &page=} links.
 * Thread-safe (reads the store only).
 */
final class BrowsePages {
  static final int DEFAULT_ITEMS_PER_PAGE = 25;

  private final AuctionStore store;

  BrowsePages(AuctionStore store) {
    this.store = store;
  }

  /** BrowseCategories without parameters: every category links to its search. */
  PageReply browseCategories(UrlSpace space) {
    Html html = new Html(space, "Available categories").h2("Currently available categories");
    for (ReferenceData.Category c : store.reference().categories()) {
      html.link("SearchItemsByCategory", "category=" + c.id() + "&categoryName=" + Html.encode(c.name()), c.name())
          .raw("<br>\n");
    }
    return html.finish();
  }

  /** BrowseCategories?region=NAME: every category links to its search in that region. */
  PageReply browseCategoriesInRegion(UrlSpace space, Params params) {
    String regionName = params.text("region");
    int regionId = store.reference().regionId(regionName);
    if (regionId == 0) {
      return Pages.sorry(space, "Sorry, but the region " + regionName + " does not exist.");
    }
    Html html = new Html(space, "Available categories").h2("Currently available categories in " + regionName);
    for (ReferenceData.Category c : store.reference().categories()) {
      html.link("SearchItemsByRegion",
          "category=" + c.id() + "&categoryName=" + Html.encode(c.name()) + "&region=" + regionId, c.name())
          .raw("<br>\n");
    }
    return html.finish();
  }

  /** BrowseCategories?nickname&password: after logging in, each category links to the sell form. */
  PageReply selectCategoryToSell(UrlSpace space, Params params) {
    AuctionUser user = store.authenticate(params.text("nickname"), params.text("password"));
    if (user == null) {
      return Pages.badLogin(space);
    }
    Html html = new Html(space, "Select a category").h2("Select the category of the item you want to sell");
    for (ReferenceData.Category c : store.reference().categories()) {
      html.link("SellItemForm", "category=" + c.id() + "&user=" + user.id, c.name()).raw("<br>\n");
    }
    return html.finish();
  }

  /** BrowseRegions: every region links to its categories. */
  PageReply browseRegions(UrlSpace space) {
    Html html = new Html(space, "Available regions").h2("Currently available regions");
    for (String region : store.reference().regions()) {
      html.link("BrowseCategories", "region=" + Html.encode(region), region).raw("<br>\n");
    }
    return html.finish();
  }

  /** SearchItemsByCategory?category&categoryName&page&nbOfItems. */
  PageReply searchByCategory(UrlSpace space, Params params) {
    Integer category = params.integer("category");
    if (category == null) {
      return Pages.error(space, "You must provide a category identifier!");
    }
    String name = nameOf(category, params);
    List<AuctionItem> items = store.itemsInCategory(category);
    return results(space, params, items, "Items in category " + name, "in this category",
        "SearchItemsByCategory", "category=" + category + "&categoryName=" + Html.encode(name));
  }

  /** SearchItemsByRegion?region=ID&category&categoryName&page&nbOfItems. */
  PageReply searchByRegion(UrlSpace space, Params params) {
    Integer category = params.integer("category");
    Integer region = params.integer("region");
    if (category == null || region == null) {
      return Pages.error(space, "You must provide a category and a region identifier!");
    }
    String name = nameOf(category, params);
    List<AuctionItem> items = store.itemsInCategoryAndRegion(category, region);
    return results(space, params, items, "Items in category " + name, "in this category for this region",
        "SearchItemsByRegion", "category=" + category + "&categoryName=" + Html.encode(name) + "&region=" + region);
  }

  private String nameOf(int category, Params params) {
    String name = params.text("categoryName");
    if (name != null) {
      return name;
    }
    ReferenceData.Category c = store.reference().category(category);
    return c == null ? "#" + category : c.name();
  }

  private PageReply results(UrlSpace space, Params params, List<AuctionItem> items, String title, String where,
      String script, String query) {
    int page = Math.max(0, params.integer("page", 0));
    int perPage = params.integer("nbOfItems", DEFAULT_ITEMS_PER_PAGE);
    if (perPage < 1) {
      perPage = DEFAULT_ITEMS_PER_PAGE;
    }
    long first = (long) page * perPage;
    if (first >= items.size()) {
      return Pages.sorry(space, page == 0
          ? "Sorry, but there are no items available " + where + " !"
          : "Sorry, but there are no more items available " + where + " !");
    }
    int end = (int) Math.min(items.size(), first + perPage);
    Html html = new Html(space, title).h2(title)
        .raw("<table border=1 width=\"100%\">\n<tr><th>Designation<th>Price<th>Bids<th>End Date<th>Bid Now</tr>\n");
    for (int i = (int) first; i < end; i++) {
      AuctionItem item = items.get(i);
      AuctionItem.Snapshot s = item.snapshot(false);
      html.raw("<tr><td>").link("ViewItem", "itemId=" + item.id, item.name)
          .raw("<td>").raw(Html.price(s.nbOfBids() == 0 ? item.initialPrice : s.maxBid()))
          .raw("<td>").raw(Integer.toString(s.nbOfBids()))
          .raw("<td>").raw(Html.date(s.endEpochSeconds()))
          .raw("<td>").imageLink("PutBidAuth", "itemId=" + item.id, Html.BID_NOW, 90, 22, "Bid now")
          .raw("</tr>\n");
    }
    html.raw("</table>\n<p><center>");
    if (page > 0) {
      html.link(script, query + "&page=" + (page - 1) + "&nbOfItems=" + perPage, "Previous page").raw(" ");
    }
    if (end < items.size()) {
      html.link(script, query + "&page=" + (page + 1) + "&nbOfItems=" + perPage, "Next page");
    }
    return html.raw("</center></p>\n").finish();
  }
}
