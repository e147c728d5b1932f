package io.crosscheck.rubis.server;

import io.crosscheck.sites.PageReply;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The account, comment and selling interactions: RegisterUser, PutCommentAuth, PutComment,
 * StoreComment, SellItemForm, RegisterItem and AboutMe. RegisterUser, StoreComment and
 * RegisterItem are real writes, visible to every later read (a new user can log in, a comment
 * shows in ViewUserInfo, a new item is listed in its category). Thread-safe; the clock gives
 * wall-clock epoch seconds for the writes.
 */
final class AccountPages {
  private static final long DAY_SECONDS = 86_400L;

  private final AuctionStore store;
  private final ItemPages itemPages;
  private final LongSupplier clockEpochSeconds;

  AccountPages(AuctionStore store, ItemPages itemPages, LongSupplier clockEpochSeconds) {
    this.store = store;
    this.itemPages = itemPages;
    this.clockEpochSeconds = clockEpochSeconds;
  }

  /** RegisterUser?firstname&lastname&nickname&email&password&region=NAME. */
  PageReply registerUser(UrlSpace space, Params params) {
    String first = params.text("firstname");
    String last = params.text("lastname");
    String nickname = params.text("nickname");
    String email = params.text("email");
    String password = params.text("password");
    String region = params.text("region");
    if (first == null || last == null || nickname == null || email == null || password == null || region == null) {
      return Pages.error(space, "You must provide firstname, lastname, nickname, email, password and region!");
    }
    int regionId = store.reference().regionId(region);
    if (regionId == 0 && params.integer("region") != null && store.reference().regionName(params.integer("region")) != null) {
      regionId = params.integer("region");
    }
    if (regionId == 0) {
      return Pages.sorry(space, "Sorry, but the region " + region + " does not exist.");
    }
    AuctionUser user = store.registerUser(first, last, nickname, password, email, regionId, clockEpochSeconds.getAsLong());
    if (user == null) {
      return Pages.sorry(space, "Sorry, but the nickname " + nickname + " is already taken. Please choose another one.");
    }
    Html html = new Html(space, "Welcome " + nickname).h2("Your registration has been processed successfully")
        .raw("<p>Welcome ").text(nickname).raw(" (").link("ViewUserInfo", "userId=" + user.id, "your public page")
        .raw(")</p>\n");
    itemPages.userDetails(html, user);
    return html.finish();
  }

  /** PutCommentAuth?itemId&to: the login form leading to PutComment, with {@code name=to value=}. */
  PageReply putCommentAuth(UrlSpace space, Params params) {
    Integer itemId = params.integer("itemId");
    Integer to = params.integer("to");
    if (itemId == null || to == null) {
      return Pages.error(space, "You must provide an item and a user identifier!");
    }
    return new Html(space, "Comment").h2("You must log in to leave a comment").form("PutComment")
        .input("Your nickname", "nickname", 20).input("Your password", "password", 20)
        .hidden("to", Integer.toString(to)).hidden("itemId", Integer.toString(itemId)).endForm("Log in").finish();
  }

  /** PutComment?itemId&to&nickname&password: the comment form. */
  PageReply putComment(UrlSpace space, Params params) {
    Integer itemId = params.integer("itemId");
    Integer toId = params.integer("to");
    if (itemId == null || toId == null) {
      return Pages.error(space, "You must provide an item and a user identifier!");
    }
    AuctionUser from = store.authenticate(params.text("nickname"), params.text("password"));
    if (from == null) {
      return Pages.badLogin(space);
    }
    AuctionUser to = store.user(toId);
    AuctionItem item = store.item(itemId);
    if (to == null || item == null) {
      return Pages.sorry(space, to == null ? "Sorry, but this user does not exist." : "Sorry, but this item does not exist.");
    }
    Html html = new Html(space, "Comment").h2("Give feedback about " + to.nickname + " for " + item.name)
        .form("StoreComment").hidden("to", Integer.toString(to.id)).hidden("from", Integer.toString(from.id))
        .hidden("itemId", Integer.toString(item.id)).raw("Rating: <select name=rating>\n");
    for (int r = 5; r >= -5; r--) {
      html.raw("<option value=\"" + r + "\">" + r + "</option>\n");
    }
    return html.raw("</select><br>\n<textarea rows=20 cols=80 name=comment>Write your comment here</textarea><br>\n")
        .endForm("Post this comment now!").finish();
  }

