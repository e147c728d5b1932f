package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import java.util.List;

/**
 * The viewing interactions: ViewItem, ViewUserInfo and ViewBidHistory. An item page carries the
 * {@code itemId=} links the client picks its next item from (bid history, buy now, bid, comment),
 * the seller's {@code userId=} and a {@code to=} for PutCommentAuth; bid counts, prices and
 * quantities are read from one consistent {@link AuctionItem.Snapshot}. Unknown ids get a
 * "Sorry" page. Thread-safe (reads the store only).
 */
final class ItemPages {
  private final AuctionStore store;

  ItemPages(AuctionStore store) {
    this.store = store;
  }

  /** The page that says why the request names no item of the store (RUBiS's wording), or null when it names one. */
  private PageReply missingItem(UrlSpace space, Params params) {
    Integer itemId = params.integer("itemId");
    if (itemId == null) {
      return Pages.error(space, "You must provide an item identifier!");
    }
    return store.item(itemId) == null ? Pages.sorry(space, "Sorry, but this item does not exist.") : null;
  }

  /** ViewItem?itemId: the item, its seller, bid count, and links to bid, buy and comment. */
  PageReply viewItem(UrlSpace space, Params params) {
    PageReply missing = missingItem(space, params);
    if (missing != null) {
      return missing;
    }
    AuctionItem item = store.item(params.integer("itemId"));
    AuctionUser seller = store.user(item.sellerId);
    AuctionItem.Snapshot s = item.snapshot(false);
    boolean open = !item.old && s.quantity() > 0;
    Html html = new Html(space, "Viewing " + item.name).h2(item.name)
        .raw("<table>\n<tr><td>Currently<td><b>").raw(Html.price(s.nbOfBids() == 0 ? item.initialPrice : s.maxBid()))
        .raw("</b>\n<tr><td>Quantity<td><b>").raw(Integer.toString(s.quantity()))
        .raw("</b>\n<tr><td>First bid<td>").raw(Html.price(item.initialPrice))
        .raw("\n<tr><td>Number of bids<td><b>").raw(Integer.toString(s.nbOfBids())).raw("</b> (")
        .link("ViewBidHistory", "itemId=" + item.id, "bid history").raw(")\n<tr><td>Seller<td>")
        .link("ViewUserInfo", "userId=" + item.sellerId, seller == null ? "user #" + item.sellerId : seller.nickname)
        .raw(" (").link("PutCommentAuth", "to=" + item.sellerId + "&itemId=" + item.id, "Leave a comment on this user")
        .raw(")\n<tr><td>Started<td>").raw(Html.date(item.startEpochSeconds))
        .raw("\n<tr><td>Ends<td>").raw(Html.date(s.endEpochSeconds())).raw("\n</table>\n");
    if (!open) {
      html.raw("<p>This auction has ended.</p>\n");
    } else {
      if (item.buyNowPrice > 0) {
        html.raw("<p>").imageLink("BuyNowAuth", "itemId=" + item.id, Html.BUY_IT_NOW, 150, 22, "Buy it now")
            .raw(" You can buy this item right now for only $").raw(Html.price(item.buyNowPrice)).raw("</p>\n");
      }
      html.raw("<p>").imageLink("PutBidAuth", "itemId=" + item.id, Html.BID_NOW, 90, 22, "Bid now").raw("</p>\n");
    }
    return html.raw("<h3>Item description</h3>\n<p>").text(item.description).raw("</p>\n").finish();
  }

  /** ViewUserInfo?userId: the user's details and the comments about them. */
  PageReply viewUserInfo(UrlSpace space, Params params) {
    Integer userId = params.integer("userId");
    if (userId == null) {
      return Pages.error(space, "You must provide a user identifier!");
    }
    AuctionUser user = store.user(userId);
    if (user == null) {
      return Pages.sorry(space, "Sorry, but this user does not exist.");
    }
    Html html = new Html(space, "View user information").h2("Information about " + user.nickname);
    userDetails(html, user);
    comments(html, user);
    return html.finish();
  }

  /** ViewBidHistory?itemId: every bid on the item, newest last. */
  PageReply viewBidHistory(UrlSpace space, Params params) {
    PageReply missing = missingItem(space, params);
    if (missing != null) {
      return missing;
    }
    AuctionItem item = store.item(params.integer("itemId"));
    AuctionItem.Snapshot s = item.snapshot(true);
    Html html = new Html(space, "Bid history").h2("Bid history for " + item.name)
        .raw("<p>").link("ViewItem", "itemId=" + item.id, item.name).raw("</p>\n")
        .raw("<p>Number of bids: <b>").raw(Integer.toString(s.nbOfBids())).raw("</b></p>\n");
    List<Bid> bids = s.bids();
    if (bids.isEmpty()) {
      return html.raw("<h3>There is no bid for ").text(item.name).raw(".</h3>\n").finish();
    }
    html.raw("<table border=1>\n<tr><th>User ID<th>Bid amount<th>Date of bid</tr>\n");
    for (Bid bid : bids) {
      AuctionUser bidder = store.user(bid.userId());
      html.raw("<tr class=bid><td>")
          .link("ViewUserInfo", "userId=" + bid.userId(), bidder == null ? "user #" + bid.userId() : bidder.nickname)
          .raw("<td>").raw(Html.price(bid.bid())).raw("<td>").raw(Html.date(bid.dateEpochSeconds())).raw("</tr>\n");
    }
    return html.raw("</table>\n").finish();
  }

  /** Real name, e-mail, region, member since, rating. */
  void userDetails(Html html, AuctionUser user) {
    html.raw("<p>Real life name : ").text(user.firstname + " " + user.lastname)
        .raw("<br>\nEmail address  : ").text(user.email)
        .raw("<br>\nRegion : ").text(store.reference().regionName(user.regionId))
        .raw("<br>\nUser since  : ").raw(Html.date(user.creationEpochSeconds))
        .raw("<br>\nCurrent rating : <b>").raw(Integer.toString(user.rating())).raw("</b></p>\n");
  }

  /** The comments about {@code user}, each with its author's {@code userId=} link. */
  void comments(Html html, AuctionUser user) {
    html.raw("<h3>Comments about ").text(user.nickname).raw("</h3>\n");
    boolean any = false;
    for (Comment c : store.commentsAbout(user.id)) {
      any = true;
      AuctionUser from = store.user(c.fromUserId());
      html.raw("<p>").link("ViewUserInfo", "userId=" + c.fromUserId(), from == null ? "user #" + c.fromUserId() : from.nickname)
          .raw(" wrote the ").raw(Html.date(c.dateEpochSeconds())).raw(" (rating ").raw(Integer.toString(c.rating()))
          .raw("):<br>\n").text(c.text()).raw("</p>\n");
    }
    if (!any) {
      html.raw("<p>There is no comment for this user.</p>\n");
    }
  }
}
