package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageReply;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order interactions (SHOP, CREG, BUYR, BUYC, ORDI, ORDD), after the reference servlets
 * TPCW_shopping_cart_interaction, TPCW_customer_registration_servlet, TPCW_buy_request_servlet,
 * TPCW_buy_confirm_servlet, TPCW_order_inquiry_servlet and TPCW_order_display_servlet. Where the
 * RBE and the servlets disagree this side accepts what the RBE sends: the cart refresh's bare
 * {@code qty} values as well as {@code QTY_i}/{@code I_ID_i} pairs, and {@code STREET_1}/{@code
 * STREET_2} as well as {@code STREET1}/{@code STREET2}. Thread-safe.
 */
final class OrderPages {
  private final Bookstore store;
  private final BookstoreCounters counters;

  OrderPages(Bookstore store, BookstoreCounters counters) {
    this.store = store;
    this.counters = counters;
  }

  /**
   * SHOP: creates a cart when the visit has none, adds {@code I_ID} when {@code ADD_FLAG=Y},
   * applies quantities, and lists the lines as {@code NAME="QTY_i" ... VALUE="<qty>"} inputs, the
   * form the RBE's refresh counts and reads (rbe/EBWShopCartRefTrans.java).
   */
  PageReply shoppingCart(Visit visit, TpcwParams p) {
    String addFlag = p.required("ADD_FLAG");
    Integer addItem = null;
    if (addFlag.equals("Y")) {
      addItem = store.catalog().item(p.requiredId("I_ID")).id();
    } else if (!addFlag.equals("N")) {
      throw Rejection.badRequest("ADD_FLAG: \"" + TpcwParams.shorten(addFlag) + "\": expected Y or N");
    }
    Map<Integer, Integer> byId = new LinkedHashMap<>();
    for (int i = 0; p.has("I_ID_" + i); i++) {
      int id = store.catalog().item(p.requiredId("I_ID_" + i)).id();
      String qty = p.text("QTY_" + i);
      byId.put(id, qty == null ? 1 : TpcwParams.quantity("QTY_" + i, qty));
    }
    List<Integer> inOrder = new ArrayList<>();
    for (String qty : p.all("qty")) {
      inOrder.add(TpcwParams.quantity("qty", qty));
    }
    Cart cart = cart(visit);
    store.doCart(cart, addItem, byId, inOrder);

    TpcwHtml html = new TpcwHtml(visit, "Shopping Cart Page");
    TpcwPages.promotions(html, store.catalog(), store.randomItemId());
    html.form(TpcwInteraction.SHOPPING_CART.servlet())
        .raw("<CENTER><TABLE BORDER=\"0\">\n<TR><TD><B>Qty</B></TD><TD><B>Product</B></TD></TR>\n");
    long subTotal = 0;
    int line = 0;
    for (Map.Entry<Integer, Integer> e : cart.lines().entrySet()) {
      Item item = store.catalog().item(e.getKey());
      subTotal += item.costCents() * e.getValue();
      html.raw("<TR><TD VALIGN=\"top\">\n").hidden("I_ID_" + line, Integer.toString(item.id()))
          .raw("<INPUT NAME=\"QTY_" + line + "\" SIZE=\"3\" VALUE=\"" + e.getValue() + "\"></TD>\n<TD VALIGN=\"top\">Title:<I>")
          .text(item.title()).raw("</I> - Backing: ").text(item.backing()).raw("<BR>\nSRP. $")
          .raw(TpcwHtml.dollars(item.srpCents())).raw(" <FONT COLOR=\"#aa0000\"><B>Your Price: $")
          .raw(TpcwHtml.dollars(item.costCents())).raw("</B></FONT></TD></TR>\n");
      line++;
    }
    html.raw("</TABLE><B><I>Subtotal price: $" + TpcwHtml.dollars(subTotal) + "</I></B>\n<P>")
        .buttonLink(TpcwInteraction.CUSTOMER_REGISTRATION.servlet(), "", "checkout_B.gif", "Checkout")
        .buttonLink(TpcwInteraction.HOME.servlet(), "", "home_B.gif", "Home")
        .raw("</P>\n<P>If you have changed the quantities and/or taken anything out<BR> of your shopping cart,"
            + " click here to refresh your shopping cart:</P>\n")
        .hidden("ADD_FLAG", "N").hidden("SHOPPING_ID", Integer.toString(cart.id()));
    if (visit.customerId() != null) {
      html.hidden("C_ID", visit.customerId().toString());
    }
    html.raw("<P>").imageSubmit("Refresh Shopping Cart", "refresh_B.gif").raw("</P>\n</CENTER></FORM>\n");
    return html.finish();
  }

