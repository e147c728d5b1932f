package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import java.util.function.LongSupplier;

/**
 * The buying and bidding interactions: BuyNowAuth, BuyNow, StoreBuyNow, PutBidAuth, PutBid and
 * StoreBid. The forms carry the hidden fields the client reads back, unquoted and closed at once
 * ({@code name=maxQty value=3>}, {@code name=minBid value=12.5>}). StoreBid and StoreBuyNow are
 * real writes: a stored bid raises the item's bid count and maximum, a purchase lowers its
 * quantity. Thread-safe; the clock gives wall-clock epoch seconds for the writes.
 */
final class TradePages {
  private final AuctionStore store;
  private final LongSupplier clockEpochSeconds;

  TradePages(AuctionStore store, LongSupplier clockEpochSeconds) {
    this.store = store;
    this.clockEpochSeconds = clockEpochSeconds;
  }

  /** BuyNowAuth?itemId and PutBidAuth?itemId: the login form leading to {@code next}. */
  PageReply auth(UrlSpace space, Params params, String next, String title) {
    Integer itemId = params.integer("itemId");
    if (itemId == null) {
      return Pages.error(space, "You must provide an item identifier!");
    }
    return new Html(space, title).h2("You must log in to continue").form(next)
        .input("Your nickname", "nickname", 20).input("Your password", "password", 20)
        .hidden("itemId", Integer.toString(itemId)).endForm("Log in").finish();
  }

  /** BuyNow?itemId&nickname&password: the purchase form with {@code maxQty}. */
  PageReply buyNow(UrlSpace space, Params params) {
    Open open = open(space, params, "Sorry, but this item is no longer available.");
    if (open.refusal() != null) {
      return open.refusal();
    }
    AuctionItem item = open.item();
    return new Html(space, "Buy now").h2("You are ready to buy this item: " + item.name)
        .raw("<p>Buy now price: $").raw(Html.price(item.buyNowPrice > 0 ? item.buyNowPrice : item.initialPrice))
        .raw("<br>\nQuantity available: ").raw(Integer.toString(open.snapshot().quantity())).raw("</p>\n")
        .form("StoreBuyNow")
        .hidden("itemId", Integer.toString(item.id)).hidden("userId", Integer.toString(open.user().id))
        .hidden("maxQty", Integer.toString(open.snapshot().quantity()))
        .input("Quantity", "qty", 5).endForm("Buy now!").finish();
  }

  /** StoreBuyNow?itemId&userId&qty&maxQty: buys {@code qty} units if that many remain. */
  PageReply storeBuyNow(UrlSpace space, Params params) {
    Integer itemId = params.integer("itemId");
    Integer userId = params.integer("userId");
    Integer qty = params.integer("qty");
    Integer maxQty = params.integer("maxQty");
    if (itemId == null || userId == null || qty == null || maxQty == null) {
      return Pages.error(space, "You must provide itemId, userId, qty and maxQty!");
    }
    AuctionItem item = store.item(itemId);
    if (item == null) {
      return Pages.sorry(space, "Sorry, but this item does not exist.");
    }
    if (qty > maxQty) {
      return Pages.sorry(space, "Sorry, you cannot request " + qty + " items because only " + maxQty + " are proposed.");
    }
    if (!store.storeBuyNow(item, userId, qty, clockEpochSeconds.getAsLong())) {
      return Pages.sorry(space, "Sorry, but " + qty + " units of this item are no longer available.");
    }
    return new Html(space, "Buy now").h2("Your have successfully bought this item.")
        .raw("<p>").link("ViewItem", "itemId=" + item.id, item.name).raw("</p>\n").finish();
  }

