package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * State across requests over real sockets: the session remembers customer and cart, the cart
 * keeps its lines through adds and both refresh forms, a buy writes an order that the order
 * display shows, a new customer can log in afterwards, and an admin update shows on the product
 * page.
 */
class TpcwSessionTest extends TpcwServerFixture {
  @Test
  void cartOrderAndOrderDisplayFollowOneSession() throws Exception {
    String home = http.page("/tpcw/TPCW_home_interaction?C_ID=77");
    String s = TpcwHttp.sessionId(home);
    String base = "/tpcw/TPCW_shopping_cart_interaction;jsessionid=" + s;
    // add two items; the second request names no C_ID: the session remembers it
    String cart = http.page(base + "?I_ID=11&QTY=1&ADD_FLAG=Y&C_ID=77");
    int shop = TpcwHttp.findId(cart, "SHOPPING_ID=");
    cart = http.page(base + "?I_ID=22&QTY=1&ADD_FLAG=Y");
    assertEquals(77, TpcwHttp.findId(cart, "C_ID="), "C_ID remembered by the session");
    assertEquals(shop, TpcwHttp.findId(cart, "SHOPPING_ID="), "cart remembered by the session");
    cart = http.page(base + "?I_ID=11&QTY=1&ADD_FLAG=Y&SHOPPING_ID=" + shop);
    assertEquals(List.of(2, 1), TpcwInteractionsTest.quantities(cart));
    assertEquals(List.of(11, 22), hiddenIds(cart));

    // the RBE's refresh: one bare qty per line in page order
    cart = http.page(base + "?ADD_FLAG=N&qty=5&qty=3&SHOPPING_ID=" + shop);
    assertEquals(List.of(5, 3), TpcwInteractionsTest.quantities(cart));
    // the servlets' form: QTY_i/I_ID_i pairs, 0 removes a line
    cart = http.page(base + "?ADD_FLAG=N&I_ID_0=11&QTY_0=0&I_ID_1=22&QTY_1=4&SHOPPING_ID=" + shop);
    assertEquals(List.of(22), hiddenIds(cart));
    assertEquals(List.of(4), TpcwInteractionsTest.quantities(cart));
    // a later plain cart page still shows it
    cart = http.page(base + "?ADD_FLAG=N");
    assertEquals(List.of(4), TpcwInteractionsTest.quantities(cart));

    String uname = DigSyl.of(77);
    String buyRequest = http.page("/tpcw/TPCW_buy_request_servlet;jsessionid=" + s + "?RETURNING_FLAG=Y&UNAME=" + uname
        + "&PASSWD=" + uname.toLowerCase() + "&SHOPPING_ID=" + shop);
    assertEquals(77, TpcwHttp.findId(buyRequest, "C_ID="));
    assertTrue(buyRequest.contains("<TD VALIGN=\"TOP\">4</TD>"), "BUYR lists the cart line:\n" + buyRequest);

    String confirm = http.page("/tpcw/TPCW_buy_confirm_servlet;jsessionid=" + s + "?CC_TYPE=AMEX&CC_NUMBER=1&CC_NAME=A+B"
        + "&CC_EXPIRY=1&STREET_1=1+Main+St&STREET_2=&CITY=X&STATE=Y&ZIP=12345&COUNTRY=Chad&SHIPPING=MAIL");
    int orderId = TpcwHttp.findId(confirm, "Order ID: <B>");
    assertTrue(orderId > 0, confirm);
    assertTrue(confirm.contains("<TR><TD>Item 22</TD>") && confirm.contains("<TD>4</TD>"), confirm);

    String display = http.page("/tpcw/TPCW_order_display_servlet;jsessionid=" + s + "?UNAME=" + uname + "&PASSWD="
        + uname.toLowerCase());
    assertEquals(orderId, TpcwHttp.findId(display, "Order ID: <B>"), display);
    assertTrue(display.contains("<TR><TD>Item 22</TD>") && display.contains("Shipping: MAIL"), display);
    assertTrue(display.contains("Lines: 1 "), display);
    assertTrue(display.contains("Ship to: 1 Main St, , X, Y 12345, Chad"), "shipped to STREET_1...:\n" + display);

    // the order emptied the cart; the next cart page is never empty (the reference adds a random item)
    cart = http.page(base + "?ADD_FLAG=N&SHOPPING_ID=" + shop);
    assertEquals(1, TpcwInteractionsTest.quantities(cart).size(), cart);
    System.out.println("TpcwSessionTest: order " + orderId + "; " + server.counters().describe());
  }

