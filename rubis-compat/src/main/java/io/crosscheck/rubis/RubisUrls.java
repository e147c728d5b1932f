package io.crosscheck.rubis;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Builds the request targets (path and query) of the 27 RUBiS states exactly as the 1.4.x client's
 * URL generator does: parameter names, order and encoding (form encoding, blanks as {@code +};
 * prices as Java floats with an exponent written {@code E+}). Stateless and thread-safe; the values
 * (ids, names, prices) come from {@link RubisSession}.
 */
public final class RubisUrls {
  private final RubisFlavour flavour;
  private final String htmlPath;
  private final String scriptPath;

  public RubisUrls(RubisFlavour flavour, String htmlPath, String scriptPath) {
    this.flavour = flavour;
    this.htmlPath = htmlPath;
    this.scriptPath = scriptPath;
  }

  /** An HTML page of the html path: {@code index.html}, {@code register.html}, ... */
  public String html(String page) {
    return htmlPath + "/" + page;
  }

  /** A script with its query ({@code query} starts with {@code ?} or is empty). */
  public String script(String name, String query) {
    return scriptPath + "/" + flavour.script(name) + query;
  }

  public String registerUser(String first, String last, String nick, String email, String pwd,
      String region) {
    return script("RegisterUser", "?firstname=" + enc(first) + "&lastname=" + enc(last)
        + "&nickname=" + enc(nick) + "&email=" + enc(email) + "&password=" + enc(pwd)
        + "&region=" + enc(region));
  }

  public String searchItemsInCategory(int category, String name, int page, int items) {
    return script("SearchItemsByCategory", "?category=" + category + "&categoryName=" + enc(name)
        + "&page=" + page + "&nbOfItems=" + items);
  }

  public String browseCategoriesInRegion(String region) {
    return script("BrowseCategories", "?region=" + enc(region));
  }

  public String searchItemsInRegion(int category, String name, int region, int page, int items) {
    return script("SearchItemsByRegion", "?region=" + region + "&category=" + category
        + "&categoryName=" + enc(name) + "&page=" + page + "&nbOfItems=" + items);
  }

  public String withItem(String script, int itemId) {
    return script(script, "?itemId=" + itemId);
  }

  public String withItemAndUser(String script, int itemId, String nick, String pwd) {
    return script(script, "?itemId=" + itemId + "&nickname=" + enc(nick) + "&password=" + enc(pwd));
  }

  public String storeBuyNow(int itemId, int userId, int qty, int maxQty) {
    return script("StoreBuyNow", "?itemId=" + itemId + "&userId=" + userId + "&qty=" + qty
        + "&maxQty=" + maxQty);
  }

  public String storeBid(int itemId, int userId, float minBid, float bid, float maxBid, int qty,
      int maxQty) {
    return script("StoreBid", "?itemId=" + itemId + "&userId=" + userId + "&minBid="
        + price(minBid) + "&maxQty=" + maxQty + "&bid=" + price(bid) + "&maxBid=" + price(maxBid)
        + "&qty=" + qty);
  }

  public String putCommentAuth(int itemId, int to) {
    return script("PutCommentAuth", "?itemId=" + itemId + "&to=" + to);
  }

  public String putComment(int itemId, int to, String nick, String pwd) {
    return script("PutComment", "?itemId=" + itemId + "&to=" + to + "&nickname=" + enc(nick)
        + "&password=" + enc(pwd));
  }

  public String storeComment(int itemId, int to, int from, int rating, String comment) {
    return script("StoreComment", "?itemId=" + itemId + "&to=" + to + "&from=" + from
        + "&rating=" + rating + "&comment=" + enc(comment));
  }

  public String withUser(String script, String nick, String pwd) {
    return script(script, "?nickname=" + enc(nick) + "&password=" + enc(pwd));
  }

  public String sellItemForm(int category, int userId) {
    return script("SellItemForm", "?user=" + userId + "&category=" + category);
  }

  public String registerItem(String name, String description, float initialPrice,
      float reservePrice, float buyNow, int duration, int quantity, int userId, int categoryId) {
    return script("RegisterItem", "?name=" + enc(name) + "&description=" + enc(description)
        + "&initialPrice=" + price(initialPrice) + "&reservePrice=" + price(reservePrice)
        + "&buyNow=" + price(buyNow) + "&duration=" + duration + "&quantity=" + quantity
        + "&userId=" + userId + "&categoryId=" + categoryId);
  }

  /**
   * The state whose request this is (the URLs of the 27 states are distinct), or null for any
   * other path (an image, a foreign URL).
   */
  public RubisState stateOf(String target) {
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    String query = q < 0 ? "" : target.substring(q + 1);
    String[][] pages = {{"index.html", "HOME"}, {"register.html", "REGISTER"},
        {"browse.html", "BROWSE"}, {"sell.html", "SELL"}, {"about_me.html", "ABOUT_ME_FORM"}};
    for (String[] page : pages) {
      if (path.equals(html(page[0]))) {
        return RubisState.valueOf(page[1]);
      }
    }
    int slash = path.lastIndexOf('/');
    if (slash < 0 || !path.substring(0, slash).equals(scriptPath)) {
      return null;
    }
    String name = flavour.scriptName(path.substring(slash + 1));
    if (name == null) {
      return null;
    }
    switch (name) {
      case "BrowseCategories":
        return query.startsWith("region=") ? RubisState.BROWSE_CATEGORIES_IN_REGION
            : query.startsWith("nickname=") ? RubisState.SELECT_CATEGORY_TO_SELL_ITEM
            : RubisState.BROWSE_CATEGORIES;
      case "SearchItemsByCategory": return RubisState.SEARCH_ITEMS_IN_CATEGORY;
      case "SearchItemsByRegion": return RubisState.SEARCH_ITEMS_IN_REGION;
      default:
        for (RubisState s : RubisState.values()) {
          if (s.label().equals(name)) {
            return s;
          }
        }
        return null;
    }
  }

  /** A float as the client writes it for the database: {@code 1.2345E6} becomes {@code 1.2345E+6}. */
  static String price(float f) {
    String s = Float.toString(f);
    int e = s.indexOf('E');
    return e < 0 ? s : s.substring(0, e + 1) + "+" + s.substring(e + 1);
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
