package io.crosscheck.rubis.server;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The auction database held in memory: users, items (on sale and old), bids, comments and
 * buy-nows, with the indexes RUBiS's queries need (items by category, by seller; bids by
 * bidder; comments by the user they are about; purchases by buyer).
 *
 * <p>Thread-safe: concurrent maps and queues, copy-on-write category lists (writes are rare,
 * searches frequent), and each item's mutable state under the item's own lock. A write is
 * visible to every read that starts after it returns.
 */
final class AuctionStore {
  private final ReferenceData reference;
  private final Map<Integer, AuctionUser> users = new ConcurrentHashMap<>();
  private final Map<String, AuctionUser> usersByNickname = new ConcurrentHashMap<>();
  private final Map<Integer, AuctionItem> items = new ConcurrentHashMap<>();
  private final Map<Integer, CopyOnWriteArrayList<AuctionItem>> liveItemsByCategory = new ConcurrentHashMap<>();
  private final Map<Integer, Queue<AuctionItem>> itemsBySeller = new ConcurrentHashMap<>();
  private final Map<Integer, Queue<Bid>> bidsByUser = new ConcurrentHashMap<>();
  private final Map<Integer, Queue<Comment>> commentsAbout = new ConcurrentHashMap<>();
  private final Map<Integer, Queue<BuyNow>> buyNowsByBuyer = new ConcurrentHashMap<>();
  private final AtomicInteger nextUserId = new AtomicInteger();
  private final AtomicInteger nextItemId = new AtomicInteger(1);

  AuctionStore(ReferenceData reference) {
    this.reference = reference;
  }

  ReferenceData reference() {
    return reference;
  }

  /** Registers a user under the next id; null when the nickname is already taken. */
  AuctionUser registerUser(String firstname, String lastname, String nickname, String password, String email,
      int regionId, long nowEpochSeconds) {
    synchronized (usersByNickname) {
      if (usersByNickname.containsKey(nickname)) {
        return null;
      }
      AuctionUser user = new AuctionUser(nextUserId.getAndIncrement(), firstname, lastname, nickname, password, email,
          regionId, nowEpochSeconds);
      users.put(user.id, user);
      usersByNickname.put(nickname, user);
      return user;
    }
  }

  AuctionUser user(int id) {
    return users.get(id);
  }

  /** The user with this nickname and password, or null (unknown nickname or wrong password). */
  AuctionUser authenticate(String nickname, String password) {
    AuctionUser user = nickname == null ? null : usersByNickname.get(nickname);
    return user != null && user.password.equals(password) ? user : null;
  }

  int userCount() {
    return users.size();
  }

  /** Creates an item under the next id; a live one is listed in its category at once. */
  AuctionItem registerItem(String name, String description, float initialPrice, float reservePrice, float buyNowPrice,
      int quantity, int sellerId, int categoryId, long startEpochSeconds, long endEpochSeconds, boolean old) {
    AuctionItem item = new AuctionItem(nextItemId.getAndIncrement(), name, description, initialPrice, reservePrice,
        buyNowPrice, quantity, sellerId, categoryId, startEpochSeconds, endEpochSeconds, old);
    items.put(item.id, item);
    itemsBySeller.computeIfAbsent(sellerId, k -> new ConcurrentLinkedQueue<>()).add(item);
    if (!old) {
      liveItemsByCategory.computeIfAbsent(categoryId, k -> new CopyOnWriteArrayList<>()).add(item);
    }
    return item;
  }

  /** Lists generated items in bulk (one copy per category instead of one per item). */
  void listAll(Map<Integer, List<AuctionItem>> byCategory) {
    byCategory.forEach((c, list) -> liveItemsByCategory.computeIfAbsent(c, k -> new CopyOnWriteArrayList<>()).addAll(list));
  }

  /** Creates an item without listing it in its category (bulk generation; see {@link #listAll}). */
  AuctionItem createUnlisted(String name, String description, float initialPrice, float reservePrice,
      float buyNowPrice, int quantity, int sellerId, int categoryId, long startEpochSeconds, long endEpochSeconds) {
    AuctionItem item = new AuctionItem(nextItemId.getAndIncrement(), name, description, initialPrice, reservePrice,
        buyNowPrice, quantity, sellerId, categoryId, startEpochSeconds, endEpochSeconds, false);
    items.put(item.id, item);
    itemsBySeller.computeIfAbsent(sellerId, k -> new ConcurrentLinkedQueue<>()).add(item);
    return item;
  }

  AuctionItem item(int id) {
    return items.get(id);
  }

  int itemCount() {
    return items.size();
  }

  /** Live items of a category in listing order (a snapshot; empty for an unknown category). */
  List<AuctionItem> itemsInCategory(int categoryId) {
    List<AuctionItem> list = liveItemsByCategory.get(categoryId);
    return list == null ? List.of() : list;
  }

  /** Live items of a category whose seller lives in the region. */
  List<AuctionItem> itemsInCategoryAndRegion(int categoryId, int regionId) {
    List<AuctionItem> found = new ArrayList<>();
    for (AuctionItem item : itemsInCategory(categoryId)) {
      AuctionUser seller = users.get(item.sellerId);
      if (seller != null && seller.regionId == regionId) {
        found.add(item);
      }
    }
    return found;
  }

  Collection<AuctionItem> itemsSoldBy(int userId) {
    return orEmpty(itemsBySeller.get(userId));
  }

  /** Stores a bid: the item's bid count and maximum rise atomically. */
  void storeBid(AuctionItem item, Bid bid) {
    item.addBid(bid);
    bidsByUser.computeIfAbsent(bid.userId(), k -> new ConcurrentLinkedQueue<>()).add(bid);
  }

  Collection<Bid> bidsBy(int userId) {
    return orEmpty(bidsByUser.get(userId));
  }

  /** Stores a comment and adds its rating to the rated user's (when that user exists). */
  void storeComment(Comment comment) {
    AuctionUser to = users.get(comment.toUserId());
    if (to != null) {
      to.addRating(comment.rating());
    }
    commentsAbout.computeIfAbsent(comment.toUserId(), k -> new ConcurrentLinkedQueue<>()).add(comment);
  }

  Collection<Comment> commentsAbout(int userId) {
    return orEmpty(commentsAbout.get(userId));
  }

  /** Buys {@code qty} units of the item if available; false (nothing stored) otherwise. */
  boolean storeBuyNow(AuctionItem item, int buyerId, int qty, long nowEpochSeconds) {
    if (!item.buy(qty, nowEpochSeconds)) {
      return false;
    }
    buyNowsByBuyer.computeIfAbsent(buyerId, k -> new ConcurrentLinkedQueue<>()).add(
        new BuyNow(buyerId, item.id, qty, nowEpochSeconds));
    return true;
  }

  Collection<BuyNow> buyNowsBy(int userId) {
    return orEmpty(buyNowsByBuyer.get(userId));
  }

  private static <T> Collection<T> orEmpty(Queue<T> queue) {
    return queue == null ? List.of() : queue;
  }
}