  @Test
  void aNewCustomerRegistersAndLogsInLater() throws Exception {
    String home = http.page("/tpcw/TPCW_home_interaction");
    String s = TpcwHttp.sessionId(home);
    String cart = http.page("/tpcw/TPCW_shopping_cart_interaction;jsessionid=" + s + "?ADD_FLAG=N");
    int shop = TpcwHttp.findId(cart, "SHOPPING_ID=");
    long before = server.counters().customersRegistered();
    String buyRequest = http.page("/tpcw/TPCW_buy_request_servlet;jsessionid=" + s + "?RETURNING_FLAG=N&FNAME=Abcdefgh"
        + "&LNAME=Ijklmnop&STREET_1=x%26y&STREET_2=z&CITY=c&STATE=s&ZIP=1&COUNTRY=Chad&PHONE=1&EMAIL=a%40b"
        + "&BIRTHDATE=1%2f2%2f1970&DATA=d&SHOPPING_ID=" + shop);
    int cid = TpcwHttp.findId(buyRequest, "C_ID=");
    assertTrue(cid > 1000, "a new customer gets the next id after CUST: " + cid);
    assertEquals(before + 1, server.counters().customersRegistered());
    assertEquals("Abcdefgh", TpcwInteractionsTest.name(buyRequest, "Firstname:</TD><TD>"));
    assertTrue(buyRequest.contains("<TD>x&amp;y</TD>"), "STREET_1 is the street:\n" + buyRequest);
    http.page("/tpcw/TPCW_buy_confirm_servlet;jsessionid=" + s + "?CC_TYPE=VISA&SHIPPING=AIR&STREET_1=");
    String display = http.page("/tpcw/TPCW_order_display_servlet?UNAME=" + DigSyl.of(cid) + "&PASSWD="
        + DigSyl.of(cid).toLowerCase());
    assertTrue(display.contains("Order ID: <B>"), display);
  }

  @Test
  void anAdminUpdateShowsOnTheProductPage() throws Exception {
    String before = http.page("/tpcw/TPCW_product_detail_servlet?I_ID=333");
    assertTrue(before.contains("/tpcw/Images/img33/image_333.gif"), before);
    long updates = server.counters().itemsUpdated();
    http.page("/tpcw/TPCW_admin_response_servlet?I_NEW_IMAGE=img7/image%5F907.gif&I_NEW_THUMBNAIL=img7/thumb%5F907.gif"
        + "&I_NEW_COST=1.05&I_ID=333");
    assertEquals(updates + 1, server.counters().itemsUpdated());
    String after = http.pageWithImages("/tpcw/TPCW_product_detail_servlet?I_ID=333");
    assertTrue(after.contains("\"/tpcw/Images/img7/image_907.gif\""), after);
    assertTrue(after.contains("Our Price:</B> <FONT COLOR=\"#dd0000\"><B>$1.05</B>"), after);
    // published today: the newest of its subject
    String newest = http.page("/tpcw/TPCW_new_products_servlet?subject=" + Catalog.SUBJECTS.get(Catalog.subjectIndex(333)));
    assertEquals(333, TpcwHttp.itemIds(newest).get(0));
  }

  private static List<Integer> hiddenIds(String cart) {
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; cart.contains("NAME=\"I_ID_" + i + "\""); i++) {
      ids.add(TpcwHttp.findId(cart, "NAME=\"I_ID_" + i + "\" value=\""));
    }
    return ids;
  }
}
