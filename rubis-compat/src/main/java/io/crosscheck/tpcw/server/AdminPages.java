package io.crosscheck.tpcw.server;

import io.crosscheck.sites.PageReply;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * The two admin interactions (ADMR, ADMC), after TPCW_admin_request_servlet and
 * TPCW_admin_response_servlet. The request page carries the hidden input {@code NAME="I_ID"
 * TYPE="hidden" VALUE="<id>"} the RBE reads (rbe/EBWAdminConfTrans.java); the response stores the
 * new cost, image and thumbnail (the RBE's {@code img<g>/image_<i>.gif}, {@code %5F}-encoded
 * underscores decoded) and a publication date of today, so later product pages show them. The
 * reference's recomputation of related items from recent orders is not done. Thread-safe.
 */
final class AdminPages {
  private static final Pattern IMAGE_NAME = Pattern.compile("img\\d{1,2}/(image|thumb)_\\d{1,9}\\.gif");

  private final Bookstore store;
  private final BookstoreImages images;
  private final BookstoreCounters counters;

  AdminPages(Bookstore store, BookstoreImages images, BookstoreCounters counters) {
    this.store = store;
    this.images = images;
    this.counters = counters;
  }

  /** ADMR: the item with its images and the update form. */
  PageReply adminRequest(Visit visit, TpcwParams p) {
    Item item = store.catalog().item(p.requiredId("I_ID"));
    TpcwHtml html = new TpcwHtml(visit, "Admin Request Page");
    itemSummary(html, item);
    html.form(TpcwInteraction.ADMIN_CONFIRM.servlet())
        .raw("<INPUT NAME=\"I_ID\" TYPE=\"hidden\" VALUE=\"" + item.id() + "\">\n<TABLE BORDER=\"0\">\n"
            + "<TR><TD>Enter New Image:</TD><TD><INPUT NAME=\"I_NEW_IMAGE\" SIZE=\"40\"></TD></TR>\n"
            + "<TR><TD>Enter New Thumbnail:</TD><TD><INPUT NAME=\"I_NEW_THUMBNAIL\" SIZE=\"40\"></TD></TR>\n"
            + "<TR><TD>Enter New Price:</TD><TD><INPUT NAME=\"I_NEW_COST\" SIZE=\"10\"></TD></TR></TABLE>\n");
    if (visit.customerId() != null) {
      html.hidden("C_ID", visit.customerId().toString());
    }
    if (visit.shoppingId() != null) {
      html.hidden("SHOPPING_ID", visit.shoppingId().toString());
    }
    html.raw("<P ALIGN=\"center\">").imageSubmit("Submit", "submit_B.gif").raw("</P></FORM>\n");
    TpcwPages.searchAndHome(html);
    return html.finish();
  }

  /** ADMC: validates and stores the update, then shows the item as it now is. */
  PageReply adminConfirm(Visit visit, TpcwParams p) {
    Item item = store.catalog().item(p.requiredId("I_ID"));
    BigDecimal cost = p.dollars("I_NEW_COST");
    String image = imageName(p, "I_NEW_IMAGE", item.image());
    String thumbnail = imageName(p, "I_NEW_THUMBNAIL", item.thumbnail());
    long costCents = cost == null ? item.costCents() : cost.movePointRight(2).longValueExact();
    Item now = store.catalog().update(item.id(), costCents, image, thumbnail);
    counters.itemUpdated();
    TpcwHtml html = new TpcwHtml(visit, "Admin Response Page");
    html.raw("<H3>Product updated</H3>\n");
    itemSummary(html, now);
    TpcwPages.searchAndHome(html);
    return html.finish();
  }

  private void itemSummary(TpcwHtml html, Item item) {
    html.raw("<H2>Title: ").text(item.title()).raw("</H2>\n<P>Author: ").text(item.authorFirstName() + " "
        + item.authorLastName()).raw("</P>\n<P>");
    html.image(item.image(), "Book " + item.id(), 200, 200).raw(" ");
    html.image(item.thumbnail(), "Book " + item.id(), 50, 50);
    html.raw("</P>\n<P>Suggested Retail: $" + TpcwHtml.dollars(item.srpCents()) + "<BR>\nOur Price: $"
        + TpcwHtml.dollars(item.costCents()) + "<BR>\nPublication date: " + TpcwHtml.date(item.publishedEpochDay())
        + "</P>\n");
  }

  /** {@code name}'s image path, {@code fallback} when absent; 400 unless it is an item image this site serves. */
  private String imageName(TpcwParams p, String name, String fallback) {
    String value = p.text(name);
    if (value == null) {
      return fallback;
    }
    if (!IMAGE_NAME.matcher(value).matches() || !images.isItemImage(value)) {
      throw Rejection.badRequest(name + ": \"" + TpcwParams.shorten(value) + "\": expected img<N%100>/image_<N>.gif"
          + " or img<N%100>/thumb_<N>.gif with N an item id");
    }
    return value;
  }
}