  /** CREG: the returning-customer log-in and the new-customer form, both to BUYR. */
  PageReply customerRegistration(Visit visit) {
    TpcwHtml html = new TpcwHtml(visit, "Customer Registration Page");
    html.form(TpcwInteraction.BUY_REQUEST.servlet())
        .raw("<BLOCKQUOTE><INPUT TYPE=\"radio\" NAME=\"RETURNING_FLAG\" VALUE=\"Y\"> I am an existing customer<BR>\n"
            + "<INPUT TYPE=\"radio\" NAME=\"RETURNING_FLAG\" VALUE=\"N\" CHECKED> I am a first time customer</BLOCKQUOTE>\n"
            + "<P>User name: <INPUT NAME=\"UNAME\" SIZE=\"23\"> Password: <INPUT NAME=\"PASSWD\" SIZE=\"14\" TYPE=\"password\"></P>\n"
            + "<TABLE BORDER=\"0\">\n");
    for (String[] field : new String[][] {{"First Name", "FNAME"}, {"Last Name", "LNAME"}, {"Address 1", "STREET_1"},
        {"Address 2", "STREET_2"}, {"City", "CITY"}, {"State", "STATE"}, {"Zip", "ZIP"}, {"Country", "COUNTRY"},
        {"Phone", "PHONE"}, {"E-mail", "EMAIL"}, {"Birthdate", "BIRTHDATE"}, {"Profile", "DATA"}}) {
      html.raw("<TR><TD>" + field[0] + ":</TD><TD><INPUT NAME=\"" + field[1] + "\" SIZE=\"30\"></TD></TR>\n");
    }
    html.raw("</TABLE>\n");
    if (visit.customerId() != null) {
      html.hidden("C_ID", visit.customerId().toString());
    }
    if (visit.shoppingId() != null) {
      html.hidden("SHOPPING_ID", visit.shoppingId().toString());
    }
    html.raw("<P ALIGN=\"center\">").imageSubmit("Enter Order", "submit_B.gif").raw("</P></FORM>\n");
    TpcwPages.searchAndHome(html);
    return html.finish();
  }

