package io.crosscheck.tpcw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.tpcw.TpcwScanner.Death;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden URLs for the 14 interactions, built as the RBE builds them (a fixed seed, fixed fake
 * pages carrying the patterns the RBE scans), and the RBE's behaviour when a pattern is missing.
 */
class TpcwBrowserTest {
  static final long DAY = LocalDate.of(2024, 3, 15).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
  static final String P = "/tpcw/";

  static TpcwRequestConfig config() {
    return new TpcwRequestConfig(P, 2880, 1023, 10000, 511, DAY, ZoneOffset.UTC);
  }

  final List<String> errors = new ArrayList<>();

  TpcwBrowser browser(long seed) {
    return new TpcwBrowser(config(), new TpcwRandom(seed), errors::add);
  }

  @Test
  void everyInteractionOfOneUserSessionAsTheRbeBuildsIt() throws Exception {
    TpcwBrowser b = browser(14);
    // EBWInitTrans: 80 % a NURand C_ID, no session id yet
    assertEquals(P + "TPCW_home_interaction", b.request(TpcwState.INIT, TpcwState.HOME, null));
    assertEquals(P + "TPCW_home_interaction?C_ID=1966", b.request(TpcwState.INIT, TpcwState.HOME, null));
    assertEquals(P + "TPCW_home_interaction?C_ID=1392", b.request(TpcwState.INIT, TpcwState.HOME, null));
    assertEquals(P + "TPCW_home_interaction?C_ID=2039", b.request(TpcwState.INIT, TpcwState.HOME, null));
    assertEquals(P + "TPCW_home_interaction?C_ID=768", b.request(TpcwState.INIT, TpcwState.HOME, null));
    assertEquals(P + "TPCW_home_interaction?C_ID=2016", b.request(TpcwState.INIT, TpcwState.HOME, null));
    // the session id: between the first ";jsessionid=" and the next "?"
    b.read(TpcwState.INIT, TpcwState.HOME,
        "<A HREF=\"/tpcw/TPCW_search_request_servlet;jsessionid=ABC123?C_ID=5\">x;jsessionid=NOT?");
    assertEquals("ABC123", b.sessionId);
    String ids = ";jsessionid=ABC123?";
    assertEquals(P + "TPCW_home_interaction;jsessionid=ABC123?C_ID=2016",
        b.request(TpcwState.SHOP, TpcwState.HOME, ""));
    assertEquals(P + "TPCW_new_products_servlet" + ids + "subject=BIOGRAPHIES&C_ID=2016",
        b.request(TpcwState.HOME, TpcwState.NEWP, ""));
    assertEquals(P + "TPCW_best_sellers_servlet" + ids + "subject=HISTORY&C_ID=2016",
        b.request(TpcwState.HOME, TpcwState.BESS, ""));
    String list = "<A HREF=\"TPCW_product_detail_servlet?I_ID=17\">x</A>"
        + "<A HREF=\"TPCW_product_detail_servlet?I_ID=4242\">";
    assertEquals(P + "TPCW_product_detail_servlet" + ids + "I_ID=4242&C_ID=2016",
        b.request(TpcwState.NEWP, TpcwState.PROD, list));
    // CURL: PROD -> PROD takes its I_ID from the page before the product page, not from it
    assertEquals(P + "TPCW_product_detail_servlet" + ids + "I_ID=4242&C_ID=2016",
        b.request(TpcwState.PROD, TpcwState.PROD, "I_ID=999 the current product page"));
    assertEquals(list, b.previousPage);
    assertEquals(P + "TPCW_search_request_servlet" + ids + "C_ID=2016",
        b.request(TpcwState.HOME, TpcwState.SREQ, ""));
    List<String> searches = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      searches.add(b.request(TpcwState.SREQ, TpcwState.SRES, ""));
    }
    assertEquals(List.of(
        P + "TPCW_execute_search" + ids + "search_type=subject&search_string=HISTORY&C_ID=2016",
        P + "TPCW_execute_search" + ids + "search_type=title&search_string=BABABAOGATSESE&C_ID=2016",
        P + "TPCW_execute_search" + ids + "search_type=title&search_string=BABABABAINBAOG&C_ID=2016",
        P + "TPCW_execute_search" + ids + "search_type=subject&search_string=COOKING&C_ID=2016",
        P + "TPCW_execute_search" + ids + "search_type=title&search_string=BABABAOGALALSE&C_ID=2016",
        P + "TPCW_execute_search" + ids + "search_type=subject&search_string=RELIGION&C_ID=2016"),
        searches);
    assertEquals(P + "TPCW_order_inquiry_servlet" + ids + "C_ID=2016",
        b.request(TpcwState.HOME, TpcwState.ORDI, ""));
    assertEquals(P + "TPCW_customer_registration_servlet" + ids + "C_ID=2016",
        b.request(TpcwState.SHOP, TpcwState.CREG, ""));
    assertEquals(P + "TPCW_shopping_cart_interaction" + ids + "ADD_FLAG=N&C_ID=2016",
        b.request(TpcwState.HOME, TpcwState.SHOP, ""));
    // PROD -> SHOP: the digits right after the first I_ID=
    assertEquals(P + "TPCW_shopping_cart_interaction" + ids + "ADD_FLAG=Y&I_ID=314&C_ID=2016",
        b.request(TpcwState.PROD, TpcwState.SHOP, "<FORM ACTION=\"x?I_ID=314&QTY=1\">I_ID=5"));
    // a cart page: C_ID and the session id are known already, SHOPPING_ID is read
    b.read(TpcwState.PROD, TpcwState.SHOP, "C_ID=77 SHOPPING_ID=31 ;jsessionid=ZZ?");
    assertEquals(2016, b.cid);
    assertEquals(31, b.shopId);
    assertEquals("ABC123", b.sessionId);
    String all = ids + "ADD_FLAG=N&";
    // SHOP -> SHOP: one line gets 1..10; of several, 1..c get 0..9 other than their old value
    assertEquals(P + "TPCW_shopping_cart_interaction" + all + "qty=4&C_ID=2016&SHOPPING_ID=31",
        b.request(TpcwState.SHOP, TpcwState.SHOP, "<INPUT NAME=\"QTY\" SIZE=3 VALUE=\"2\">"));
    assertEquals(P + "TPCW_shopping_cart_interaction" + all + "qty=0&qty=8&qty=0&C_ID=2016&SHOPPING_ID=31",
        b.request(TpcwState.SHOP, TpcwState.SHOP, "<INPUT NAME=\"QTY\" VALUE=\"2\">"
            + "<INPUT NAME=\"QTY\" VALUE=\"5\"><INPUT NAME=\"QTY\" VALUE=\"1\">"));
    // BUYR for a known C_ID: a returning customer, UNAME = digSyl(C_ID), PASSWD in lower case
    assertEquals(P + "TPCW_buy_request_servlet" + ids
        + "RETURNING_FLAG=Y&UNAME=ALBAOGAT&PASSWD=albaogat&C_ID=2016&SHOPPING_ID=31",
        b.request(TpcwState.SHOP, TpcwState.BUYR, ""));
    // BUYC: names from the page, munged; CC_EXPIRY with the RBE's %2f; 95 % empty address
    assertEquals(P + "TPCW_buy_confirm_servlet" + ids + "CC_TYPE=DINERS&CC_NUMBER=5930018265045079"
        + "&CC_NAME=Ann+Lee+O%27Hara&CC_EXPIRY=30%2f5%2f2024&STREET_1=&STREET_2=&CITY=&STATE=&ZIP="
        + "&COUNTRY=&SHIPPING=COURIER&C_ID=2016&SHOPPING_ID=31",
        b.request(TpcwState.BUYR, TpcwState.BUYC,
            "<TD>Firstname:</TD><TD>Ann Lee</TD><TD>Lastname: </TD><TD>O'Hara</TD>"));
    assertEquals(P + "TPCW_order_display_servlet" + ids
        + "UNAME=ALBAOGAT&PASSWD=albaogat&C_ID=2016&SHOPPING_ID=31",
        b.request(TpcwState.HOME, TpcwState.ORDD, ""));
    assertEquals(P + "TPCW_admin_request_servlet" + ids + "I_ID=271&C_ID=2016&SHOPPING_ID=31",
        b.request(TpcwState.PROD, TpcwState.ADMR, "x I_ID=271<"));
    assertEquals(P + "TPCW_admin_response_servlet" + ids
        + "I_NEW_IMAGE=img4/image%5F204.gif&I_NEW_THUMBNAIL=img74/thumb%5F7574.gif"
        + "&I_NEW_COST=3101.71&I_ID=271&C_ID=2016&SHOPPING_ID=31",
        b.request(TpcwState.ADMR, TpcwState.ADMC, "<INPUT NAME=\"I_ID\" TYPE=\"hidden\" VALUE=\"271\">"));
    assertEquals(List.of(), errors);
  }

  @Test
  void aNewCustomerRegistersInBuyRequestAndConfirmsWithoutAnAddressMostly() throws Exception {
    TpcwBrowser b = browser(7);
    String buyRequest = b.request(TpcwState.SHOP, TpcwState.BUYR, "");
    assertEquals(P + "TPCW_buy_request_servlet?RETURNING_FLAG=N&FNAME=JB%5E34w&LNAME=1%3D%5BPX2%24"
        + "&STREET_1=3pD*%3Do%5EJ%2B+LI%25%28+N%7C00E&STREET_2=P%7Ek%3BKyL%5E%5FW%5F"
        + "&CITY=%3Dl5V%25H5Z%7Bd%7C&STATE=s%3F&ZIP=Z%5DE3%29%3B&COUNTRY=France&PHONE=154945908664167"
        + "&EMAIL=C45%3Al%5E%5E%40A%3A.com&BIRTHDATE=15%2f5%2f2024&DATA=",
        buyRequest.substring(0, buyRequest.indexOf("&DATA=") + 6));
    String data = buyRequest.substring(buyRequest.indexOf("&DATA=") + 6);
    assertTrue(data.length() >= 100 && data.length() <= 502, data.length() + " encoded characters");
    // names unknown on the page: two errors, the names BUYR sent are used; no C_ID: a third
    String confirm = b.request(TpcwState.BUYR, TpcwState.BUYC, "no names here");
    assertEquals(P + "TPCW_buy_confirm_servlet?CC_TYPE=DINERS&CC_NUMBER=5388918964735057"
        + "&CC_NAME=JB%5E34w+1%3D%5BPX2%24&CC_EXPIRY=20%2f6%2f2024&STREET_1=&STREET_2=&CITY=&STATE="
        + "&ZIP=&COUNTRY=&SHIPPING=UPS", confirm);
    assertEquals(List.of("Unable to find First name in HTML for buy request page.",
        "Unable to find Last name in HTML for buy request page.",
        "CID not known transitioning to buy confirm page."), errors);
    // the buy-request page gives the C_ID; missing, it is an error
    b.read(TpcwState.SHOP, TpcwState.BUYR, "<INPUT TYPE=HIDDEN NAME=\"C_ID\" VALUE=\"2890\">C_ID=2890");
    assertEquals(2890, b.cid);
    TpcwBrowser other = browser(8);
    other.read(TpcwState.SHOP, TpcwState.BUYR, "nothing");
    assertEquals("Unable to find C_ID in buy request page page.", errors.get(3));
  }

  @Test
  void oneBuyConfirmInTwentyCarriesANewAddress() throws Exception {
    TpcwBrowser b = browser(1);
    b.cid = 5;
    assertEquals(P + "TPCW_buy_confirm_servlet?CC_TYPE=DINERS&CC_NUMBER=2534524443281181&CC_NAME=A+B"
        + "&CC_EXPIRY=18%2f3%2f2025&STREET_1=eDA%28%5DztN%7D%5E&STREET_2=%243+%5BqIOnn%7B%7CY%3BC%25%7C%5E%3D%2C"
        + "&CITY=%3AR%3B2%2Ck%25Dglr*kqD%40c&STATE=B5d%7EVj1NU%7E%2Fq&ZIP=85%28l%23&COUNTRY=Hungary"
        + "&SHIPPING=SHIP&C_ID=5",
        b.request(TpcwState.BUYR, TpcwState.BUYC, "Firstname:</TD><TD>A<Lastname: </TD><TD>B<"));
    int filled = 0;
    for (long seed = 0; seed < 20_000; seed++) {
      TpcwBrowser f = browser(seed);
      f.cid = 5;
      if (!f.request(TpcwState.BUYR, TpcwState.BUYC, "").contains("STREET_1=&")) {
        filled++;
      }
    }
    System.out.println("[tpcw urls] BUYC with an address: " + filled + " of 20,000 ("
        + String.format(java.util.Locale.ROOT, "%.2f", filled / 200.0) + " %, the RBE's 5 %)");
    assertTrue(filled > 850 && filled < 1150, filled + " of 20,000");
  }

  @Test
  void parsingFailuresBehaveAsTheRbe() throws Exception {
    TpcwBrowser b = browser(3);
    b.read(TpcwState.INIT, TpcwState.HOME, "<A HREF=\"TPCW_x;jsessionid=ABC\">no question mark");
    assertEquals(null, b.sessionId);
    assertEquals(List.of("Unable to find session id (;jsessionid= up to ?) in the Home page."), errors);
    errors.clear();
    // PROD with no I_ID on the page: an error and no request ("": the RBE restarts the session)
    assertEquals("", b.request(TpcwState.SRES, TpcwState.PROD, "no items"));
    assertEquals("", b.request(TpcwState.PROD, TpcwState.SHOP, "no item"));
    assertEquals("", b.request(TpcwState.PROD, TpcwState.SHOP, "ends in I_ID=12"));
    assertEquals("", b.request(TpcwState.SHOP, TpcwState.SHOP, "an empty cart"));
    assertEquals("", b.request(TpcwState.PROD, TpcwState.ADMR, "nothing"));
    assertEquals("", b.request(TpcwState.ADMR, TpcwState.ADMC, "nothing"));
    assertEquals(List.of("Unable to find any items for product detail.",
        "Unable to find I_ID in product detail page.", "Unable to find I_ID in product detail page.",
        "Unable to find QTY in shopping cart page.", "Unable to find I_ID in admin request page.",
        "Unable to find I_ID in admin confirm page."), errors);
    errors.clear();
    // a cart page without SHOPPING_ID and session id: two errors; C_ID missing is silent
    TpcwBrowser cart = browser(4);
    cart.read(TpcwState.HOME, TpcwState.SHOP, "<HTML>empty</HTML>");
    assertEquals(List.of("findSessionID: Unable to find SESSIONID tag in shopping cart page.",
        "findId: Unable to find SHOPPING_ID in shopping cart page."), errors);
    // where the RBE's Integer.parseInt throws, its EB thread dies: here a Death
    Death tooBig = assertThrows(Death.class,
        () -> browser(5).read(TpcwState.HOME, TpcwState.SHOP, "C_ID=99999999999 SHOPPING_ID=1"));
    assertTrue(tooBig.malformedNumber(), tooBig.getMessage());
    Death empty = assertThrows(Death.class,
        () -> browser(5).request(TpcwState.PROD, TpcwState.SHOP, "I_ID=\"17\" "));
    assertTrue(empty.malformedNumber(), empty.getMessage());
    assertThrows(Death.class, () -> browser(5).request(TpcwState.NEWP, TpcwState.PROD, "I_ID= none"));
    assertThrows(Death.class,
        () -> browser(5).request(TpcwState.SHOP, TpcwState.SHOP, "NAME=\"QTY\" VALUE=\"x\">"));
  }

  @Test
  void productIdsAreTheNextDigitRunAfterEachIidAsTheRbeScans() throws Exception {
    // the RBE skips anything to the next digit, even another I_ID=: both ids here are 8
    assertEquals(List.of(8, 8, 42), TpcwScanner.productItemIds("I_ID=x I_ID=8; I_ID=42."));
    assertEquals(-1, TpcwScanner.findId("C_ID=", "C_ID="));
    assertEquals(12, TpcwScanner.findId("C_ID=abc12", "C_ID="));
    assertEquals(12, TpcwScanner.findId("C_ID=12", "C_ID="));
    assertEquals("", TpcwScanner.sessionId(";jsessionid=?"));
    assertEquals("/a;jsessionid=X?I_ID=1", TpcwBrowser.addSession("/a?I_ID=1", "X"));
    assertEquals("/a;jsessionid=X", TpcwBrowser.addSession("/a", "X"));
    assertEquals("BABABABAOGAT", TpcwRandom.digSyl(16, 6));
    assertEquals("", TpcwRandom.digSyl(0));
    assertEquals("OGBAAL", TpcwRandom.digSyl(102));
  }
}
