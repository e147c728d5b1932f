package io.crosscheck.rubis.server;

import static io.crosscheck.rubis.server.RubisHttp.first;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.testing.LoopbackHttp;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Writes visible to later reads, and the client's quirks (0-based ids, userId N-1, unknown ids). */
class RubisWritesTest extends RubisServerFixture {
  private static final Pattern BIDS = Pattern.compile("Number of bids(?:<td>|: )<b>(\\d+)</b>");
  private static final Pattern QUANTITY = Pattern.compile("Quantity<td><b>(\\d+)</b>");
  private static final UrlSpace PHP = UrlSpace.PHP;

  @BeforeAll
  static void start() throws InterruptedException {
    startSite(1_000, 1_000, 50);
  }

  @Test
  void storeBidRaisesBidCountAndMaximumInViewItemAndBidHistory() throws Exception {
    int itemId = 7;
    int before = number(BIDS, http.okPage(PHP.script("ViewItem") + "?itemId=" + itemId));
    String putBid = http.okPage(PHP.script("PutBid") + "?itemId=" + itemId + "&nickname=user3&password=password3");
    float minBid = Float.parseFloat(first(putBid, "name=minBid value="));
    float bid = minBid + 1000.5f;
    String stored = http.okPage(PHP.script("StoreBid") + "?itemId=" + itemId + "&userId=2&minBid=" + minBid
        + "&maxQty=1&bid=" + bid + "&maxBid=" + (bid + 1) + "&qty=1");
    assertTrue(stored.contains("successfully processed"), stored);
    String view = http.okPage(PHP.script("ViewItem") + "?itemId=" + itemId);
    assertEquals(before + 1, number(BIDS, view));
    assertTrue(view.contains("Currently<td><b>" + Html.price(bid) + "</b>"), view);
    String history = http.okPage(PHP.script("ViewBidHistory") + "?itemId=" + itemId);
    assertEquals(before + 1, number(BIDS, history));
    assertEquals(before + 1, RubisHttp.values(history, "<tr class=bid>").size());
    assertTrue(history.contains("userId=2\">user3</a><td>" + Html.price(bid)), history);
    String below = http.page(PHP.script("StoreBid") + "?itemId=" + itemId + "&userId=2&minBid=" + minBid
        + "&maxQty=1&bid=1&maxBid=2&qty=1");
    assertTrue(below.contains("Sorry"), below);
    assertEquals(before + 1, number(BIDS, http.okPage(PHP.script("ViewItem") + "?itemId=" + itemId)));
  }

  @Test
  void registerItemIsListedInItsCategory() throws Exception {
    String name = "crosscheck-probe-item";
    String page = http.okPage(PHP.script("RegisterItem") + "?name=" + name + "&description=" + enc("x y ".repeat(600))
        + "&initialPrice=12.5&reservePrice=0&buyNow=20&duration=2&quantity=3&userId=9&categoryId=5");
    String itemId = first(page, "itemId=");
    String search = http.okPage(PHP.script("SearchItemsByCategory") + "?category=5&categoryName=Coins&page=0&nbOfItems=100000");
    assertTrue(search.contains("ViewItem.php?itemId=" + itemId + "\">" + name + "</a>"), search);
    String view = http.okPage(PHP.script("ViewItem") + "?itemId=" + itemId);
    assertTrue(view.contains("userId=9\">user10</a>") && view.contains("x y x y"), view);
  }

  @Test
  void storeCommentAppearsInViewUserInfoAndMovesTheRating() throws Exception {
    String text = "probe comment " + System.nanoTime();
    String stored = http.okPage(PHP.script("StoreComment") + "?itemId=3&to=12&from=4&rating=5&comment=" + enc(text));
    assertTrue(stored.contains("has been posted"), stored);
    String info = http.okPage(PHP.script("ViewUserInfo") + "?userId=12");
    assertTrue(info.contains(text) && info.contains("userId=4\">user5</a>"), info);
  }