  /**
   * BUYR: logs a returning customer in ({@code RETURNING_FLAG=Y}, UNAME, PASSWD) or registers a new
   * one ({@code N}), then shows billing details with the {@code Firstname:}/{@code Lastname:} rows
   * the RBE's buy confirm reads, the cart, its totals and the confirm form; its links carry the
   * customer's {@code C_ID=}.
   */
  PageReply buyRequest(Visit visit, TpcwParams p) {
    String flag = p.required("RETURNING_FLAG");
    Cart cart = cart(visit);
    Customer customer;
    if (flag.equals("Y")) {
      customer = logIn(p);
    } else if (flag.equals("N")) {
      customer = store.customers().register(p.textOrEmpty("FNAME"), p.textOrEmpty("LNAME"), address(p),
          p.textOrEmpty("PHONE"), p.textOrEmpty("EMAIL"), store.nowEpochMillis() / 86_400_000L - 365L * 30);
      counters.customerRegistered();
    } else {
      throw Rejection.badRequest("RETURNING_FLAG: \"" + TpcwParams.shorten(flag) + "\": expected Y or N");
    }
    visit.customerId(customer.id());
    if (cart.isEmpty()) {
      store.doCart(cart, null, Map.of(), List.of());
    }
    TpcwHtml html = new TpcwHtml(visit, "Buy Request Page");
    html.form(TpcwInteraction.BUY_CONFIRM.servlet()).raw("<H2>Billing Information:</H2>\n");
    TpcwPages.customerRows(html, customer);
    html.raw("<TABLE BORDER=\"0\"><TR><TD>C_ID:</TD><TD>" + customer.id() + "</TD></TR></TABLE>\n");
    html.raw("<H2>Shipping Information:</H2>\n<TABLE BORDER=\"0\">\n");
    for (String[] field : new String[][] {{"Addr_street_1", "STREET_1"}, {"Addr_street_2", "STREET_2"},
        {"City", "CITY"}, {"State", "STATE"}, {"Zip", "ZIP"}, {"Country", "COUNTRY"}}) {
      html.raw("<TR><TD>" + field[0] + ":</TD><TD><INPUT NAME=\"" + field[1] + "\" SIZE=\"40\" VALUE=\"\"></TD></TR>\n");
    }
    html.raw("</TABLE>\n<H2>Order Information:</H2>\n<TABLE BORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"0\">\n"
        + "<TR><TD><B>Qty</B></TD><TD><B>Product</B></TD></TR>\n");
    long subTotal = 0;
    int books = 0;
    for (Map.Entry<Integer, Integer> e : cart.lines().entrySet()) {
      Item item = store.catalog().item(e.getKey());
      subTotal += item.costCents() * e.getValue() * (100 - customer.discountPercent()) / 100;
      books += e.getValue();
      html.raw("<TR><TD VALIGN=\"TOP\">" + e.getValue() + "</TD><TD VALIGN=\"TOP\">Title:<I>").text(item.title())
          .raw("</I> - Backing: ").text(item.backing()).raw("<BR>SRP. $" + TpcwHtml.dollars(item.srpCents())
              + " <B>Your Price: $" + TpcwHtml.dollars(item.costCents()) + "</B></TD></TR>\n");
    }
    long tax = Math.round(subTotal * 0.0825);
    long shipping = 300 + 100L * books;
    html.raw("</TABLE>\n<TABLE BORDER=\"0\">\n<TR><TD><B>Subtotal with discount (" + customer.discountPercent()
        + "%):</B></TD><TD ALIGN=\"RIGHT\"><B>$" + TpcwHtml.dollars(subTotal) + "</B></TD></TR>\n"
        + "<TR><TD><B>Tax</B></TD><TD ALIGN=\"RIGHT\"><B>$" + TpcwHtml.dollars(tax) + "</B></TD></TR>\n"
        + "<TR><TD><B>Shipping &amp; Handling</B></TD><TD ALIGN=\"RIGHT\"><B>$" + TpcwHtml.dollars(shipping) + "</B></TD></TR>\n"
        + "<TR><TD><B>Total</B></TD><TD ALIGN=\"RIGHT\"><B>$" + TpcwHtml.dollars(subTotal + tax + shipping)
        + "</B></TD></TR></TABLE>\n<TABLE BORDER=\"1\" CELLPADDING=\"5\" CELLSPACING=\"0\">\n"
        + "<TR><TD>Credit Card Type</TD><TD>");
    for (String type : new String[] {"VISA", "MASTERCARD", "DISCOVER", "AMEX", "DINERS"}) {
      html.raw("<INPUT TYPE=\"RADIO\" NAME=\"CC_TYPE\" VALUE=\"" + type + "\">" + type + "\n");
    }
    html.raw("</TD></TR>\n<TR><TD>Name on Credit Card</TD><TD><INPUT NAME=\"CC_NAME\" SIZE=\"30\" VALUE=\"\"></TD></TR>\n"
        + "<TR><TD>Credit Card Number</TD><TD><INPUT NAME=\"CC_NUMBER\" SIZE=\"16\" VALUE=\"\"></TD></TR>\n"
        + "<TR><TD>Credit Card Expiration Date</TD><TD><INPUT NAME=\"CC_EXPIRY\" SIZE=\"15\" VALUE=\"\"></TD></TR>\n"
        + "<TR><TD>Shipping Method</TD><TD>");
    for (String ship : Bookstore.SHIP_TYPES) {
      html.raw("<INPUT TYPE=\"RADIO\" NAME=\"SHIPPING\" VALUE=\"" + ship + "\">" + ship + "\n");
    }
    html.raw("</TD></TR></TABLE>\n<P ALIGN=\"center\">\n").hidden("SHOPPING_ID", Integer.toString(cart.id()))
        .hidden("C_ID", Integer.toString(customer.id())).imageSubmit("Confirm Buy", "submit_B.gif")
        .buttonLink(TpcwInteraction.SHOPPING_CART.servlet(), "ADD_FLAG=N", "shopping_cart_B.gif", "Shopping Cart")
        .buttonLink(TpcwInteraction.ORDER_INQUIRY.servlet(), "", "order_status_B.gif", "Order Status")
        .raw("</P></FORM>\n");
    return html.finish();
  }

