package io.crosscheck.rubis.server;

import static io.crosscheck.rubis.server.RubisHttp.atLeast;
import static io.crosscheck.rubis.server.RubisHttp.first;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.testing.LoopbackHttp;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Walks all 27 interactions of the RUBiS client in both URL spaces over real sockets, asserting
 * what the client extracts from each page (by its own rule) and that every image a page
 * references is served.
 */
class RubisInteractionsTest extends RubisServerFixture {
  @BeforeAll
  static void start() throws InterruptedException {
    startSite(2_000, 3_000, 100);
  }

  @Test
  void everyInteractionInThePhpUrlSpace() throws Exception {
    walk(UrlSpace.PHP);
  }

  @Test
  void everyInteractionInTheServletsUrlSpace() throws Exception {
    walk(UrlSpace.SERVLETS);
  }

  @Test
  void servletsAnswerUnderAnyScriptPrefixAndUnknownPathsAre404() throws Exception {
    String html = http.okPage("/servlet/edu.rice.rubis.servlets.ViewItem?itemId=1");
    assertTrue(html.contains("/rubis_servlets/servlet/edu.rice.rubis.servlets.ViewBidHistory?itemId=1"), html);
    assertEquals(404, http.get("/PHP/NoSuchScript.php").status());
    assertEquals(404, http.get("/elsewhere/index.html").status());
  }

  private void walk(UrlSpace space) throws Exception {
    long[] before = new long[RubisInteraction.CLIENT_INTERACTIONS];
    for (int i = 0; i < before.length; i++) {
      before[i] = server.counters().requestsServed(RubisInteraction.values()[i]);
    }
    Set<String> pages = new LinkedHashSet<>();
    String html = keep(pages, http.okPage(space.html("index.html")));
    assertTrue(html.contains("\"" + space.html("register.html") + "\""), html);
    html = keep(pages, http.okPage(space.html("register.html")));
    assertTrue(html.contains(space.script("RegisterUser")) && html.contains("AZ--Phoenix"), html);

    String nickname = "walker" + space.versionName();
    html = keep(pages, http.okPage(space.script("RegisterUser") + "?firstname=Ada&lastname=Walker&nickname=" + nickname
        + "&email=ada%40example.org&password=pw&region=" + enc("CA--Los Angeles")));
    Integer.parseInt(first(html, "userId="));

    html = keep(pages, http.okPage(space.html("browse.html")));
    assertTrue(html.contains(space.script("BrowseRegions")), html);
    html = keep(pages, http.okPage(space.script("BrowseCategories")));
    assertEquals(20, atLeast(html, "category=", 20).size());
    html = keep(pages, http.okPage(space.script("SearchItemsByCategory")
        + "?category=4&categoryName=" + enc("Clothing & Accessories") + "&page=0&nbOfItems=20"));
    List<String> itemIds = atLeast(html, "itemId=", 20);
    assertEquals("1", first(html, "&page="));
    html = keep(pages, http.okPage(space.script("BrowseRegions")));
    atLeast(html, "region=", 62);
    html = keep(pages, http.okPage(space.script("BrowseCategories") + "?region=" + enc("AZ--Phoenix")));
    assertEquals("1", first(html, "region="));
    html = searchSomeRegion(space);
    keep(pages, html);
    atLeast(html, "itemId=", 1);

    // Each item is listed twice (ViewItem and PutBidAuth); each space buys and bids on its own items.
    List<String> distinct = List.copyOf(new LinkedHashSet<>(itemIds));
    int offset = space.php() ? 0 : 2;
    int item = Integer.parseInt(distinct.get(offset));
    int other = Integer.parseInt(distinct.get(offset + 1));
    html = keep(pages, http.okPage(space.script("ViewItem") + "?itemId=" + item));
    atLeast(html, "itemId=", 2);
    String seller = first(html, "userId=");
    assertEquals(seller, first(html, "to="));
    html = keep(pages, http.okPage(space.script("ViewUserInfo") + "?userId=" + seller));
    assertTrue(html.contains("Information about user" + (Integer.parseInt(seller) + 1)), html);
    html = keep(pages, http.okPage(space.script("ViewBidHistory") + "?itemId=" + item));
    assertEquals(Integer.toString(item), first(html, "itemId="));

    String login = "&nickname=user42&password=password42";
    html = keep(pages, http.okPage(space.script("BuyNowAuth") + "?itemId=" + item));
    assertTrue(html.contains(space.script("BuyNow")) && html.contains("name=itemId value=" + item + ">"), html);
    html = keep(pages, http.okPage(space.script("BuyNow") + "?itemId=" + item + login));
    String maxQty = first(html, "name=maxQty value=");
    html = keep(pages, http.okPage(space.script("StoreBuyNow") + "?itemId=" + item + "&userId=41&qty=1&maxQty=" + maxQty));
    assertTrue(html.contains("successfully bought"), html);

    html = keep(pages, http.okPage(space.script("PutBidAuth") + "?itemId=" + other));
    assertTrue(html.contains(space.script("PutBid")), html);
    html = keep(pages, http.okPage(space.script("PutBid") + "?itemId=" + other + login));
    float minBid = Float.parseFloat(first(html, "name=minBid value="));
    String bidMaxQty = first(html, "name=maxQty value=");
    String to = first(html, "to=");
    html = keep(pages, http.okPage(space.script("StoreBid") + "?itemId=" + other + "&userId=41&minBid=" + minBid
        + "&maxQty=" + bidMaxQty + "&bid=" + (minBid + 1.5f) + "&maxBid=" + (minBid + 10) + "&qty=1"));
    assertTrue(html.contains("successfully processed"), html);

    html = keep(pages, http.okPage(space.script("PutCommentAuth") + "?itemId=" + other + "&to=" + to));
    assertEquals(to, first(html, "name=to value="));
    html = keep(pages, http.okPage(space.script("PutComment") + "?itemId=" + other + "&to=" + to + login));
    assertEquals(to, first(html, "name=to value="));
    html = keep(pages, http.okPage(space.script("StoreComment") + "?itemId=" + other + "&to=" + to
        + "&from=41&rating=3&comment=" + enc("fast shipping, would buy again")));
    assertTrue(html.contains("has been posted"), html);

    html = keep(pages, http.okPage(space.html("sell.html")));
    assertTrue(html.contains(space.script("BrowseCategories")), html);
    html = keep(pages, http.okPage(space.script("BrowseCategories") + "?nickname=user42&password=password42"));
    assertEquals("41", first(html, "user="));
    html = keep(pages, http.okPage(space.script("SellItemForm") + "?category=3&user=41"));
    assertTrue(html.contains("name=userId value=41>") && html.contains("name=categoryId value=3>"), html);
    html = keep(pages, http.okPage(space.script("RegisterItem") + "?name=" + enc("walker's lamp")
        + "&description=" + enc("a lamp ".repeat(150)) + "&initialPrice=12.5&reservePrice=0&buyNow=0&duration=3"
        + "&quantity=2&userId=41&categoryId=3"));
    Integer.parseInt(first(html, "itemId="));
    html = keep(pages, http.okPage(space.html("about_me.html")));
    assertTrue(html.contains(space.script("AboutMe")), html);
    html = keep(pages, http.okPage(space.script("AboutMe") + "?nickname=user42&password=password42"));
    assertTrue(html.contains("Information about user42"), html);

    for (int i = 0; i < before.length; i++) {
      RubisInteraction interaction = RubisInteraction.values()[i];
      assertTrue(server.counters().requestsServed(interaction) > before[i], interaction + " not counted");
    }
    checkImages(space, pages);
  }