  /** StoreComment?itemId&to&from&rating&comment: stores the comment and adjusts the rating. */
  PageReply storeComment(UrlSpace space, Params params) {
    Integer itemId = params.integer("itemId");
    Integer to = params.integer("to");
    Integer from = params.integer("from");
    Integer rating = params.integer("rating");
    if (itemId == null || to == null || from == null || rating == null) {
      return Pages.error(space, "You must provide itemId, to, from and rating!");
    }
    if (store.user(to) == null) {
      return Pages.sorry(space, "Sorry, but this user does not exist.");
    }
    String text = params.text("comment");
    store.storeComment(new Comment(from, to, itemId, rating, clockEpochSeconds.getAsLong(), text == null ? "" : text));
    return new Html(space, "Comment posted").h2("Your comment has been posted.")
        .raw("<p>").link("ViewUserInfo", "userId=" + to, "See the comments about this user").raw("</p>\n").finish();
  }

  /** SellItemForm?user&category: the form of a new item. */
  PageReply sellItemForm(UrlSpace space, Params params) {
    Integer user = params.integer("user");
    Integer category = params.integer("category");
    if (user == null || category == null) {
      return Pages.error(space, "You must provide a user and a category identifier!");
    }
    return new Html(space, "Sell your item").h2("Sell your item").form("RegisterItem")
        .hidden("userId", Integer.toString(user)).hidden("categoryId", Integer.toString(category))
        .input("Name", "name", 60).input("Description", "description", 60).input("Initial price", "initialPrice", 10)
        .input("Reserve price", "reservePrice", 10).input("Buy now price", "buyNow", 10)
        .input("Duration (days)", "duration", 3).input("Quantity", "quantity", 5)
        .endForm("Register item!").finish();
  }

  /** RegisterItem?name&description&initialPrice&reservePrice&buyNow&duration&quantity&userId&categoryId. */
  PageReply registerItem(UrlSpace space, Params params) {
    Float initialPrice = params.decimal("initialPrice");
    Integer duration = params.integer("duration");
    Integer quantity = params.integer("quantity");
    Integer userId = params.integer("userId");
    Integer categoryId = params.integer("categoryId");
    if (initialPrice == null || duration == null || quantity == null || userId == null || categoryId == null) {
      return Pages.error(space, "You must provide initialPrice, duration, quantity, userId and categoryId!");
    }
    String name = params.text("name");
    String description = params.text("description");
    Float reserve = params.decimal("reservePrice");
    Float buyNow = params.decimal("buyNow");
    long now = clockEpochSeconds.getAsLong();
    AuctionItem item = store.registerItem(name == null ? "" : name, description == null ? "" : description,
        initialPrice, reserve == null ? 0 : reserve, buyNow == null ? 0 : buyNow, Math.max(1, quantity), userId,
        categoryId, now, now + Math.max(1, duration) * DAY_SECONDS, false);
    return new Html(space, "Item registered").h2("Your Item has been successfully registered.")
        .raw("<p>").link("ViewItem", "itemId=" + item.id, item.name)
        .raw("<br>\nInitial price: $").raw(Html.price(item.initialPrice))
        .raw("<br>\nQuantity: ").raw(Integer.toString(quantity)).raw("<br>\nEnds: ")
        .raw(Html.date(item.snapshot(false).endEpochSeconds())).raw("</p>\n").finish();
  }

  /** AboutMe?nickname&password: the user's details, sales, bids, purchases and comments. */
  PageReply aboutMe(UrlSpace space, Params params) {
    AuctionUser user = store.authenticate(params.text("nickname"), params.text("password"));
    if (user == null) {
      return Pages.badLogin(space);
    }
    Html html = new Html(space, "About me").h2("Information about " + user.nickname);
    itemPages.userDetails(html, user);
    html.raw("<h3>Items you are selling</h3>\n");
    for (AuctionItem item : store.itemsSoldBy(user.id)) {
      html.link("ViewItem", "itemId=" + item.id, item.name).raw("<br>\n");
    }
    html.raw("<h3>Items you have bid on</h3>\n");
    Set<Integer> bidOn = new LinkedHashSet<>();
    store.bidsBy(user.id).forEach(b -> bidOn.add(b.itemId()));
    for (int itemId : bidOn) {
      AuctionItem item = store.item(itemId);
      html.link("ViewItem", "itemId=" + itemId, item == null ? "item #" + itemId : item.name).raw("<br>\n");
    }
    html.raw("<h3>Items you bought</h3>\n");
    for (BuyNow b : store.buyNowsBy(user.id)) {
      AuctionItem item = store.item(b.itemId());
      if (item != null) {
        html.link("ViewItem", "itemId=" + item.id, item.name).raw(" (" + b.qty() + " bought the ")
            .raw(Html.date(b.dateEpochSeconds())).raw(") ")
            .link("PutCommentAuth", "to=" + item.sellerId + "&itemId=" + item.id, "Leave a comment on the seller")
            .raw("<br>\n");
      }
    }
    itemPages.comments(html, user);
    return html.finish();
  }
}