  /**
   * BUYC: writes the order from the visit's cart for the visit's customer (both required), shipped
   * to STREET_1... when given (5 % of the RBE's requests) or else to the customer's address, and
   * empties the cart.
   */
  PageReply buyConfirm(Visit visit, TpcwParams p) {
    if (visit.customerId() == null) {
      throw Rejection.badRequest("C_ID: missing (expected the customer's id, or a session that knows it)");
    }
    if (visit.shoppingId() == null) {
      throw Rejection.badRequest("SHOPPING_ID: missing (expected the cart's id, or a session that knows it)");
    }
    Customer customer = store.customers().customer(visit.customerId());
    Cart cart = store.carts().get(visit.shoppingId());
    String shipping = p.text("SHIPPING");
    if (shipping != null && !List.of(Bookstore.SHIP_TYPES).contains(shipping)) {
      throw Rejection.badRequest("SHIPPING: \"" + TpcwParams.shorten(shipping) + "\": expected AIR, UPS, FEDEX, SHIP,"
          + " COURIER or MAIL");
    }
    Address shipTo = address(p);
    Order order = store.buyConfirm(customer, cart, shipping == null ? "AIR" : shipping, p.textOrEmpty("CC_TYPE"),
        p.textOrEmpty("CC_NAME"), shipTo.street1().isEmpty() ? null : shipTo);
    counters.orderWritten();
    TpcwHtml html = new TpcwHtml(visit, "Buy Confirm Page");
    html.raw("<H2>Order Information:</H2>\n<P>Order ID: <B>" + order.id() + "</B> for customer " + customer.id() + "</P>\n");
    TpcwPages.customerRows(html, customer);
    orderLines(html, order);
    TpcwPages.searchAndHome(html);
    return html.finish();
  }

  /** ORDI: the order-status log-in form, user name filled in when the customer is known. */
  PageReply orderInquiry(Visit visit) {
    TpcwHtml html = new TpcwHtml(visit, "Order Inquiry Page");
    String userName = visit.customerId() == null ? "" : store.customers().customer(visit.customerId()).userName();
    html.form(TpcwInteraction.ORDER_DISPLAY.servlet())
        .raw("<TABLE ALIGN=\"center\"><TR><TD>Username:</TD><TD><INPUT NAME=\"UNAME\" VALUE=\"").text(userName)
        .raw("\" SIZE=\"23\"></TD></TR>\n<TR><TD>Password:</TD><TD><INPUT NAME=\"PASSWD\" SIZE=\"14\" TYPE=\"password\">"
            + "</TD></TR></TABLE>\n<P ALIGN=\"center\">")
        .imageSubmit("Display Last Order", "display_last_order_B.gif").raw("</P></FORM>\n");
    TpcwPages.searchAndHome(html);
    return html.finish();
  }