  /** The first region with items in category 4 (Clothing, the largest). */
  private String searchSomeRegion(UrlSpace space) throws Exception {
    for (int region = 1; region <= 62; region++) {
      String html = http.page(space.script("SearchItemsByRegion") + "?region=" + region
          + "&category=4&categoryName=Clothing&page=0&nbOfItems=20");
      if (!html.contains("Sorry")) {
        return html;
      }
    }
    throw new AssertionError("no region has items in category 4");
  }

  private void checkImages(UrlSpace space, Set<String> pages) throws Exception {
    Set<String> sources = new LinkedHashSet<>();
    for (String page : pages) {
      sources.addAll(RubisHttp.images(page));
    }
    assertTrue(sources.contains(space.html("bid_now.jpg")) && sources.contains(space.html("RUBiS_logo.jpg")), sources.toString());
    for (String source : sources) {
      assertTrue(source.startsWith(space.htmlPath() + "/"), source);
      LoopbackHttp.Page image = http.get(source);
      assertEquals(200, image.status(), source);
      assertEquals("image/jpeg", image.contentType(), source);
      assertTrue(image.bytes().length > 100 && (image.bytes()[0] & 0xFF) == 0xFF && (image.bytes()[1] & 0xFF) == 0xD8, source);
    }
    assertNotEquals(0, server.counters().requestsServed(RubisInteraction.IMAGE));
  }

  private static String keep(Set<String> pages, String html) {
    pages.add(html);
    return html;
  }

  private static String enc(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
