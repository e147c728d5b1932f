package io.crosscheck.rubis.server;

/** One comment from one user about another, about one item; instant in epoch seconds. Immutable. */
record Comment(int fromUserId, int toUserId, int itemId, int rating, long dateEpochSeconds, String text) {}
