package io.crosscheck.model;

/** How many requests a URL-list session has. Ignored for wsesslog sessions (they are explicit). */
public sealed interface SessionLength {

  /** Exactly {@code requests} requests, &gt; 0. */
  record Fixed(int requests) implements SessionLength {}

  /**
   * Geometric: after each request the session goes on with probability {@code stayProbability}
   * (0 &lt;= p &lt; 1), so the mean length is {@code 1 / (1 - p)}; at most {@code maxRequests}.
   */
  record Geometric(double stayProbability, int maxRequests) implements SessionLength {}
}
