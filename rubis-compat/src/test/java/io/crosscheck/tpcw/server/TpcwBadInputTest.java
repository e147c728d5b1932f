package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.testing.LoopbackHttp;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Bad input over real sockets: a missing or garbage number is a 400, an unknown id or path a 404,
 * a wrong password a 403, a huge request line a 400; each a short text without a stack trace, and
 * the server keeps serving.
 */
class TpcwBadInputTest extends TpcwServerFixture {
  @Test
  void malformedParametersAre400() throws Exception {
    expect(400, "/tpcw/TPCW_product_detail_servlet", "I_ID: missing");
    expect(400, "/tpcw/TPCW_product_detail_servlet?I_ID=abc", "I_ID: \"abc\"");
    expect(400, "/tpcw/TPCW_product_detail_servlet?I_ID=-3", "expected a positive integer");
    expect(400, "/tpcw/TPCW_product_detail_servlet?I_ID=99999999999999999999", "I_ID");
    expect(400, "/tpcw/TPCW_home_interaction?C_ID=1.5", "C_ID");
    expect(400, "/tpcw/TPCW_new_products_servlet", "subject: missing");
    expect(400, "/tpcw/TPCW_best_sellers_servlet?subject=GARDENING", "24 subjects");
    expect(400, "/tpcw/TPCW_execute_search?search_type=isbn&search_string=x", "search_type");
    expect(400, "/tpcw/TPCW_shopping_cart_interaction", "ADD_FLAG: missing");
    expect(400, "/tpcw/TPCW_shopping_cart_interaction?ADD_FLAG=Y", "I_ID: missing");
    expect(400, "/tpcw/TPCW_shopping_cart_interaction?ADD_FLAG=N&qty=many", "qty");
    expect(400, "/tpcw/TPCW_shopping_cart_interaction?ADD_FLAG=N&qty=-1", "qty");
    expect(400, "/tpcw/TPCW_buy_request_servlet?RETURNING_FLAG=maybe", "RETURNING_FLAG");
    expect(400, "/tpcw/TPCW_buy_request_servlet?RETURNING_FLAG=Y&UNAME=OG", "PASSWD: missing");
    expect(400, "/tpcw/TPCW_buy_confirm_servlet?SHIPPING=AIR", "C_ID: missing");
    expect(400, "/tpcw/TPCW_admin_response_servlet?I_ID=5&I_NEW_COST=cheap", "I_NEW_COST");
    expect(400, "/tpcw/TPCW_admin_response_servlet?I_ID=5&I_NEW_IMAGE=../../etc/passwd", "I_NEW_IMAGE");
    String badEscape = raw("/tpcw/TPCW_home_interaction?C_ID=%zz");
    assertTrue(badEscape.startsWith("HTTP/1.1 400") && badEscape.contains("%-escape"), badEscape);
    expect(400, "/tpcw/TPCW_home_interaction;jsessionid=a%3Cb?", "jsessionid");
  }

  @Test
  void unknownIdsAndPathsAre404AndWrongPasswords403() throws Exception {
    expect(404, "/tpcw/TPCW_product_detail_servlet?I_ID=1001", "no such item");
    expect(404, "/tpcw/TPCW_home_interaction?C_ID=5000", "no such customer");
    expect(404, "/tpcw/TPCW_shopping_cart_interaction?ADD_FLAG=N&SHOPPING_ID=777777", "no such cart");
    expect(404, "/tpcw/TPCW_order_display_servlet?UNAME=NGNGNGNGNG&PASSWD=ngngngngng", "no such customer");
    expect(404, "/tpcw/TPCW_order_display_servlet?UNAME=nobody&PASSWD=x", "no such customer");
    expect(403, "/tpcw/TPCW_order_display_servlet?UNAME=OG&PASSWD=wrong", "wrong password");
    expect(404, "/tpcw/TPCW_nonexistent_servlet", "not found");
    expect(404, "/elsewhere", "not found");
    expect(404, "/tpcw/Images/img5/image_6.gif", "not found"); // 6 % 100 != 5
    expect(404, "/tpcw/Images/img1/image_1001.gif", "not found"); // beyond -ITEM
    expect(404, "/tpcw/Images/nothing.gif", "not found");
  }

  @Test
  void aHugeQueryIs400AndTheServerGoesOn() throws Exception {
    String huge = "/tpcw/TPCW_home_interaction?DATA=" + "x".repeat(20_000);
    // the codec gives up on the request line, so the version is unknown and the reply HTTP/1.0
    String reply = raw(huge);
    assertTrue(reply.matches("(?s)HTTP/1\\.[01] 400 .*"), reply);
    assertFalse(reply.contains("Exception") || reply.contains("\tat "), reply);
    // within the line limit but beyond a parameter's: 400 too
    expect(400, "/tpcw/TPCW_execute_search?search_type=title&search_string=" + "A".repeat(5000), "search_string");
    assertEquals(200, http.get("/tpcw/TPCW_home_interaction").status());
  }

  /** One GET on its own connection, closed after the reply; the whole reply as text. */
  private static String raw(String target) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }

  private static void expect(int status, String target, String messagePart) throws Exception {
    LoopbackHttp.Page page = http.get(target);
    String body = page.text();
    assertEquals(status, page.status(), target + ": " + body);
    assertTrue(page.contentType().startsWith("text/plain"), target + ": " + page.contentType());
    assertTrue(body.contains(messagePart), target + ": expected \"" + messagePart + "\" in: " + body);
    assertTrue(body.length() < 400, target + ": a short text, not " + body.length() + " characters");
    assertFalse(body.contains("Exception") || body.contains("\tat ") || body.contains(".java:"), body);
  }
}
