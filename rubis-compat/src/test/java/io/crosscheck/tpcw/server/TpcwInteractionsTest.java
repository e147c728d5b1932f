package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.server.ServiceDemand;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every one of the 14 interactions over real sockets, requested the way the RBE requests it and
 * scanned the way the RBE scans it: 200 HTML, every pattern the RBE reads present with digits,
 * every image the RBE would fetch (after ImageReader's rewrite) a 200 GIF.
 */
class TpcwInteractionsTest {
  private static TpcwServer server;
  private static TpcwHttp http;

  @BeforeAll
  static void start() throws Exception {
    server = TpcwServer.start(TpcwServerConfig.defaults().withDatabase(500, 1000).withAllDemands(ServiceDemand.none()));
    http = new TpcwHttp(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** The RBE's request for {@code servlet}: session id before the query, then C_ID and SHOPPING_ID when known. */
  private static String url(String servlet, String query, String session, int cid, int shop) {
    StringBuilder u = new StringBuilder("/tpcw/").append(servlet);
    if (session != null) {
      u.append(";jsessionid=").append(session);
    }
    String q = query;
    if (cid > 0) {
      q += (q.isEmpty() ? "" : "&") + "C_ID=" + cid;
    }
    if (shop > 0) {
      q += (q.isEmpty() ? "" : "&") + "SHOPPING_ID=" + shop;
    }
    return q.isEmpty() ? u.toString() : u.append('?').append(q).toString();
  }

  @Test
  void everyInteractionCarriesWhatTheRbeScansFor() throws Exception {
    // INIT -> HOME with C_ID (80 % of the RBE's first requests)
    String home = http.pageWithImages(url("TPCW_home_interaction", "C_ID=42", null, 0, 0));
    String session = TpcwHttp.sessionId(home);
    assertNotNull(session, home);
    assertTrue(session.matches("[A-Za-z0-9]+"), "session id " + session);
    assertTrue(home.contains(";jsessionid=" + session + "?"), home);
    assertTrue(home.contains("C_ID=42"), "C_ID in links once known");
    assertFalse(TpcwHttp.itemIds(home).isEmpty(), "promotional items on HOME");
    int images = TpcwHttp.images(home).size();
    assertTrue(images >= 5 && images <= 15, images + " images on HOME");

    // HOME without C_ID: a new session, no C_ID
    String anonymous = http.pageWithImages(url("TPCW_home_interaction", "", null, 0, 0));
    assertNotNull(TpcwHttp.sessionId(anonymous));
    assertFalse(TpcwHttp.sessionId(anonymous).equals(session), "each first HOME gets its own session");
    assertEquals(-1, TpcwHttp.findId(anonymous, "C_ID="), "no C_ID before one is known");

    int cid = 42;
    for (String servlet : List.of("TPCW_new_products_servlet", "TPCW_best_sellers_servlet")) {
      String list = http.pageWithImages(url(servlet, "subject=SCIENCE-FICTION", session, cid, 0));
      assertTrue(TpcwHttp.itemIds(list).size() >= 1, servlet + ": no I_ID=\n" + list);
    }
    // the three searches, with the keys the RBE draws: digSyl(NURand(A,0,ITEM/10),7), digSyl(NURand(A,0,ITEM/5),7), subject
    for (String query : List.of("search_type=author&search_string=" + DigSyl.of(37, 7),
        "search_type=author&search_string=" + DigSyl.of(0, 7), "search_type=author&search_string=" + DigSyl.of(100, 7),
        "search_type=title&search_string=" + DigSyl.of(123, 7), "search_type=title&search_string=" + DigSyl.of(200, 7),
        "search_type=title&search_string=" + DigSyl.of(0, 7), "search_type=subject&search_string=YOUTH")) {
      String results = http.pageWithImages(url("TPCW_execute_search", query, session, cid, 0));
      assertFalse(TpcwHttp.itemIds(results).isEmpty(), query + " found nothing:\n" + results);
    }
    String titleResults = http.page(url("TPCW_execute_search", "search_type=title&search_string=" + DigSyl.of(123, 7),
        session, cid, 0));
    assertTrue(titleResults.contains(">" + DigSyl.of(123, 7) + " "), "titles start with the key");

    String newProducts = http.page(url("TPCW_new_products_servlet", "subject=ARTS", session, cid, 0));
    int item = TpcwHttp.itemIds(newProducts).get(3);
    String product = http.pageWithImages(url("TPCW_product_detail_servlet", "I_ID=" + item, session, cid, 0));
    assertEquals(item, TpcwHttp.findId(product, "I_ID="), "PROD's first I_ID= is its own item");
    assertTrue(TpcwHttp.images(product).contains("/tpcw/Images/img" + item % 100 + "/image_" + item + ".gif"), product);

    // PROD -> SHOP (add): the cart page names SHOPPING_ID, C_ID and the session, and lists QTY inputs
    String cart = http.pageWithImages(url("TPCW_shopping_cart_interaction", "I_ID=" + item + "&QTY=1&ADD_FLAG=Y",
        session, cid, 0));
    int shop = TpcwHttp.findId(cart, "SHOPPING_ID=");
    assertTrue(shop > 0, cart);
    assertEquals(cid, TpcwHttp.findId(cart, "C_ID="));
    assertEquals(session, TpcwHttp.sessionId(cart));
    List<Integer> quantities = quantities(cart);
    assertEquals(List.of(1), quantities, cart);
    // SHOP -> SHOP (refresh, the RBE's bare qty)
    cart = http.pageWithImages(url("TPCW_shopping_cart_interaction", "ADD_FLAG=N&qty=7", session, cid, shop));
    assertEquals(List.of(7), quantities(cart), cart);

    String registration = http.pageWithImages(url("TPCW_customer_registration_servlet", "", session, cid, shop));
    assertTrue(registration.contains("RETURNING_FLAG"), registration);

    String buyRequest = http.pageWithImages(url("TPCW_buy_request_servlet", "RETURNING_FLAG=Y&UNAME=" + DigSyl.of(cid)
        + "&PASSWD=" + DigSyl.of(cid).toLowerCase(), session, cid, shop));
    assertEquals(cid, TpcwHttp.findId(buyRequest, "C_ID="));
    String first = name(buyRequest, "Firstname:</TD><TD>");
    String last = name(buyRequest, "Lastname: </TD><TD>");
    assertTrue(first.matches("[A-Za-z]{8,15}") && last.matches("[A-Za-z]{8,15}"), first + " " + last);

    long ordersBefore = server.counters().ordersWritten();
    String confirm = http.pageWithImages(url("TPCW_buy_confirm_servlet", "CC_TYPE=VISA&CC_NUMBER=1234567890123456&CC_NAME="
        + first + "+" + last + "&CC_EXPIRY=3%2f5%2f2027&STREET_1=&STREET_2=&CITY=&STATE=&ZIP=&COUNTRY=&SHIPPING=UPS",
        session, cid, shop));
    assertEquals(ordersBefore + 1, server.counters().ordersWritten());
    assertEquals(first, name(confirm, "Firstname:</TD><TD>"));
    assertTrue(confirm.contains("Order ID: <B>"), confirm);

    String inquiry = http.pageWithImages(url("TPCW_order_inquiry_servlet", "", session, cid, shop));
    assertTrue(inquiry.contains("VALUE=\"" + DigSyl.of(cid) + "\""), "ORDI fills in the known user name");
    String display = http.pageWithImages(url("TPCW_order_display_servlet", "UNAME=" + DigSyl.of(cid) + "&PASSWD="
        + DigSyl.of(cid).toLowerCase(), session, cid, shop));
    assertTrue(display.contains("Order ID: <B>" + TpcwHttp.findId(confirm, "Order ID: <B>") + "</B>"), display);

    String adminRequest = http.pageWithImages(url("TPCW_admin_request_servlet", "I_ID=" + item, session, cid, shop));
    String hidden = "I_ID\" TYPE=\"hidden\" VALUE=\"";
    assertEquals(item, TpcwHttp.findId(adminRequest, hidden));
    assertTrue(Character.isDigit(adminRequest.charAt(adminRequest.indexOf(hidden) + hidden.length())), adminRequest);
    int other = item % 1000 + 1;
    String adminConfirm = http.pageWithImages(url("TPCW_admin_response_servlet", "I_NEW_IMAGE=img" + other % 100
        + "/image%5F" + other + ".gif&I_NEW_THUMBNAIL=img" + other % 100 + "/thumb%5F" + other + ".gif&I_NEW_COST=12.34&I_ID="
        + item, session, cid, shop));
    assertTrue(adminConfirm.contains("$12.34"), adminConfirm);

    String searchRequest = http.pageWithImages(url("TPCW_search_request_servlet", "", session, cid, shop));
    assertTrue(searchRequest.contains("search_string"), searchRequest);

    for (TpcwInteraction i : TpcwInteraction.values()) {
      if (i.ordinal() < TpcwInteraction.WEB_INTERACTIONS) {
        assertTrue(server.counters().requestsServed(i) >= 1, i + " never served");
      }
    }
    assertEquals(0, server.counters().clientErrors());
    assertEquals(http.sent(), server.counters().requestsServed());
    System.out.println("TpcwInteractionsTest: " + http.sent() + " requests; " + server.counters().describe());
  }

  /** The RBE's refresh reading: each {@code NAME="QTY} and the digits after the next {@code VALUE="}. */
  static List<Integer> quantities(String cart) {
    List<Integer> q = new java.util.ArrayList<>();
    for (int at = cart.indexOf("NAME=\"QTY"); at >= 0; at = cart.indexOf("NAME=\"QTY", at + 1)) {
      int v = cart.indexOf("VALUE=\"", at) + "VALUE=\"".length();
      Matcher m = Pattern.compile("\\d+").matcher(cart);
      assertTrue(m.find(v) && m.start() == v, "VALUE without digits in:\n" + cart);
      q.add(Integer.parseInt(m.group()));
    }
    return q;
  }

  /** The RBE's findName: text after {@code label} up to the next '<'. */
  static String name(String html, String label) {
    int i = html.indexOf(label);
    assertTrue(i >= 0, "no " + label + " in:\n" + html);
    i += label.length();
    return html.substring(i, html.indexOf('<', i));
  }
}
