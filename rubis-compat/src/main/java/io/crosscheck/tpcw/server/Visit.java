package io.crosscheck.tpcw.server;

/**
 * One request's view of its user session: the session, and the customer and cart it names, taken
 * from the request's C_ID and SHOPPING_ID or else remembered by the session. Setting either also
 * updates the session. Confined to the thread rendering the request.
 */
final class Visit {
  private final Sessions.State session;
  private Integer customerId;
  private Integer shoppingId;

  Visit(Sessions.State session, Integer customerId, Integer shoppingId) {
    this.session = session;
    this.customerId = customerId;
    this.shoppingId = shoppingId;
  }

  String sessionId() {
    return session.id();
  }

  Integer customerId() {
    return customerId;
  }

  Integer shoppingId() {
    return shoppingId;
  }

  void customerId(int id) {
    customerId = id;
    session.customerId(id);
  }

  void shoppingId(int id) {
    shoppingId = id;
    session.shoppingId(id);
  }
}
