package io.crosscheck.tpcw.server;

import java.util.List;

/**
 * One order (TPC-W's ORDERS row with its ORDER_LINEs and CC_XACTS row). Money in cents; {@code
 * placedEpochMillis} is wall-clock time. A null billing or shipping address is the customer's
 * own. Immutable.
 */
record Order(int id, int customerId, long placedEpochMillis, List<Line> lines, long subTotalCents, long taxCents,
    long shippingCents, long totalCents, String shipType, String status, Address billing, Address shipping,
    String cardType, String cardName) {

  /** One order line: item, quantity and the customer's discount in percent. */
  record Line(int itemId, int quantity, int discountPercent) {}
}
