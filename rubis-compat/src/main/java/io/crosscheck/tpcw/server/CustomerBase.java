package io.crosscheck.tpcw.server;

import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bookstore's customers: 1..CUST (the RBE's {@code -CUST}) derived on demand from a seed, as
 * TPCW_Populate populateCustomerTable shapes them, plus those registered since start (the RBE's
 * buy request with {@code RETURNING_FLAG=N}), numbered on from CUST+1. At most {@code
 * maxRegistered} registrations are kept; an older one is derived again from its id like a
 * populated customer (same id and user name, other details), so a browser that still holds its id
 * can log in. Thread-safe.
 */
final class CustomerBase {
  private static final long SALT = 0xC2B2AE3D27D4EB4FL;

  private final int populated;
  private final long seed;
  private final long todayEpochDay;
  private final int maxRegistered;
  private final AtomicInteger nextId;
  private final ConcurrentHashMap<Integer, Customer> registered = new ConcurrentHashMap<>();
  private int oldestRegistered;

  CustomerBase(int populated, long seed, long todayEpochDay, int maxRegistered) {
    this.populated = populated;
    this.seed = seed;
    this.todayEpochDay = todayEpochDay;
    this.maxRegistered = maxRegistered;
    this.nextId = new AtomicInteger(populated + 1);
    this.oldestRegistered = populated + 1;
  }

  /** Customers populated at start (CUST). */
  int populated() {
    return populated;
  }

  /** Every id handed out so far: populated and registered. */
  int issued() {
    return nextId.get() - 1;
  }

  /** Customer {@code id}; 404 when no such id was ever handed out. */
  Customer customer(int id) {
    if (id < 1 || id > issued()) {
      throw Rejection.notFound("C_ID " + id + ": no such customer (customers are 1.." + issued() + ")");
    }
    Customer c = registered.get(id);
    return c != null ? c : derive(id);
  }

  /** The customer whose user name is {@code userName}; 404 when none. */
  Customer byUserName(String userName) {
    int id = DigSyl.parse(userName);
    if (id < 1 || id > issued() || !DigSyl.of(id).equals(userName)) {
      throw Rejection.notFound("UNAME " + TpcwParams.shorten(userName) + ": no such customer");
    }
    return customer(id);
  }

  /**
   * Registers a new customer (TPCW_Database.createNewCustomer): the next id, user name {@code
   * digSyl(id)}, password its lower case, a discount 0–50 %, since today.
   */
  Customer register(String firstName, String lastName, Address address, String phone, String email,
      long birthEpochDay) {
    int id = nextId.getAndIncrement();
    SplittableRandom r = new SplittableRandom(seed ^ (id * SALT));
    String userName = DigSyl.of(id);
    Customer c = new Customer(id, userName, userName.toLowerCase(java.util.Locale.ROOT), firstName, lastName, address,
        phone, email, r.nextInt(51), todayEpochDay, birthEpochDay);
    registered.put(id, c);
    synchronized (this) {
      while (registered.size() > maxRegistered && oldestRegistered < id) {
        registered.remove(oldestRegistered++);
      }
    }
    return c;
  }

  /** Customers registered since start and still held in memory. */
  int registeredHeld() {
    return registered.size();
  }

  private Customer derive(int id) {
    SplittableRandom r = new SplittableRandom(seed ^ (id * SALT));
    String userName = DigSyl.of(id);
    Address address = new Address(Words.phrase(r, 2, 4), Words.phrase(r, 2, 4), Words.name(r), Words.name(r),
        Words.digits(r, 5), TpcwPages.COUNTRIES.get(r.nextInt(TpcwPages.COUNTRIES.size())));
    return new Customer(id, userName, userName.toLowerCase(java.util.Locale.ROOT), Words.name(r), Words.name(r),
        address, Words.digits(r, 9 + r.nextInt(8)), userName + "@" + Words.phrase(r, 1, 1) + ".com", r.nextInt(51),
        todayEpochDay - 1 - r.nextInt(730), todayEpochDay - 365L * 18 - r.nextInt(365 * 80));
  }
}
