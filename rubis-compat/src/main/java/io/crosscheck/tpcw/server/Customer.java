package io.crosscheck.tpcw.server;

/**
 * One customer (TPC-W's CUSTOMER row with its address). {@code userName} is {@code
 * digSyl(id)} and {@code password} its lower case, as TPCW_Populate and createNewCustomer make
 * them, which is what the RBE sends back (rbe/RBE.java unameAndPass). Dates as epoch days (UTC).
 * Immutable.
 *
 * @param discountPercent 0..50 (populate: C_DISCOUNT 0.00–0.50)
 */
record Customer(int id, String userName, String password, String firstName, String lastName, Address address,
    String phone, String email, int discountPercent, long sinceEpochDay, long birthEpochDay) {}
