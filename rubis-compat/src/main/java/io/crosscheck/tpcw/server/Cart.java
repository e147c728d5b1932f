package io.crosscheck.tpcw.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One shopping cart (TPC-W's SHOPPING_CART with its lines): item id to quantity, in the order the
 * lines were added, which is the order the cart page lists them and the order the RBE's refresh
 * sends its quantities back in. At most {@link #MAX_LINES} lines; an add beyond that is ignored.
 * Thread-safe (every method locks the cart).
 */
final class Cart {
  static final int MAX_LINES = 100;

  private final int id;
  private final LinkedHashMap<Integer, Integer> lines = new LinkedHashMap<>();

  Cart(int id) {
    this.id = id;
  }

  int id() {
    return id;
  }

  /** Adds one of {@code itemId} (a new line, or one more on its line). */
  synchronized void add(int itemId) {
    if (lines.containsKey(itemId) || lines.size() < MAX_LINES) {
      lines.merge(itemId, 1, Integer::sum);
    }
  }

  /** Sets the quantity of {@code itemId}'s line, 0 removing it; adds a line when absent and q > 0. */
  synchronized void set(int itemId, int quantity) {
    if (quantity == 0) {
      lines.remove(itemId);
    } else if (lines.containsKey(itemId) || lines.size() < MAX_LINES) {
      lines.put(itemId, quantity);
    }
  }

  /**
   * The RBE's refresh (rbe/EBWShopCartRefTrans.java): one quantity per line, in page order, without
   * item ids. Extra quantities are ignored; lines without one keep theirs.
   */
  synchronized void setInOrder(List<Integer> quantities) {
    List<Integer> ids = new ArrayList<>(lines.keySet());
    for (int i = 0; i < ids.size() && i < quantities.size(); i++) {
      set(ids.get(i), quantities.get(i));
    }
  }

  synchronized boolean isEmpty() {
    return lines.isEmpty();
  }

  synchronized void clear() {
    lines.clear();
  }

  /** A copy of the lines, item id to quantity, in page order. */
  synchronized Map<Integer, Integer> lines() {
    return new LinkedHashMap<>(lines);
  }
}