  /** ORDD: logs in (UNAME, PASSWD) and shows the customer's most recent order, or says there is none. */
  PageReply orderDisplay(Visit visit, TpcwParams p) {
    Customer customer = logIn(p);
    visit.customerId(customer.id());
    Order order = store.orders().lastOrderOf(customer.id());
    TpcwHtml html = new TpcwHtml(visit, "Order Display Page");
    if (order == null) {
      html.raw("<H3>Customer ").text(customer.userName()).raw(" has no order.</H3>\n");
    } else {
      html.raw("<P>Order ID: <B>" + order.id() + "</B><BR>\nOrder Date: " + java.time.Instant.ofEpochMilli(
          order.placedEpochMillis()) + "<BR>\nOrder Status: " + order.status() + "<BR>\nShipping: " + order.shipType()
          + "<BR>\nCard: ").text(order.cardType() + " " + order.cardName()).raw("</P>\n");
      if (order.shipping() != null) {
        Address a = order.shipping();
        html.raw("<P>Ship to: ").text(a.street1() + ", " + a.street2() + ", " + a.city() + ", " + a.state() + " "
            + a.zip() + ", " + a.country()).raw("</P>\n");
      }
      TpcwPages.customerRows(html, customer);
      orderLines(html, order);
    }
    TpcwPages.searchAndHome(html);
    return html.finish();
  }

  private void orderLines(TpcwHtml html, Order order) {
    html.raw("<TABLE BORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"2\">\n<TR><TD>Item</TD><TD>Title</TD><TD>Qty</TD>"
        + "<TD>Discount</TD></TR>\n");
    for (Order.Line line : order.lines()) {
      Item item = store.catalog().item(line.itemId());
      html.raw("<TR><TD>Item " + item.id() + "</TD><TD>").text(item.title()).raw("</TD><TD>" + line.quantity()
          + "</TD><TD>" + line.discountPercent() + "%</TD></TR>\n");
    }
    html.raw("</TABLE>\n<P>Lines: " + order.lines().size() + " Subtotal: $" + TpcwHtml.dollars(order.subTotalCents())
        + " Tax: $" + TpcwHtml.dollars(order.taxCents()) + " Shipping: $" + TpcwHtml.dollars(order.shippingCents())
        + " Total: $" + TpcwHtml.dollars(order.totalCents()) + "</P>\n");
  }

  private Customer logIn(TpcwParams p) {
    String userName = p.required("UNAME");
    String password = p.required("PASSWD");
    Customer c = store.customers().byUserName(userName);
    if (!c.password().equals(password)) {
      throw Rejection.forbidden("PASSWD: wrong password for " + c.userName());
    }
    return c;
  }

  /** The visit's cart; a new one when it has none. */
  private Cart cart(Visit visit) {
    if (visit.shoppingId() != null) {
      return store.carts().get(visit.shoppingId());
    }
    Cart cart = store.carts().create();
    visit.shoppingId(cart.id());
    return cart;
  }

  /** STREET_1... as the RBE names them, falling back on the servlets' STREET1/STREET2. */
  private static Address address(TpcwParams p) {
    String street1 = p.has("STREET_1") ? p.text("STREET_1") : p.textOrEmpty("STREET1");
    String street2 = p.has("STREET_2") ? p.text("STREET_2") : p.textOrEmpty("STREET2");
    return new Address(street1, street2, p.textOrEmpty("CITY"), p.textOrEmpty("STATE"), p.textOrEmpty("ZIP"),
        p.textOrEmpty("COUNTRY"));
  }
}
