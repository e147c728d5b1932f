package io.crosscheck.tpcw;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.spi.TpcwSupport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One of the RBE's three transition matrices (browsing, shopping, ordering), read from the CSV
 * files shipped under {@code io/crosscheck/tpcw/mixes/} (numbers of the {@code transProb} arrays of
 * EBTPCW1/2/3Factory.java, provenance in SOURCES.md beside them), with the RBE's draw of the next
 * state and the chain's stationary distribution. Part of the workload model; immutable and
 * thread-safe.
 *
 * <p>File format (ASCII, LF): line 1 is the header {@code from\to,INIT,ADMC,...,SHOP} (the 15
 * states in {@link TpcwState} order); lines 2-16 are one row per <em>from</em> state in the same
 * order, the state's name then 15 integers. A value is a cumulative threshold out of 9999; 0 means
 * impossible. Along a row the non-zero values rise strictly and the last is 9999 (the RBE checks
 * this in EB.java:133-172).
 *
 * <p>The draw (EB.java:550-578): {@code i = |nextInt()| % 9999 + 1}; the first column in state
 * order whose value is {@code >= i} is the next state, so a transition's probability is its
 * value minus the row's previous non-zero value, over 9999.
 */
public final class TpcwMix {
  /** The largest cumulative value, which every row ends on (EB.MAX_PROB). */
  public static final int MAX_PROB = 9999;

  private final String source;
  private final int[][] cumulative; // [from][to]
  private final String mask;

  private TpcwMix(String source, int[][] cumulative, String mask) {
    this.source = source;
    this.cumulative = cumulative;
    this.mask = mask;
  }

  /** The mix shipped for the RBE's factory of {@code mix}, unmasked. */
  public static TpcwMix shipped(TpcwSupport.Mix mix) {
    String file = mix.label() + ".csv";
    try (InputStream in = TpcwMix.class.getResourceAsStream("mixes/" + file)) {
      if (in == null) {
        throw new IllegalStateException("mixes/" + file + " is missing from the classpath");
      }
      return parse(file, new String(in.readAllBytes(), StandardCharsets.US_ASCII));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SpecException e) {
      throw new IllegalStateException("the shipped " + file + " is broken: " + e.getMessage(), e);
    }
  }

  /**
   * Parses and checks a mix file.
   *
   * @param source the file name used in messages ({@code shopping.csv:7: ...})
   * @throws SpecException listing every problem with its {@code file:line}
   */
  public static TpcwMix parse(String source, String text) throws SpecException {
    List<Problem> problems = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    int count = lines.length;
    if (count > 0 && lines[count - 1].isEmpty()) {
      count--; // the final LF
    }
    StringBuilder header = new StringBuilder("from\\to");
    for (TpcwState s : TpcwState.values()) {
      header.append(',').append(s.label());
    }
    if (count == 0 || !stripCr(lines[0]).equals(header.toString())) {
      problems.add(new Problem(source + ":1", count == 0 ? "" : lines[0],
          "the header " + header));
    }
    if (count != TpcwState.COUNT + 1) {
      problems.add(Problem.stated(source, "has " + Math.max(0, count - 1) + " rows after the"
          + " header (expected " + TpcwState.COUNT + ", one per state in state order)"));
    }
    int[][] cumulative = new int[TpcwState.COUNT][TpcwState.COUNT];
    for (int row = 0; row < Math.min(TpcwState.COUNT, count - 1); row++) {
      String where = source + ":" + (row + 2);
      String line = stripCr(lines[row + 1]);
      String[] cells = line.split(",", -1);
      TpcwState from = TpcwState.of(row);
      if (cells.length != TpcwState.COUNT + 1) {
        problems.add(new Problem(where, line, "the state name " + from.label() + " and "
            + TpcwState.COUNT + " comma-separated integers (found " + cells.length + " cells)"));
        continue;
      }
      if (!cells[0].equals(from.label())) {
        problems.add(new Problem(where, cells[0], "the row name " + from.label()
            + " (rows in state order)"));
      }
      int previous = 0;
      boolean rowOk = true;
      for (int c = 0; c < TpcwState.COUNT; c++) {
        String cell = cells[c + 1];
        String at = where + ": column " + (c + 2) + " (" + TpcwState.of(c).label() + ")";
        int value;
        try {
          value = Integer.parseInt(cell);
        } catch (NumberFormatException e) {
          problems.add(new Problem(at, cell, "an integer 0..9999"));
          rowOk = false;
          continue;
        }
        if (value < 0 || value > MAX_PROB) {
          problems.add(new Problem(at, cell, "an integer 0..9999"));
          rowOk = false;
          continue;
        }
        if (value != 0 && value <= previous) {
          problems.add(new Problem(at, cell, "a value above the row's previous non-zero value "
              + previous + " (non-zero values rise strictly, EB.java:133-172)"));
          rowOk = false;
        }
        if (value != 0) {
          previous = value;
        }
        cumulative[row][c] = value;
      }
      if (rowOk && previous != MAX_PROB) {
        problems.add(Problem.stated(where, "row " + from.label() + " ends on " + previous
            + " (expected its last non-zero value to be 9999)"));
      }
    }
    if (!problems.isEmpty()) {
      throw new SpecException(problems);
    }
    return new TpcwMix(source, cumulative, null);
  }

