package io.crosscheck.rubis.server;

/** One buy-now purchase of {@code qty} units; instant in wall-clock epoch seconds. Immutable. */
record BuyNow(int buyerId, int itemId, int qty, long dateEpochSeconds) {}
