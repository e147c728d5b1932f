package io.crosscheck.tpcw.server;

/** A postal address (TPC-W's ADDRESS row joined with COUNTRY's name). Immutable. */
record Address(String street1, String street2, String city, String state, String zip, String country) {}