  private static String stripCr(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  /**
   * The mix as the RBE's factory masks it (EBTPCW1Factory.java:196-235): a transition whose
   * source or target is disabled ({@code _} at its index) is dropped; a row whose largest
   * remaining value is below 9999 has that value raised to 9999 (a row left empty goes to INIT).
   * A disabled target's share thus passes to the next enabled column of the row, or, for the last
   * one, to the previous.
   *
   * @param mask 15 characters in state order; null for none (every state enabled)
   */
  public TpcwMix masked(String mask) {
    if (mask == null) {
      return this;
    }
    if (mask.length() != TpcwState.COUNT) {
      throw new IllegalArgumentException("mask \"" + mask + "\" has " + mask.length()
          + " characters (expected " + TpcwState.COUNT + ")");
    }
    int[][] out = new int[TpcwState.COUNT][TpcwState.COUNT];
    for (int i = 0; i < TpcwState.COUNT; i++) {
      for (int j = 0; j < TpcwState.COUNT; j++) {
        if (mask.charAt(i) != '_' && mask.charAt(j) != '_') {
          out[i][j] = cumulative[i][j];
        }
      }
      int max = out[i][0];
      int maxColumn = 0;
      for (int j = 1; j < TpcwState.COUNT; j++) {
        if (out[i][j] > max) {
          max = out[i][j];
          maxColumn = j;
        }
      }
      if (max < MAX_PROB) {
        out[i][maxColumn] = MAX_PROB;
      }
    }
    return new TpcwMix(source, out, mask);
  }

  /**
   * The RBE's draw of the next state (EB.java:550-578) from a raw {@code nextInt()} value: {@code
   * i = |raw| % 9999 + 1}, then the first column with a value {@code >= i}. Guard: for {@code raw
   * == Integer.MIN_VALUE} the RBE's {@code Math.abs} stays negative, i becomes negative, the INIT
   * column (0) wins and the EB thread dies on its null transition (probability 2^-32 a draw);
   * here that draw is taken as {@code Integer.MAX_VALUE}.
   */
  public TpcwState next(TpcwState from, int raw) {
    int i = TpcwRandom.abs(raw) % MAX_PROB + 1;
    int[] row = cumulative[from.ordinal()];
    for (int j = 0; j < row.length; j++) {
      if (row[j] >= i) {
        return TpcwState.of(j);
      }
    }
    throw new IllegalStateException("row " + from + " does not reach 9999");
  }

  /** The probability of the transition {@code from -> to}: its step in the row, over 9999. */
  public double probability(TpcwState from, TpcwState to) {
    int[] row = cumulative[from.ordinal()];
    int j = to.ordinal();
    if (row[j] == 0) {
      return 0;
    }
    int previous = 0;
    for (int c = 0; c < j; c++) {
      if (row[c] != 0) {
        previous = row[c];
      }
    }
    return (row[j] - previous) / (double) MAX_PROB;
  }

  /** The cumulative value of {@code from -> to} as the (masked) row holds it. */
  public int cumulative(TpcwState from, TpcwState to) {
    return cumulative[from.ordinal()][to.ordinal()];
  }

  /**
   * The long-run share of page visits per state (indexed by {@link TpcwState#ordinal()}; INIT is
   * transient and gets 0): the stationary vector of the chain, by power iteration of the lazy
   * chain (half I plus half P, same stationary vector, aperiodic) from INIT until the L1 change
   * is below 1e-15. Every row reaches HOME, so HOME's class is the only recurrent one.
   */
  public double[] stationaryShares() {
    int n = TpcwState.COUNT;
    double[][] p = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        p[i][j] = probability(TpcwState.of(i), TpcwState.of(j));
      }
    }
    double[] pi = new double[n];
    pi[TpcwState.INIT.ordinal()] = 1.0;
    double[] next = new double[n];
    for (int iteration = 0; iteration < 10_000_000; iteration++) {
      Arrays.fill(next, 0);
      for (int i = 0; i < n; i++) {
        next[i] += 0.5 * pi[i];
        for (int j = 0; j < n; j++) {
          next[j] += 0.5 * pi[i] * p[i][j];
        }
      }
      double change = 0;
      for (int i = 0; i < n; i++) {
        change += Math.abs(next[i] - pi[i]);
      }
      double[] swap = pi;
      pi = next;
      next = swap;
      if (change < 1e-15) {
        break;
      }
    }
    return pi;
  }

  /**
   * The page mix this table declares: the stationary share of each interaction the chain visits, by
   * its label, for the workload audit (INIT, transient, is no page).
   */
  public io.crosscheck.model.DeclaredMix declared() {
    double[] pi = stationaryShares();
    java.util.Map<String, Double> shares = new java.util.TreeMap<>();
    double total = 0;
    for (TpcwState s : TpcwState.values()) {
      if (s != TpcwState.INIT && pi[s.ordinal()] > 0) {
        total += pi[s.ordinal()];
      }
    }
    for (TpcwState s : TpcwState.values()) {
      if (s != TpcwState.INIT && pi[s.ordinal()] > 0) {
        shares.put(s.label(), pi[s.ordinal()] / total);
      }
    }
    return new io.crosscheck.model.DeclaredMix("tpcw", "TPC-W " + this, shares);
  }

  /** The stationary share of the browse interactions (HOME NEWP BESS PROD SREQ SRES), 0..1. */
  public double browseShare() {
    double[] pi = stationaryShares();
    double browse = 0;
    for (TpcwState s : TpcwState.values()) {
      if (s.isBrowse()) {
        browse += pi[s.ordinal()];
      }
    }
    return browse;
  }

  /** The file name ({@code shopping.csv}). */
  public String source() {
    return source;
  }

  /** The mask applied, or null. */
  public String mask() {
    return mask;
  }

  @Override
  public String toString() {
    return source + (mask == null ? "" : " masked " + mask);
  }
}
