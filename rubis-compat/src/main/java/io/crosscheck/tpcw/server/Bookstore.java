package io.crosscheck.tpcw.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * The bookstore's database: catalog, customers, orders, carts and sessions, and the two writes
 * that touch several of them (TPCW_Database.doCart and doBuyConfirm). Generated at start from a
 * seed: customers and items are derived on demand (see {@link Catalog}, {@link CustomerBase}),
 * orders are populated as TPCW_Populate populateOrdersAndCC_XACTSTable does (0.9 x CUST orders of
 * 1–5 lines for random customers), but at most {@value #MAX_POPULATED_ORDERS}. Thread-safe.
 */
final class Bookstore {
  /** Populated orders are 0.9 x CUST, scaled down to at most this many. */
  static final int MAX_POPULATED_ORDERS = 50_000;
  static final String[] SHIP_TYPES = {"AIR", "UPS", "FEDEX", "SHIP", "COURIER", "MAIL"};
  private static final String[] CARD_TYPES = {"VISA", "MASTERCARD", "DISCOVER", "AMEX", "DINERS"};
  private static final String[] STATUSES = {"PROCESSING", "SHIPPED", "PENDING", "DENIED"};

  private final Catalog catalog;
  private final CustomerBase customers;
  private final OrderBook orders;
  private final Carts carts;
  private final Sessions sessions;
  private final LongSupplier clockEpochMillis;
  private final SplittableRandom random;

  Bookstore(TpcwServerConfig config, LongSupplier clockEpochMillis) {
    long todayEpochDay = Math.floorDiv(clockEpochMillis.getAsLong(), 86_400_000L);
    this.catalog = new Catalog(config.items(), config.seed(), todayEpochDay);
    this.customers = new CustomerBase(config.customers(), config.seed(), todayEpochDay, config.maxRegisteredCustomers());
    this.orders = new OrderBook(config.maxOrders());
    this.carts = new Carts(config.maxCarts());
    this.sessions = new Sessions(config.maxSessions());
    this.clockEpochMillis = clockEpochMillis;
    this.random = new SplittableRandom(config.seed() ^ 0x5DEECE66DL);
    populateOrders(Math.min(MAX_POPULATED_ORDERS, (int) (0.9 * config.customers())));
  }

  Catalog catalog() {
    return catalog;
  }

  CustomerBase customers() {
    return customers;
  }

  OrderBook orders() {
    return orders;
  }

  Carts carts() {
    return carts;
  }

  Sessions sessions() {
    return sessions;
  }

  long nowEpochMillis() {
    return clockEpochMillis.getAsLong();
  }

  /** A uniformly drawn item id (the cart's filler, TPCW_Util.getRandomI_ID). */
  int randomItemId() {
    synchronized (random) {
      return 1 + random.nextInt(catalog.size());
    }
  }

  /**
   * TPCW_Database.doCart: adds {@code addItemId} (when not null), applies the refresh's quantities
   * (by item id, or in page order), and, as the reference does (TPCW_Database.java:690), puts a
   * random item into a cart left empty.
   */
  void doCart(Cart cart, Integer addItemId, Map<Integer, Integer> quantitiesById, List<Integer> quantitiesInOrder) {
    if (addItemId != null) {
      cart.add(addItemId);
    }
    quantitiesById.forEach(cart::set);
    cart.setInOrder(quantitiesInOrder);
    if (cart.isEmpty()) {
      cart.add(randomItemId());
    }
  }

  /**
   * TPCW_Database.doBuyConfirm: writes an order of the cart's lines at the customer's discount,
   * with 8.25 % tax and $3.00 + $1.00 per book shipping, then empties the cart.
   *
   * @param shipTo the shipping address, or null for the customer's own
   */
  Order buyConfirm(Customer customer, Cart cart, String shipType, String cardType, String cardName, Address shipTo) {
    Map<Integer, Integer> lines = cart.lines();
    List<Order.Line> orderLines = new ArrayList<>();
    long subTotal = 0;
    int books = 0;
    for (Map.Entry<Integer, Integer> e : lines.entrySet()) {
      Item item = catalog.item(e.getKey());
      orderLines.add(new Order.Line(item.id(), e.getValue(), customer.discountPercent()));
      subTotal += item.costCents() * e.getValue() * (100 - customer.discountPercent()) / 100;
      books += e.getValue();
    }
    long tax = Math.round(subTotal * 0.0825);
    long shipping = 300 + 100L * books;
    Order order;
    synchronized (orders) {
      order = new Order(orders.nextId(), customer.id(), nowEpochMillis(), List.copyOf(orderLines), subTotal, tax,
          shipping, subTotal + tax + shipping, shipType, "PENDING", null, shipTo, cardType, cardName);
      orders.write(order);
    }
    cart.clear();
    return order;
  }

  private void populateOrders(int count) {
    long now = nowEpochMillis();
    for (int i = 1; i <= count; i++) {
      int lineCount = 1 + random.nextInt(5);
      int customerId = 1 + random.nextInt(customers.populated());
      List<Order.Line> lines = new ArrayList<>();
      for (int l = 0; l < lineCount; l++) {
        lines.add(new Order.Line(1 + random.nextInt(catalog.size()), 1 + random.nextInt(300), random.nextInt(31)));
      }
      long subTotal = 1000 + random.nextInt(998_999);
      long tax = Math.round(subTotal * 0.0825);
      long shipping = 300 + 100L * lineCount;
      // addresses null (the customer's own) and a generated card name: 50,000 orders stay small
      orders.write(new Order(i, customerId, now - (1 + random.nextInt(60)) * 86_400_000L, List.copyOf(lines), subTotal,
          tax, shipping, subTotal + tax + shipping, SHIP_TYPES[random.nextInt(SHIP_TYPES.length)],
          STATUSES[random.nextInt(STATUSES.length)], null, null, CARD_TYPES[random.nextInt(CARD_TYPES.length)],
          "CARDHOLDER " + customerId));
    }
  }
}
