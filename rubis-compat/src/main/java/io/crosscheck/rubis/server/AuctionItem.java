package io.crosscheck.rubis.server;

import java.util.ArrayList;
import java.util.List;

/**
 * One item on sale (or, when {@link #old}, whose auction has ended). The description and prices
 * are fixed; quantity, bids and the end instant change with buy-nows and bids, under this item's
 * own lock, so that a {@link Snapshot} is always consistent (bid count equals the bids listed).
 * Prices in dollars; instants in wall-clock epoch seconds.
 */
final class AuctionItem {
  /** A consistent copy of the mutable state, for rendering outside the lock. */
  record Snapshot(int quantity, int nbOfBids, float maxBid, long endEpochSeconds, List<Bid> bids) {}

  final int id;
  final String name;
  final String description;
  final float initialPrice;
  final float reservePrice;
  final float buyNowPrice;
  final int sellerId;
  final int categoryId;
  final long startEpochSeconds;
  final boolean old;
  private int quantity;
  private float maxBid;
  private long endEpochSeconds;
  private final List<Bid> bids = new ArrayList<>();

  AuctionItem(int id, String name, String description, float initialPrice, float reservePrice, float buyNowPrice,
      int quantity, int sellerId, int categoryId, long startEpochSeconds, long endEpochSeconds, boolean old) {
    this.id = id;
    // Generated items (and RegisterItem without a name) are named as RUBiS's InitDB names them.
    this.name = name.isEmpty() ? "RUBiS automatically generated item #" + id : name;
    this.description = description;
    this.initialPrice = initialPrice;
    this.reservePrice = reservePrice;
    this.buyNowPrice = buyNowPrice;
    this.quantity = quantity;
    this.sellerId = sellerId;
    this.categoryId = categoryId;
    this.startEpochSeconds = startEpochSeconds;
    this.endEpochSeconds = endEpochSeconds;
    this.old = old;
  }

  /** Records a bid: the bid count rises by one and the maximum bid becomes at least {@code bid.bid()}. */
  synchronized void addBid(Bid bid) {
    bids.add(bid);
    if (bid.bid() > maxBid) {
      maxBid = bid.bid();
    }
  }

  /**
   * Takes {@code qty} units off the quantity if that many remain (true), closing the auction when
   * none remain, as RUBiS's StoreBuyNow does; false and nothing changed otherwise.
   */
  synchronized boolean buy(int qty, long nowEpochSeconds) {
    if (qty < 1 || qty > quantity) {
      return false;
    }
    quantity -= qty;
    if (quantity == 0) {
      endEpochSeconds = nowEpochSeconds;
    }
    return true;
  }

  /** The current state; {@code withBids} copies the bid list too (bid history). */
  synchronized Snapshot snapshot(boolean withBids) {
    return new Snapshot(quantity, bids.size(), maxBid, endEpochSeconds, withBids ? List.copyOf(bids) : List.of());
  }

  /** The least acceptable next bid: one dollar above the current maximum, or the initial price. */
  synchronized float minimumBid() {
    return bids.isEmpty() ? initialPrice : maxBid + 1;
  }
}
