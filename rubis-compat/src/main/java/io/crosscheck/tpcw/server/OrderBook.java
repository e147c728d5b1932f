package io.crosscheck.tpcw.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bookstore's orders, numbered from 1: those populated at start and those the buy confirm
 * interaction writes. At most {@code maxOrders} are held; beyond that the oldest are dropped (a
 * customer whose last order was dropped then has none to display). Reads are lock-free; writes
 * are serialised (they are rare: one per buy confirm). The quantities sold over the best-seller
 * window are kept per subject and item, updated by each write (the order entering the window
 * added, the one leaving it or dropped from it taken away), so a best-seller page ranks its
 * subject's items instead of summing 3,333 orders.
 * Thread-safe.
 */
final class OrderBook {
  /** Orders the best-seller list looks back over (TPCW_Database.getBestSellers: the last 3333). */
  static final int BEST_SELLER_WINDOW = 3333;

  private final int maxOrders;
  private final ConcurrentHashMap<Integer, Order> orders = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Integer, Integer> lastByCustomer = new ConcurrentHashMap<>();
  private volatile int lastId;
  private int oldestId = 1;

  /**
   * Per subject, item id to {quantity, lines} over the orders held in the window (ids {@code
   * lastId - BEST_SELLER_WINDOW + 1 .. lastId}); an item is present while it has a line there.
   * Guarded by {@code this}.
   */
  private final List<Map<Integer, int[]>> soldInWindow = new ArrayList<>();

  OrderBook(int maxOrders) {
    this.maxOrders = maxOrders;
    for (int subject = 0; subject < Catalog.SUBJECTS.size(); subject++) {
      soldInWindow.add(new HashMap<>());
    }
  }

  /** The next order id (for the caller to build the order with). */
  synchronized int nextId() {
    return lastId + 1;
  }

  /** Stores {@code order}, whose id must be {@link #nextId()}; drops the oldest beyond the cap. */
  synchronized void write(Order order) {
    if (order.id() != lastId + 1) {
      throw new IllegalStateException("order " + order.id() + " written out of turn (expected " + (lastId + 1) + ")");
    }
    orders.put(order.id(), order);
    lastByCustomer.put(order.customerId(), order.id());
    lastId = order.id();
    int windowStart = lastId - BEST_SELLER_WINDOW + 1;
    countSold(order, 1);
    Order leaving = orders.get(windowStart - 1);
    if (leaving != null) {
      countSold(leaving, -1);
    }
    while (orders.size() > maxOrders) {
      Order dropped = orders.remove(oldestId++);
      if (dropped != null) {
        lastByCustomer.remove(dropped.customerId(), dropped.id());
        if (dropped.id() >= windowStart) {
          countSold(dropped, -1); // held no more: it no longer counts (an order before the window never did)
        }
      }
    }
  }

  /** The most recent order of {@code customerId}, or null (TPCW_Database.GetMostRecentOrder). */
  Order lastOrderOf(int customerId) {
    Integer id = lastByCustomer.get(customerId);
    return id == null ? null : orders.get(id);
  }

  /** Order {@code id}, or null when never written or dropped. */
  Order order(int id) {
    return orders.get(id);
  }

  /** Orders held now. */
  int size() {
    return orders.size();
  }

  /**
   * The best sellers of {@code subject} (TPCW_Database.getBestSellers): items of that subject
   * ordered by quantity sold over the last {@link #BEST_SELLER_WINDOW} orders, at most {@code
   * limit}, ties by id; none for a subject out of range (no item has it). Unmodifiable.
   */
  List<Integer> bestSellers(int subject, int limit) {
    return subject >= 0 && subject < soldInWindow.size() ? rankBestSellers(subject, limit) : List.of();
  }

  /** Adds ({@code sign} 1) or takes away (-1) {@code order}'s lines in {@link #soldInWindow}. Under the lock. */
  private void countSold(Order order, int sign) {
    for (Order.Line line : order.lines()) {
      int subject = Catalog.subjectIndex(line.itemId());
      if (subject < 0 || subject >= soldInWindow.size()) {
        continue; // no such item; no subject lists it
      }
      Map<Integer, int[]> sold = soldInWindow.get(subject);
      int[] c = sold.computeIfAbsent(line.itemId(), k -> new int[2]);
      c[0] += sign * line.quantity();
      c[1] += sign;
      if (c[1] == 0) {
        sold.remove(line.itemId());
      }
    }
  }

  /** The ranking of {@code subject}'s items from {@link #soldInWindow}: most sold first, ties by id. */
  private List<Integer> rankBestSellers(int subject, int limit) {
    int[][] ranked; // {id, quantity}
    synchronized (this) {
      Map<Integer, int[]> sold = soldInWindow.get(subject);
      ranked = new int[sold.size()][];
      int i = 0;
      for (Map.Entry<Integer, int[]> e : sold.entrySet()) {
        ranked[i++] = new int[] {e.getKey(), e.getValue()[0]};
      }
    }
    java.util.Arrays.sort(ranked, (a, b) -> a[1] != b[1] ? Integer.compare(b[1], a[1]) : Integer.compare(a[0], b[0]));
    List<Integer> ids = new ArrayList<>(Math.min(limit, ranked.length));
    for (int i = 0; i < ranked.length && i < limit; i++) {
      ids.add(ranked[i][0]);
    }
    return List.copyOf(ids);
  }
}
