package io.crosscheck.tpcw.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The bookstore's orders, numbered from 1: those populated at start and those the buy confirm
 * interaction writes. At most {@code maxOrders} are held; beyond that the oldest are dropped (a
 * customer whose last order was dropped then has none to display). Reads are lock-free; writes
 * are serialised (they are rare: one per buy confirm). The quantities sold over the best-seller
 * window are kept per subject and item, updated by each write (the order entering the window
 * added, the one leaving it or dropped from it taken away), so a best-seller page ranks its
 * subject's items instead of summing 3,333 orders; a ranking is kept until the next write.
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
  /** Writes completed (each after its drops): what a kept best-seller list was computed at. */
  private volatile long writes;
  /** Per subject, the last best-seller list computed, with the writes and limit it was computed at. */
  private final AtomicReferenceArray<BestSellers> bestSellers = new AtomicReferenceArray<>(Catalog.SUBJECTS.size());

  /**
   * Per subject, item id to {quantity, lines} over the orders held in the window (ids {@code
   * lastId - BEST_SELLER_WINDOW + 1 .. lastId}); an item is present while it has a line there.
   * Guarded by {@code this}.
   */
  private final List<Map<Integer, int[]>> soldInWindow = new ArrayList<>();

  private record BestSellers(long writes, int limit, List<Integer> ids) {}

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
    writes++; // under the lock: only this method writes it
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
   * limit}, ties by id. Unmodifiable; the same list until the next write.
   */
  List<Integer> bestSellers(int subject, int limit) {
    // read before summing: a write racing the sum makes a list kept under the older count, which
    // the next call (seeing the newer count) recomputes; a read racing a write saw such a mix anyway
    long at = writes;
    if (subject >= 0 && subject < bestSellers.length()) {
      BestSellers kept = bestSellers.get(subject);
      if (kept != null && kept.writes() == at && kept.limit() == limit) {
        return kept.ids();
      }
      List<Integer> ids = rankBestSellers(subject, limit);
      bestSellers.set(subject, new BestSellers(at, limit, ids));
      return ids;
    }
    return sumBestSellers(subject, limit);
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

  private List<Integer> sumBestSellers(int subject, int limit) {
    Map<Integer, Integer> sold = new HashMap<>();
    int last = lastId;
    for (int id = Math.max(1, last - BEST_SELLER_WINDOW + 1); id <= last; id++) {
      Order o = orders.get(id);
      if (o == null) {
        continue;
      }
      for (Order.Line line : o.lines()) {
        if (Catalog.subjectIndex(line.itemId()) == subject) {
          sold.merge(line.itemId(), line.quantity(), Integer::sum);
        }
      }
    }
    List<Map.Entry<Integer, Integer>> ranked = new ArrayList<>(sold.entrySet());
    ranked.sort(Map.Entry.<Integer, Integer>comparingByValue(Comparator.reverseOrder())
        .thenComparing(Map.Entry.comparingByKey()));
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < ranked.size() && i < limit; i++) {
      ids.add(ranked.get(i).getKey());
    }
    return List.copyOf(ids);
  }
}
