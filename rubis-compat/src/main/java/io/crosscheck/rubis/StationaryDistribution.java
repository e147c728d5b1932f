package io.crosscheck.rubis;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The long-run share of requests per page state that the RUBiS client produces with a transition
 * table: the stationary distribution of its effective chain, Back stack included. Pure computation,
 * deterministic (no random numbers); immutable result.
 *
 * <p>Method. Back makes the page sequence non-Markov in the state alone, so the chain is taken on
 * (current state, Back stack), exactly as the client moves:
 *
 * <ul>
 *   <li>to a page state r with the effective probability ({@link TransitionTable#effective}): the
 *       stack is cleared when r's Back probability is 0, otherwise the state left is pushed;
 *   <li>Back pops to the state on top of the stack; Back on an empty stack ends the session (the
 *       client's thread dies), and End ends it too: both continue with a new session at Home with an
 *       empty stack (a new session of the same user slot);
 *   <li>every move is one page request, so the stationary mass of the current state is the share of
 *       requests for it.
 * </ul>
 *
 * The reachable (state, stack) pairs are enumerated breadth-first with the stack truncated at
 * {@code maxDepth} entries (a push onto a full stack drops the oldest entry; deep stacks are
 * geometrically rare: with the shipped tables the mass at depth 10 is below 1e-6), and the
 * stationary vector is found by power iteration of the lazy chain (½I + ½P, same stationary vector,
 * aperiodic) until the L1 change is below 1e-13. Not modelled: {@code
 * workload_maximum_number_of_transitions} (sessions with the shipped tables are short next to 1000
 * transitions) and replies (no Sorry, ERROR or missing ids).
 */
public final class StationaryDistribution {
  private static final int MAX_STACK = 11; // 9 bits of state and depth, then 5 bits per entry

  private final double[] share;
  private final int configurations;
  private final double truncatedMass;

  private StationaryDistribution(double[] share, int configurations, double truncatedMass) {
    this.share = share;
    this.configurations = configurations;
    this.truncatedMass = truncatedMass;
  }

  /** The distribution with the Back stack truncated at 11 entries (the most this encoding holds). */
  public static StationaryDistribution of(TransitionTable table) {
    return of(table, MAX_STACK);
  }

  /** The distribution with the Back stack truncated at {@code maxDepth} (1..11) entries. */
  public static StationaryDistribution of(TransitionTable table, int maxDepth) {
    if (maxDepth < 1 || maxDepth > MAX_STACK) {
      throw new IllegalArgumentException("maxDepth " + maxDepth + " (expected 1.." + MAX_STACK + ")");
    }
    Map<Long, Integer> index = new HashMap<>();
    long[] keys = new long[1024];
    int[] from = new int[4096];
    int[] to = new int[4096];
    double[] prob = new double[4096];
    int edges = 0;
    long home = encode(RubisState.HOME.ordinal(), new int[0], 0);
    ArrayDeque<Long> queue = new ArrayDeque<>();
    index.put(home, 0);
    keys[0] = home;
    queue.add(home);
    int[] stack = new int[maxDepth];
    while (!queue.isEmpty()) {
      long key = queue.poll();
      int src = index.get(key);
      int cur = (int) (key & 31);
      int depth = decode(key, stack);
      for (int r = 0; r < RubisState.COUNT + 2; r++) {
        double p = table.effective(r, cur);
        if (p <= 0) {
          continue;
        }
        long next;
        if (r == TransitionTable.END || (r == TransitionTable.BACK && depth == 0)) {
          next = home;
        } else if (r == TransitionTable.BACK) {
          next = encode(stack[depth - 1], stack, depth - 1);
        } else if (!table.keepsBackStack(r)) {
          next = encode(r, stack, 0);
        } else if (depth < maxDepth) {
          stack[depth] = cur;
          next = encode(r, stack, depth + 1);
        } else {
          int[] shifted = Arrays.copyOfRange(stack, 1, maxDepth + 1);
          shifted[maxDepth - 1] = cur;
          next = encode(r, shifted, maxDepth);
        }
        Integer dst = index.get(next);
        if (dst == null) {
          dst = index.size();
          index.put(next, dst);
          if (dst == keys.length) {
            keys = Arrays.copyOf(keys, keys.length * 2);
          }
          keys[dst] = next;
          queue.add(next);
        }
        if (edges == from.length) {
          from = Arrays.copyOf(from, edges * 2);
          to = Arrays.copyOf(to, edges * 2);
          prob = Arrays.copyOf(prob, edges * 2);
        }
        from[edges] = src;
        to[edges] = dst;
        prob[edges] = p;
        edges++;
      }
    }
    int n = index.size();
    double[] pi = new double[n];
    pi[0] = 1.0;
    double[] nextPi = new double[n];
    for (int iteration = 0; iteration < 1_000_000; iteration++) {
      for (int i = 0; i < n; i++) {
        nextPi[i] = 0.5 * pi[i];
      }
      for (int e = 0; e < edges; e++) {
        nextPi[to[e]] += 0.5 * pi[from[e]] * prob[e];
      }
      double change = 0;
      double sum = 0;
      for (int i = 0; i < n; i++) {
        change += Math.abs(nextPi[i] - pi[i]);
        sum += nextPi[i];
      }
      double[] swap = pi;
      pi = nextPi;
      nextPi = swap;
      for (int i = 0; i < n; i++) {
        pi[i] /= sum;
      }
      if (change < 1e-13) {
        break;
      }
    }
    double[] share = new double[RubisState.COUNT];
    double atMaxDepth = 0;
    for (int i = 0; i < n; i++) {
      share[(int) (keys[i] & 31)] += pi[i];
      if (((keys[i] >>> 5) & 15) == maxDepth) {
        atMaxDepth += pi[i];
      }
    }
    return new StationaryDistribution(share, n, atMaxDepth);
  }

  private static long encode(int cur, int[] stack, int depth) {
    long key = cur | ((long) depth << 5);
    for (int i = 0; i < depth; i++) {
      key |= (long) stack[i] << (9 + 5 * i);
    }
    return key;
  }

  private static int decode(long key, int[] stack) {
    int depth = (int) ((key >>> 5) & 15);
    for (int i = 0; i < depth; i++) {
      stack[i] = (int) ((key >>> (9 + 5 * i)) & 31);
    }
    return depth;
  }

  /** The long-run share of requests for {@code state}; the 27 shares sum to 1. */
  public double share(RubisState state) {
    return share[state.ordinal()];
  }

  /** All 27 shares, indexed by {@link RubisState#ordinal()}. */
  public double[] shares() {
    return share.clone();
  }

  /** How many (state, stack) pairs the computation used. */
  public int configurations() {
    return configurations;
  }

  /** The stationary mass of pairs whose stack is full (an upper bound of the truncation's effect). */
  public double massAtMaxDepth() {
    return truncatedMass;
  }
}
