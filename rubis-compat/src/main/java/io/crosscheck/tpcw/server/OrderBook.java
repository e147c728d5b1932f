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
 * are serialised (they are rare: one per buy confirm). The best sellers of each subject are kept
 * until the next write, so the window of orders is summed once per write rather than per page.
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

  private record BestSellers(long writes, int limit, List<Integer> ids) {}

  OrderBook(int maxOrders) {
    this.maxOrders = maxOrders;
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
    while (orders.size() > maxOrders) {
      Order dropped = orders.remove(oldestId++);
      if (dropped != null) {
        lastByCustomer.remove(dropped.customerId(), dropped.id());
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
      List<Integer> ids = sumBestSellers(subject, limit);
      bestSellers.set(subject, new BestSellers(at, limit, ids));
      return ids;
    }
    return sumBestSellers(subject, limit);
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
