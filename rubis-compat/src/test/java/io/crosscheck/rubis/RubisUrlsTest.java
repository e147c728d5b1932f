package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RubisUrlsTest {
  /** The 27 states' targets built with fixed values, in state order. */
  private static List<String> all(RubisUrls u) {
    List<String> urls = new ArrayList<>();
    urls.add(u.html("index.html"));
    urls.add(u.html("register.html"));
    urls.add(u.registerUser("Great1000042", "User1000042", "user1000042",
        "Great1000042.User1000042@rubis.com", "password1000042", "CA--Los Angeles"));
    urls.add(u.html("browse.html"));
    urls.add(u.script("BrowseCategories", ""));
    urls.add(u.searchItemsInCategory(0, "Antiques & Art", 2, 20));
    urls.add(u.script("BrowseRegions", ""));
    urls.add(u.browseCategoriesInRegion("AZ--Phoenix"));
    urls.add(u.searchItemsInRegion(3, "Books", 61, 0, 20));
    urls.add(u.withItem("ViewItem", 42));
    urls.add(u.script("ViewUserInfo", "?userId=7"));
    urls.add(u.withItem("ViewBidHistory", 42));
    urls.add(u.withItem("BuyNowAuth", 42));
    urls.add(u.withItemAndUser("BuyNow", 42, "user8", "password8"));
    urls.add(u.storeBuyNow(42, 7, 2, 3));
    urls.add(u.withItem("PutBidAuth", 42));
    urls.add(u.withItemAndUser("PutBid", 42, "user8", "password8"));
    urls.add(u.storeBid(42, 7, 12.5f, 15.5f, 18.5f, 1, 3));
    urls.add(u.putCommentAuth(42, 9));
    urls.add(u.putComment(42, 9, "user8", "password8"));
    urls.add(u.storeComment(42, 9, 7, -3, "Not good !!<br>"));
    urls.add(u.html("sell.html"));
    urls.add(u.withUser("BrowseCategories", "user8", "password8"));
    urls.add(u.sellItemForm(4, 7));
    urls.add(u.registerItem("RUBiS automatically generated item #1033001", "A fine item", 120f,
        0f, 1.2345E7f, 3, 1, 7, 5));
    urls.add(u.html("about_me.html"));
    urls.add(u.withUser("AboutMe", "user8", "password8"));
    return urls;
  }

  @Test
  void phpUrlsOfAll27States() {
    RubisUrls u = new RubisUrls(RubisFlavour.PHP, "/PHP", "/PHP");
    List<String> expected = List.of(
        "/PHP/index.html",
        "/PHP/register.html",
        "/PHP/RegisterUser.php?firstname=Great1000042&lastname=User1000042&nickname=user1000042"
            + "&email=Great1000042.User1000042%40rubis.com&password=password1000042"
            + "&region=CA--Los+Angeles",
        "/PHP/browse.html",
        "/PHP/BrowseCategories.php",
        "/PHP/SearchItemsByCategory.php?category=0&categoryName=Antiques+%26+Art&page=2&nbOfItems=20",
        "/PHP/BrowseRegions.php",
        "/PHP/BrowseCategories.php?region=AZ--Phoenix",
        "/PHP/SearchItemsByRegion.php?region=61&category=3&categoryName=Books&page=0&nbOfItems=20",
        "/PHP/ViewItem.php?itemId=42",
        "/PHP/ViewUserInfo.php?userId=7",
        "/PHP/ViewBidHistory.php?itemId=42",
        "/PHP/BuyNowAuth.php?itemId=42",
        "/PHP/BuyNow.php?itemId=42&nickname=user8&password=password8",
        "/PHP/StoreBuyNow.php?itemId=42&userId=7&qty=2&maxQty=3",
        "/PHP/PutBidAuth.php?itemId=42",
        "/PHP/PutBid.php?itemId=42&nickname=user8&password=password8",
        "/PHP/StoreBid.php?itemId=42&userId=7&minBid=12.5&maxQty=3&bid=15.5&maxBid=18.5&qty=1",
        "/PHP/PutCommentAuth.php?itemId=42&to=9",
        "/PHP/PutComment.php?itemId=42&to=9&nickname=user8&password=password8",
        "/PHP/StoreComment.php?itemId=42&to=9&from=7&rating=-3&comment=Not+good+%21%21%3Cbr%3E",
        "/PHP/sell.html",
        "/PHP/BrowseCategories.php?nickname=user8&password=password8",
        "/PHP/SellItemForm.php?user=7&category=4",
        "/PHP/RegisterItem.php?name=RUBiS+automatically+generated+item+%231033001"
            + "&description=A+fine+item&initialPrice=120.0&reservePrice=0.0&buyNow=1.2345E+7"
            + "&duration=3&quantity=1&userId=7&categoryId=5",
        "/PHP/about_me.html",
        "/PHP/AboutMe.php?nickname=user8&password=password8");
    assertEquals(expected, all(u));
    assertStatesRoundTrip(u);
  }

  @Test
  void servletUrlsOfAll27States() {
    RubisUrls u = new RubisUrls(RubisFlavour.SERVLETS, "/rubis_servlets", "/rubis_servlets/servlet");
    String s = "/rubis_servlets/servlet/edu.rice.rubis.servlets.";
    List<String> expected = List.of(
        "/rubis_servlets/index.html",
        "/rubis_servlets/register.html",
        s + "RegisterUser?firstname=Great1000042&lastname=User1000042&nickname=user1000042"
            + "&email=Great1000042.User1000042%40rubis.com&password=password1000042"
            + "&region=CA--Los+Angeles",
        "/rubis_servlets/browse.html",
        s + "BrowseCategories",
        s + "SearchItemsByCategory?category=0&categoryName=Antiques+%26+Art&page=2&nbOfItems=20",
        s + "BrowseRegions",
        s + "BrowseCategories?region=AZ--Phoenix",
        s + "SearchItemsByRegion?region=61&category=3&categoryName=Books&page=0&nbOfItems=20",
        s + "ViewItem?itemId=42",
        s + "ViewUserInfo?userId=7",
        s + "ViewBidHistory?itemId=42",
        s + "BuyNowAuth?itemId=42",
        s + "BuyNow?itemId=42&nickname=user8&password=password8",
        s + "StoreBuyNow?itemId=42&userId=7&qty=2&maxQty=3",
        s + "PutBidAuth?itemId=42",
        s + "PutBid?itemId=42&nickname=user8&password=password8",
        s + "StoreBid?itemId=42&userId=7&minBid=12.5&maxQty=3&bid=15.5&maxBid=18.5&qty=1",
        s + "PutCommentAuth?itemId=42&to=9",
        s + "PutComment?itemId=42&to=9&nickname=user8&password=password8",
        s + "StoreComment?itemId=42&to=9&from=7&rating=-3&comment=Not+good+%21%21%3Cbr%3E",
        "/rubis_servlets/sell.html",
        s + "BrowseCategories?nickname=user8&password=password8",
        s + "SellItemForm?user=7&category=4",
        s + "RegisterItem?name=RUBiS+automatically+generated+item+%231033001"
            + "&description=A+fine+item&initialPrice=120.0&reservePrice=0.0&buyNow=1.2345E+7"
            + "&duration=3&quantity=1&userId=7&categoryId=5",
        "/rubis_servlets/about_me.html",
        s + "AboutMe?nickname=user8&password=password8");
    assertEquals(expected, all(u));
    assertStatesRoundTrip(u);
  }

  @Test
  void ejbScriptsUseTheBeansServletPackage() {
    RubisUrls u = new RubisUrls(RubisFlavour.EJB, "/ejb_rubis_web", "/ejb_rubis_web/servlet");
    assertEquals("/ejb_rubis_web/servlet/edu.rice.rubis.beans.servlets.ViewItem?itemId=42",
        u.withItem("ViewItem", 42));
    assertStatesRoundTrip(u);
  }

  @Test
  void otherPathsHaveNoState() {
    RubisUrls u = new RubisUrls(RubisFlavour.PHP, "/PHP", "/PHP");
    assertNull(u.stateOf("/PHP/rubis_logo.jpg"));
    assertNull(u.stateOf("/other/ViewItem.php?itemId=1"));
    assertNull(u.stateOf("/PHP/Nothing.php"));
  }

  /** Every state reached from Home in a session builds a URL of the contract's shape. */
  @Test
  void sessionsBuildEachStatesUrlWithDrawnValues() throws Exception {
    String reply = "itemId=42\" userId=7\" to=9\" name=to value=9> name=maxQty value=3>"
        + " name=minBid value=12.5> &page=2&";
    List<Pattern> shapes = List.of(
        Pattern.compile("/PHP/index\\.html"),
        Pattern.compile("/PHP/register\\.html"),
        Pattern.compile("/PHP/RegisterUser\\.php\\?firstname=Great(\\d+)&lastname=User\\1"
            + "&nickname=user\\1&email=Great\\1\\.User\\1%40rubis\\.com&password=password\\1&region=.+"),
        Pattern.compile("/PHP/browse\\.html"),
        Pattern.compile("/PHP/BrowseCategories\\.php"),
        Pattern.compile("/PHP/SearchItemsByCategory\\.php\\?category=(1?\\d)&categoryName=[^&]+&page=2"
            + "&nbOfItems=20"),
        Pattern.compile("/PHP/BrowseRegions\\.php"),
        Pattern.compile("/PHP/BrowseCategories\\.php\\?region=[^&]+"),
        Pattern.compile("/PHP/SearchItemsByRegion\\.php\\?region=\\d+&category=\\d+&categoryName=[^&]+"
            + "&page=2&nbOfItems=20"),
        Pattern.compile("/PHP/ViewItem\\.php\\?itemId=42"),
        Pattern.compile("/PHP/ViewUserInfo\\.php\\?userId=7"),
        Pattern.compile("/PHP/ViewBidHistory\\.php\\?itemId=42"),
        Pattern.compile("/PHP/BuyNowAuth\\.php\\?itemId=42"),
        Pattern.compile("/PHP/BuyNow\\.php\\?itemId=42&nickname=user(\\d+)&password=password\\1"),
        Pattern.compile("/PHP/StoreBuyNow\\.php\\?itemId=42&userId=\\d+&qty=[123]&maxQty=3"),
        Pattern.compile("/PHP/PutBidAuth\\.php\\?itemId=42"),
        Pattern.compile("/PHP/PutBid\\.php\\?itemId=42&nickname=user(\\d+)&password=password\\1"),
        Pattern.compile("/PHP/StoreBid\\.php\\?itemId=42&userId=\\d+&minBid=12\\.5&maxQty=3"
            + "&bid=\\d+\\.5&maxBid=\\d+\\.5&qty=[123]"),
        Pattern.compile("/PHP/PutCommentAuth\\.php\\?itemId=42&to=9"),
        Pattern.compile("/PHP/PutComment\\.php\\?itemId=42&to=9&nickname=user(\\d+)&password=password\\1"),
        Pattern.compile("/PHP/StoreComment\\.php\\?itemId=42&to=9&from=\\d+&rating=(-5|-3|0|3|5)"
            + "&comment=.+"),
        Pattern.compile("/PHP/sell\\.html"),
        Pattern.compile("/PHP/BrowseCategories\\.php\\?nickname=user(\\d+)&password=password\\1"),
        Pattern.compile("/PHP/SellItemForm\\.php\\?user=\\d+&category=\\d+"),
        Pattern.compile("/PHP/RegisterItem\\.php\\?name=RUBiS\\+automatically\\+generated\\+item"
            + "\\+%23\\d+&description=.+&initialPrice=\\d+\\.0&reservePrice=\\d+\\.0&buyNow=\\d+\\.0"
            + "&duration=[1-7]&quantity=\\d+&userId=\\d+&categoryId=\\d+"),
        Pattern.compile("/PHP/about_me\\.html"),
        Pattern.compile("/PHP/AboutMe\\.php\\?nickname=user(\\d+)&password=password\\1"));
    for (RubisState state : RubisState.values()) {
      RubisScriptFactory f = RubisSessionTest.factory(RubisSessionTest.chain(
          new int[][] {{0, state == RubisState.HOME ? 0 : state.ordinal()}}, new int[0]));
      for (int seed = 0; seed < 5; seed++) {
        RubisSession s = f.create(seed, seed);
        s.next(null);
        String url = s.next(new Reply(200, true, reply)).path();
        assertTrue(shapes.get(state.ordinal()).matcher(url).matches(), state + ": " + url);
        assertEquals(state, f.stateOf(url), url);
      }
    }
  }

  private static void assertStatesRoundTrip(RubisUrls u) {
    List<String> urls = all(u);
    for (RubisState state : RubisState.values()) {
      assertEquals(state, u.stateOf(urls.get(state.ordinal())), urls.get(state.ordinal()));
    }
  }
}
