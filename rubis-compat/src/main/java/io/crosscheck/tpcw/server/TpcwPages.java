package io.crosscheck.tpcw.server;

import java.util.List;

/**
 * Page parts several interactions share: the promotional block (TPCW_promotional_processing: the
 * five related items of a random item, as thumbnails linked to their product pages), item lists,
 * and the country names. Stateless.
 */
final class TpcwPages {
  /** The 92 countries of TPCW_Populate populateCountryTable, in its order (first ten shown). */
  static final List<String> COUNTRIES = List.of("United States", "United Kingdom", "Canada", "Germany", "France",
      "Japan", "Netherlands", "Italy", "Switzerland", "Australia", "Algeria", "Argentina", "Armenia", "Austria",
      "Azerbaijan", "Bahamas", "Bahrain", "Bangla Desh", "Barbados", "Belarus", "Belgium", "Bermuda", "Bolivia",
      "Botswana", "Brazil", "Bulgaria", "Cayman Islands", "Chad", "Chile", "China", "Christmas Island", "Colombia",
      "Croatia", "Cuba", "Cyprus", "Czech Republic", "Denmark", "Dominican Republic", "Eastern Caribbean", "Ecuador",
      "Egypt", "El Salvador", "Estonia", "Ethiopia", "Falkland Island", "Faroe Island", "Fiji", "Finland", "Gabon",
      "Gibraltar", "Greece", "Guam", "Hong Kong", "Hungary", "Iceland", "India", "Indonesia", "Iran", "Iraq",
      "Ireland", "Israel", "Jamaica", "Jordan", "Kazakhstan", "Kuwait", "Lebanon", "Luxembourg", "Malaysia", "Mexico",
      "Mauritius", "New Zealand", "Norway", "Pakistan", "Philippines", "Poland", "Portugal", "Romania", "Russia",
      "Saudi Arabia", "Singapore", "Slovakia", "South Africa", "South Korea", "Spain", "Sudan", "Sweden", "Taiwan",
      "Thailand", "Trinidad", "Turkey", "Venezuela", "Zambia");

  private TpcwPages() {}

  /** The promotional block: thumbnails of the related items of {@code seedItem}, each linked to PROD. */
  static void promotions(TpcwHtml html, Catalog catalog, int seedItem) {
    Item seed = catalog.item(seedItem);
    html.raw("<TABLE ALIGN=\"center\" BORDER=\"0\" WIDTH=\"660\">\n<TR ALIGN=\"center\" VALIGN=\"top\">\n");
    for (int id : seed.related()) {
      Item related = catalog.item(id);
      html.raw("<TD WIDTH=\"30\"></TD><TD WIDTH=\"100\"><A HREF=\"")
          .raw(html.url(TpcwInteraction.PRODUCT_DETAIL.servlet(), "I_ID=" + related.id())).raw("\">");
      html.image(related.thumbnail(), "Book " + related.id(), 50, 50).raw("</A></TD>\n");
    }
    html.raw("</TR></TABLE>\n");
  }

  /** A numbered table of items: title linked to the item's product page, author. */
  static void itemList(TpcwHtml html, Catalog catalog, List<Integer> ids) {
    html.raw("<TABLE BORDER=\"1\" CELLPADDING=\"1\" CELLSPACING=\"1\">\n<TR><TD WIDTH=\"30\"></TD>"
        + "<TD><FONT SIZE=\"+1\">Author</FONT></TD><TD><FONT SIZE=\"+1\">Title</FONT></TD></TR>\n");
    int n = 1;
    for (int id : ids) {
      Item item = catalog.item(id);
      html.raw("<TR><TD>").raw(Integer.toString(n++)).raw("</TD><TD><I>").text(item.authorFirstName() + " "
          + item.authorLastName()).raw("</I></TD><TD>").link(TpcwInteraction.PRODUCT_DETAIL.servlet(), "I_ID=" + id,
          item.title()).raw("</TD></TR>\n");
    }
    html.raw("</TABLE>\n");
  }

  /** The search and home buttons most pages end with. */
  static void searchAndHome(TpcwHtml html) {
    html.raw("<P ALIGN=\"center\">\n")
        .buttonLink(TpcwInteraction.SEARCH_REQUEST.servlet(), "", "search_B.gif", "Search")
        .buttonLink(TpcwInteraction.HOME.servlet(), "", "home_B.gif", "Home").raw("</P>\n");
  }

  /** Rows of billing details, the reference's {@code <TR><TD>Firstname:</TD><TD>NAME</TD></TR>} layout. */
  static void customerRows(TpcwHtml html, Customer c) {
    // The RBE's buy confirm reads the names here: text after these exact labels up to the next '<'
    // (rbe/EBWBuyConfTrans.java fnamePat/lnamePat).
    html.raw("<TABLE WIDTH=\"100%\" BORDER=\"0\">\n<TR><TD>Firstname:</TD><TD>").text(c.firstName())
        .raw("</TD></TR>\n<TR><TD>Lastname: </TD><TD>").text(c.lastName()).raw("</TD></TR>\n");
    Address a = c.address();
    row(html, "Addr_street_1:", a.street1());
    row(html, "Addr_street_2:", a.street2());
    row(html, "City:", a.city());
    row(html, "State:", a.state());
    row(html, "Zip:", a.zip());
    row(html, "Country:", a.country());
    row(html, "Email:", c.email());
    row(html, "Phone:", c.phone());
    row(html, "USERNAME:", c.userName());
    html.raw("</TABLE>\n");
  }

  static void row(TpcwHtml html, String label, String value) {
    html.raw("<TR><TD>").raw(label).raw("</TD><TD>").text(value).raw("</TD></TR>\n");
  }
}