  /** PutBid?itemId&nickname&password: the bid form with {@code minBid} and {@code maxQty}. */
  PageReply putBid(UrlSpace space, Params params) {
    Open open = open(space, params, "Sorry, but this auction has ended.");
    if (open.refusal() != null) {
      return open.refusal();
    }
    AuctionUser user = open.user();
    AuctionItem item = open.item();
    AuctionItem.Snapshot s = open.snapshot();
    float minBid = item.minimumBid();
    return new Html(space, "Bidding").h2("You are ready to bid on: " + item.name)
        .raw("<p>Currently: $").raw(Html.price(s.nbOfBids() == 0 ? item.initialPrice : s.maxBid()))
        .raw("<br>\nNumber of bids: <b>").raw(Integer.toString(s.nbOfBids())).raw("</b><br>\nSeller: ")
        .link("ViewUserInfo", "userId=" + item.sellerId, "seller").raw(" (")
        .link("PutCommentAuth", "to=" + item.sellerId + "&itemId=" + item.id, "Leave a comment on this user")
        .raw(")</p>\n").form("StoreBid")
        .hidden("itemId", Integer.toString(item.id)).hidden("userId", Integer.toString(user.id))
        .hidden("minBid", Html.price(minBid)).hidden("maxQty", Integer.toString(s.quantity()))
        .raw("<p>Minimum bid: $").raw(Html.price(minBid)).raw("</p>\n")
        .input("Your bid", "bid", 10).input("Your maximum bid", "maxBid", 10).input("Quantity", "qty", 5)
        .endForm("Bid now!").finish();
  }

  /** StoreBid?itemId&userId&minBid&maxQty&bid&maxBid&qty: stores the bid if it is acceptable. */
  PageReply storeBid(UrlSpace space, Params params) {
    Integer itemId = params.integer("itemId");
    Integer userId = params.integer("userId");
    Float minBid = params.decimal("minBid");
    Integer maxQty = params.integer("maxQty");
    Float bid = params.decimal("bid");
    Float maxBid = params.decimal("maxBid");
    Integer qty = params.integer("qty");
    if (itemId == null || userId == null || minBid == null || maxQty == null || bid == null || maxBid == null
        || qty == null) {
      return Pages.error(space, "You must provide itemId, userId, minBid, maxQty, bid, maxBid and qty!");
    }
    AuctionItem item = store.item(itemId);
    if (item == null) {
      return Pages.sorry(space, "Sorry, but this item does not exist.");
    }
    if (bid < minBid) {
      return Pages.sorry(space, "Sorry, your bid of $" + Html.price(bid) + " is below the $" + Html.price(minBid)
          + " minimum bid.");
    }
    if (maxBid < bid) {
      return Pages.sorry(space, "Sorry, your maximum bid of $" + Html.price(maxBid) + " is below your bid.");
    }
    if (qty < 1 || qty > maxQty) {
      return Pages.sorry(space, "Sorry, you cannot request " + qty + " items because only " + maxQty + " are proposed.");
    }
    store.storeBid(item, new Bid(userId, item.id, qty, bid, maxBid, clockEpochSeconds.getAsLong()));
    return new Html(space, "Bid stored").h2("Your bid has been successfully processed.")
        .raw("<p>").link("ViewItem", "itemId=" + item.id, item.name).raw("</p>\n").finish();
  }

  /** A logged-in user and an item still on sale, or the page refusing the request. */
  private record Open(AuctionUser user, AuctionItem item, AuctionItem.Snapshot snapshot, PageReply refusal) {}

  /** BuyNow's and PutBid's checks, in the client's order: itemId, login, item exists, item open. */
  private Open open(UrlSpace space, Params params, String closedMessage) {
    Integer itemId = params.integer("itemId");
    if (itemId == null) {
      return refused(Pages.error(space, "You must provide an item identifier!"));
    }
    AuctionUser user = store.authenticate(params.text("nickname"), params.text("password"));
    if (user == null) {
      return refused(Pages.badLogin(space));
    }
    AuctionItem item = store.item(itemId);
    if (item == null) {
      return refused(Pages.sorry(space, "Sorry, but this item does not exist."));
    }
    AuctionItem.Snapshot s = item.snapshot(false);
    if (item.old || s.quantity() == 0) {
      return refused(Pages.sorry(space, closedMessage));
    }
    return new Open(user, item, s, null);
  }

  private static Open refused(PageReply page) {
    return new Open(null, null, null, page);
  }
}
