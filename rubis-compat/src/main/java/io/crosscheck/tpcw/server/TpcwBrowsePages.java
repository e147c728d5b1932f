package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageReply;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The six browse interactions (HOME, NEWP, BESS, PROD, SREQ, SRES), after the reference servlets
 * TPCW_home_interaction, TPCW_new_products_servlet, TPCW_best_sellers_servlet,
 * TPCW_product_detail_servlet, TPCW_search_request_servlet and TPCW_execute_search. Every list page
 * links each listed item as {@code TPCW_product_detail_servlet...?I_ID=<id>}, where the RBE draws
 * its next product page from (rbe/EBWProdDetTrans.java). Thread-safe.
 */
final class TpcwBrowsePages {
  private final Bookstore store;

  TpcwBrowsePages(Bookstore store) {
    this.store = store;
  }

  /** HOME: greeting, promotions, new-products and best-sellers links per subject, three buttons. */
  PageReply home(Visit visit) {
    TpcwHtml html = new TpcwHtml(visit, "Home Page");
    if (visit.customerId() != null) {
      Customer c = store.customers().customer(visit.customerId());
      html.raw("<H2 ALIGN=\"center\">Hello ").text(c.firstName() + " " + c.lastName()).raw("</H2>\n");
    } else {
      html.raw("<H2 ALIGN=\"center\">Hello unknown user</H2>\n");
    }
    TpcwPages.promotions(html, store.catalog(), store.randomItemId());
    html.raw("<TABLE ALIGN=\"center\" BGCOLOR=\"#c0c0c0\" BORDER=\"0\" CELLPADDING=\"6\" CELLSPACING=\"0\" WIDTH=\"700\">\n"
        + "<TR ALIGN=\"CENTER\" BGCOLOR=\"#ffffff\" VALIGN=\"top\"><TD COLSPAN=\"2\" WIDTH=\"300\">");
    html.image("whats_new.gif", "New Product", 0, 0).raw("</TD><TD BGCOLOR=\"#ffffff\" WIDTH=\"100\"></TD>"
        + "<TD COLSPAN=\"2\" WIDTH=\"300\">");
    html.image("best_sellers.gif", "Best Seller", 0, 0).raw("</TD></TR>\n");
    int half = Catalog.SUBJECTS.size() / 2;
    for (int i = 0; i < half; i++) {
      String left = Catalog.SUBJECTS.get(i);
      String right = Catalog.SUBJECTS.get(i + half);
      html.raw("<TR><TD>").link(TpcwInteraction.NEW_PRODUCTS.servlet(), "subject=" + left, left)
          .raw("</TD><TD>").link(TpcwInteraction.NEW_PRODUCTS.servlet(), "subject=" + right, right)
          .raw("</TD><TD BGCOLOR=\"#ffffff\" WIDTH=\"50\"></TD><TD>")
          .link(TpcwInteraction.BEST_SELLERS.servlet(), "subject=" + left, left)
          .raw("</TD><TD>").link(TpcwInteraction.BEST_SELLERS.servlet(), "subject=" + right, right)
          .raw("</TD></TR>\n");
    }
    html.raw("</TABLE>\n<P ALIGN=\"CENTER\">\n")
        .buttonLink(TpcwInteraction.SHOPPING_CART.servlet(), "ADD_FLAG=N", "shopping_cart_B.gif", "Shopping Cart")
        .buttonLink(TpcwInteraction.SEARCH_REQUEST.servlet(), "", "search_B.gif", "Search")
        .buttonLink(TpcwInteraction.ORDER_INQUIRY.servlet(), "", "order_status_B.gif", "Order Status")
        .raw("</P>\n");
    return html.finish();
  }

  /** NEWP: the 50 newest items of the subject. */
  PageReply newProducts(Visit visit, TpcwParams p) {
    int subject = subject(p, "subject");
    List<Integer> ids = new ArrayList<>();
    for (Item item : store.catalog().newProducts(subject)) {
      ids.add(item.id());
    }
    return listPage(visit, "New Products Page", "New Products in " + Catalog.SUBJECTS.get(subject), ids);
  }

  /**
   * BESS: the subject's best sellers over the last 3333 orders; when fewer than 50 items of the
   * subject sold there, the list is filled up with its newest items, so the RBE always finds an
   * I_ID to go on with.
   */
  PageReply bestSellers(Visit visit, TpcwParams p) {
    int subject = subject(p, "subject");
    Set<Integer> ids = new LinkedHashSet<>(store.orders().bestSellers(subject, Catalog.LIST_LIMIT));
    for (Item item : store.catalog().newProducts(subject)) {
      if (ids.size() >= Catalog.LIST_LIMIT) {
        break;
      }
      ids.add(item.id());
    }
    return listPage(visit, "Best Sellers Page", "Best Sellers in " + Catalog.SUBJECTS.get(subject), new ArrayList<>(ids));
  }

