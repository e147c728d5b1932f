package io.crosscheck.tpcw.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The shopping carts, numbered from 1 (TPCW_Database.createEmptyCart). At most {@code maxCarts}
 * are held, least recently used dropped first; a dropped cart's id still names a cart, which
 * comes back empty (the RBE keeps its SHOPPING_ID for a whole session). Thread-safe.
 */
final class Carts {
  private final int maxCarts;
  private final AtomicInteger lastId = new AtomicInteger();
  private final LinkedHashMap<Integer, Cart> carts;

  Carts(int maxCarts) {
    this.maxCarts = maxCarts;
    this.carts = new LinkedHashMap<>(256, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Integer, Cart> eldest) {
        return size() > Carts.this.maxCarts;
      }
    };
  }

  /** A new empty cart with the next id. */
  Cart create() {
    Cart cart = new Cart(lastId.incrementAndGet());
    synchronized (carts) {
      carts.put(cart.id(), cart);
    }
    return cart;
  }

  /** Cart {@code id} (empty again if it was dropped); 404 when no such id was handed out. */
  Cart get(int id) {
    if (id < 1 || id > lastId.get()) {
      throw Rejection.notFound("SHOPPING_ID " + id + ": no such cart (carts are 1.." + lastId.get() + ")");
    }
    synchronized (carts) {
      return carts.computeIfAbsent(id, Cart::new);
    }
  }

  /** Carts created since start. */
  int created() {
    return lastId.get();
  }

  /** Carts held now. */
  int held() {
    synchronized (carts) {
      return carts.size();
    }
  }
}