  @Test
  void registeredUserCanLogInToAboutMe() throws Exception {
    String page = http.okPage(PHP.script("RegisterUser") + "?firstname=Grace&lastname=Probe&nickname=probe1"
        + "&email=g%40example.org&password=secret%20pw&region=" + enc("WI--Milwaukee"));
    int id = Integer.parseInt(first(page, "userId="));
    assertTrue(id >= 1_000, "new users come after the generated ones: " + id);
    String about = http.okPage(PHP.script("AboutMe") + "?nickname=probe1&password=" + enc("secret pw"));
    assertTrue(about.contains("Information about probe1") && about.contains("WI--Milwaukee"), about);
    assertTrue(http.page(PHP.script("AboutMe") + "?nickname=probe1&password=wrong").contains("Sorry"));
    String again = http.page(PHP.script("RegisterUser") + "?firstname=G&lastname=P&nickname=probe1"
        + "&email=g%40example.org&password=x&region=" + enc("WI--Milwaukee"));
    assertTrue(again.contains("Sorry") && again.contains("already taken"), again);
  }

  @Test
  void storeBuyNowLowersTheQuantity() throws Exception {
    for (int itemId = 1; itemId <= 1_000; itemId++) {
      String view = http.okPage(PHP.script("ViewItem") + "?itemId=" + itemId);
      int quantity = number(QUANTITY, view);
      if (quantity < 2) {
        continue;
      }
      String form = http.okPage(PHP.script("BuyNow") + "?itemId=" + itemId + "&nickname=user8&password=password8");
      assertEquals(Integer.toString(quantity), first(form, "name=maxQty value="));
      String bought = http.okPage(PHP.script("StoreBuyNow") + "?itemId=" + itemId + "&userId=7&qty=1&maxQty=" + quantity);
      assertTrue(bought.contains("successfully bought"), bought);
      assertEquals(quantity - 1, number(QUANTITY, http.okPage(PHP.script("ViewItem") + "?itemId=" + itemId)));
      assertTrue(http.okPage(PHP.script("AboutMe") + "?nickname=user8&password=password8").contains("to="));
      return;
    }
    throw new AssertionError("no multiple item among the first 1,000");
  }

  @Test
  void zeroBasedCategoryAndRegionGiveSorry() throws Exception {
    String category = http.page(PHP.script("SearchItemsByCategory") + "?category=0&categoryName=x&page=0&nbOfItems=25");
    assertTrue(category.contains("Sorry, but there are no items available in this category !"), category);
    String region = http.page(PHP.script("SearchItemsByRegion") + "?region=0&category=1&categoryName=x&page=0&nbOfItems=25");
    assertTrue(region.contains("Sorry"), region);
    String beyond = http.page(PHP.script("SearchItemsByCategory") + "?category=1&categoryName=x&page=100000&nbOfItems=25");
    assertTrue(beyond.contains("Sorry, but there are no more items"), beyond);
  }

  @Test
  void numericUserIdIsOneLessThanTheNicknameNumber() throws Exception {
    String info = http.okPage(PHP.script("ViewUserInfo") + "?userId=41");
    assertTrue(info.contains("Information about user42") && info.contains("Great42 User42"), info);
    String sell = http.okPage(PHP.script("BrowseCategories") + "?nickname=user42&password=password42");
    assertEquals("41", first(sell, "user="));
    String info0 = http.okPage(PHP.script("ViewUserInfo") + "?userId=0");
    assertTrue(info0.contains("Information about user1"), info0);
  }

  @Test
  void unknownIdsGiveSorryAndMissingParametersAnError() throws Exception {
    for (String script : new String[] {"ViewItem", "ViewBidHistory"}) {
      String page = http.page(PHP.script(script) + "?itemId=99999999");
      assertTrue(page.contains("Sorry, but this item does not exist."), page);
    }
    assertTrue(http.page(PHP.script("ViewUserInfo") + "?userId=99999999").contains("Sorry"));
    assertTrue(http.page(PHP.script("PutBid") + "?itemId=1&nickname=user1&password=nope").contains("Sorry"));
    LoopbackHttp.Page missing = http.get(PHP.script("ViewItem"));
    assertEquals(200, missing.status());
    assertTrue(missing.text().contains("ERROR"), missing.text());
    String normal = http.okPage(PHP.script("ViewItem") + "?itemId=1");
    assertFalse(normal.contains("ERROR"));
  }

  private static int number(Pattern pattern, String html) {
    Matcher m = pattern.matcher(html);
    assertTrue(m.find(), pattern + " not in:\n" + html);
    return Integer.parseInt(m.group(1));
  }

  private static String enc(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