  /**
   * PROD: one item. Its image SRC is quoted (the reference's is not: sv/TPCW_product_detail_servlet
   * line 90, so the RBE fetched the next quoted SRC instead). The add-to-cart link carries the
   * page's first {@code I_ID=}, which the RBE's add-to-cart and admin request read.
   */
  PageReply productDetail(Visit visit, TpcwParams p) {
    Item item = store.catalog().item(p.requiredId("I_ID"));
    TpcwHtml html = new TpcwHtml(visit, "Product Detail Page");
    html.raw("<H2>Title: ").text(item.title()).raw("</H2>\n<P>Author: ").text(item.authorFirstName() + " "
        + item.authorLastName()).raw("<BR>\nSubject: ").text(item.subject()).raw("\n<P>");
    html.image(item.image(), "Book " + item.id(), 200, 200);
    html.raw("\nDescription: <I>").text(item.description()).raw("</I></P>\n<BLOCKQUOTE><P><B>Suggested Retail: $")
        .raw(TpcwHtml.dollars(item.srpCents())).raw("</B>\n<BR><B>Our Price:</B> <FONT COLOR=\"#dd0000\"><B>$")
        .raw(TpcwHtml.dollars(item.costCents())).raw("</B></FONT><BR>\n<B>You Save:</B> <FONT COLOR=\"#dd0000\">$")
        .raw(TpcwHtml.dollars(item.srpCents() - item.costCents())).raw("</FONT></P></BLOCKQUOTE>\n<DL><DT><FONT SIZE=\"2\">")
        .raw("Backing: ").text(item.backing()).raw(", " + item.pages() + " pages<BR>\nPublished by ").text(item.publisher())
        .raw("<BR>\nPublication date: " + TpcwHtml.date(item.publishedEpochDay()) + "<BR>\nAvail date: "
            + TpcwHtml.date(item.availableEpochDay()) + "<BR>\nDimensions (in inches): " + item.dimensions()
            + "<BR>\nISBN: " + item.isbn() + "</FONT></DT></DL>\n<P ALIGN=\"center\">\n");
    html.buttonLink(TpcwInteraction.SHOPPING_CART.servlet(), "I_ID=" + item.id() + "&QTY=1&ADD_FLAG=Y", "add_B.gif",
            "Add to Basket")
        .buttonLink(TpcwInteraction.SEARCH_REQUEST.servlet(), "", "search_B.gif", "Search")
        .buttonLink(TpcwInteraction.HOME.servlet(), "", "home_B.gif", "Home")
        .buttonLink(TpcwInteraction.ADMIN_REQUEST.servlet(), "I_ID=" + item.id(), "update_B.gif", "Update")
        .raw("</P>\n");
    return html.finish();
  }

  /** SREQ: the search form. */
  PageReply searchRequest(Visit visit) {
    TpcwHtml html = new TpcwHtml(visit, "Search Request Page");
    TpcwPages.promotions(html, store.catalog(), store.randomItemId());
    html.form(TpcwInteraction.SEARCH_RESULTS.servlet())
        .raw("<TABLE ALIGN=\"center\"><TR><TD ALIGN=\"right\"><H3>Search by:</H3></TD><TD WIDTH=\"100\"></TD></TR>\n"
            + "<TR><TD ALIGN=\"right\"><SELECT NAME=\"search_type\" SIZE=\"1\">\n"
            + "<OPTION SELECTED=\"SELECTED\" VALUE=\"author\">Author</OPTION>\n"
            + "<OPTION VALUE=\"title\">Title</OPTION>\n<OPTION VALUE=\"subject\">Subject</OPTION></SELECT></TD>\n"
            + "<TD><INPUT NAME=\"search_string\" SIZE=\"30\"></TD></TR></TABLE>\n");
    if (html.visit().customerId() != null) {
      html.hidden("C_ID", html.visit().customerId().toString());
    }
    if (html.visit().shoppingId() != null) {
      html.hidden("SHOPPING_ID", html.visit().shoppingId().toString());
    }
    html.raw("<P ALIGN=\"center\">\n").imageSubmit("Search", "search_B.gif").raw("</P></FORM>\n<P ALIGN=\"center\">\n")
        .buttonLink(TpcwInteraction.HOME.servlet(), "", "home_B.gif", "Home")
        .buttonLink(TpcwInteraction.SHOPPING_CART.servlet(), "ADD_FLAG=N", "shopping_cart_B.gif", "Shopping Cart")
        .raw("</P>\n");
    return html.finish();
  }

  /** SRES: search by author, title or subject (search_type, search_string); at most 50 rows. */
  PageReply searchResults(Visit visit, TpcwParams p) {
    String type = p.required("search_type");
    String text = p.required("search_string");
    List<Item> found = switch (type) {
      case "author" -> store.catalog().byAuthor(text);
      case "title" -> store.catalog().byTitle(text);
      case "subject" -> store.catalog().bySubject(subjectIndex("search_string", text));
      default -> throw Rejection.badRequest("search_type: \"" + TpcwParams.shorten(type)
          + "\": expected author, title or subject");
    };
    List<Integer> ids = new ArrayList<>();
    for (Item item : found) {
      ids.add(item.id());
    }
    return listPage(visit, "Search Results Page", "Search results for " + type + " " + text + ": " + ids.size(), ids);
  }

  private PageReply listPage(Visit visit, String title, String heading, List<Integer> ids) {
    TpcwHtml html = new TpcwHtml(visit, title);
    html.raw("<H4>").text(heading).raw("</H4>\n");
    TpcwPages.itemList(html, store.catalog(), ids);
    html.raw("<P ALIGN=\"center\">\n")
        .buttonLink(TpcwInteraction.SHOPPING_CART.servlet(), "ADD_FLAG=N", "shopping_cart_B.gif", "Shopping Cart")
        .buttonLink(TpcwInteraction.SEARCH_REQUEST.servlet(), "", "search_B.gif", "Search")
        .buttonLink(TpcwInteraction.HOME.servlet(), "", "home_B.gif", "Home").raw("</P>\n");
    return html.finish();
  }

  private static int subject(TpcwParams p, String name) {
    return subjectIndex(name, p.required(name));
  }

  private static int subjectIndex(String name, String subject) {
    int i = Catalog.SUBJECTS.indexOf(subject);
    if (i < 0) {
      throw Rejection.badRequest(name + ": \"" + TpcwParams.shorten(subject) + "\": expected one of the 24 subjects"
          + " (ARTS, BIOGRAPHIES, ... TRAVEL)");
    }
    return i;
  }
}
