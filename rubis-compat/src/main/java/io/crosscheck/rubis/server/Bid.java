package io.crosscheck.rubis.server;

/** One bid on an item; prices in dollars, instant in wall-clock epoch seconds. Immutable. */
record Bid(int userId, int itemId, int qty, float bid, float maxBid, long dateEpochSeconds) {}
