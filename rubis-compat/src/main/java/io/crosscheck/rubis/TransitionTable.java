package io.crosscheck.rubis;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringTokenizer;

/**
 * A RUBiS transition table, read exactly as the 1.4.x client reads it (the workload model at the
 * start of the spine). Immutable and thread-safe.
 *
 * <p>File format (tab-separated text exported from a spreadsheet, ISO-8859-1; lines end in CRLF, LF
 * or CR, mixed):
 *
 * <ul>
 *   <li>line 1: {@code RUBiS Transition Table<TAB><set name>}; the second field is the set name;
 *   <li>lines 2–4: skipped (line 4 holds the column headers);
 *   <li>then exactly {@code rows} data rows (29): a row name, {@code columns} (27) probabilities, and
 *       an integer think time in milliseconds. Consecutive tabs count as one separator, so an empty
 *       cell shifts the row and every cell must be non-empty; fields after the think time are
 *       ignored;
 *   <li>lines after the last data row are ignored.
 * </ul>
 *
 * <p>Columns are the current (from) state, rows the next (to) state; rows 0–26 are the page states
 * ({@link RubisState}), row {@link #BACK} is Back and row {@link #END} End of Session. The client
 * draws one uniform float U in [0,1) and walks the current column in row order with a float running
 * sum; the first row whose sum exceeds U wins. A column summing to less than 1 therefore stays on
 * the same state for the shortfall, and mass past 1 is cut off: {@link #effective} gives these
 * probabilities.
 *
 * <p>crosscheck is stricter than the client in one point: a probability outside 0..1 (or NaN) is
 * reported, although the client would accept it.
 */
public final class TransitionTable {
  /** Row index of Back. */
  public static final int BACK = RubisState.COUNT;
  /** Row index of End of Session. */
  public static final int END = RubisState.COUNT + 1;

  private final String source;
  private final String setName;
  private final List<String> rowNames;
  private final float[][] raw; // [from column][to row]
  private final double[][] effective; // [from column][to row]
  private final int[] thinkTimeMillis; // per row

  private TransitionTable(
      String source, String setName, List<String> rowNames, float[][] raw, int[] thinkTimeMillis) {
    this.source = source;
    this.setName = setName;
    this.rowNames = List.copyOf(rowNames);
    this.raw = raw;
    this.thinkTimeMillis = thinkTimeMillis;
    this.effective = new double[raw.length][];
    for (int c = 0; c < raw.length; c++) {
      effective[c] = effectiveColumn(raw[c], c);
    }
  }

  /**
   * Reads a table file.
   *
   * @param rows the number of data rows ({@code workload_number_of_rows}, 29)
   * @param columns the number of probability columns ({@code workload_number_of_columns}, 27)
   * @throws RubisInputException listing every problem (file unreadable, bad header, too few rows,
   *     bad cells), each with file, line and column
   */
  public static TransitionTable read(Path file, int rows, int columns) throws RubisInputException {
    String name = String.valueOf(file.getFileName());
    return parse(name, RubisFiles.readLines(file, "a RUBiS transition table file"), rows, columns);
  }

  /** Reads one of the tables shipped with crosscheck, e.g. {@code default_transitions.txt}. */
  public static TransitionTable shipped(String fileName) throws RubisInputException {
    byte[] bytes = ShippedData.bytes(ShippedData.WORKLOAD + fileName);
    if (bytes == null) {
      throw new RubisInputException(List.of(new RubisProblem("--rubis-table", fileName,
          "is not a table shipped with crosscheck (expected one of " + ShippedData.TABLES + ")")));
    }
    return parse(fileName, new String(bytes, StandardCharsets.ISO_8859_1), 29, 27);
  }

  /**
   * Parses table text.
   *
   * @param source the name used in messages (a file name)
   */
  public static TransitionTable parse(String source, String text, int rows, int columns)
      throws RubisInputException {
    return parse(source, RubisFiles.lines(source, text), rows, columns);
  }

  static TransitionTable parse(String source, List<String> lines, int rows, int columns)
      throws RubisInputException {
    List<RubisProblem> problems = new ArrayList<>();
    String setName = "";
    if (lines.isEmpty()) {
      problems.add(new RubisProblem(source, null,
          "is empty (expected \"RUBiS Transition Table<TAB>set name\" on line 1)"));
    } else {
      StringTokenizer header = new StringTokenizer(lines.get(0), "\t");
      if (header.countTokens() < 2) {
        problems.add(new RubisProblem(source + ":1", lines.get(0),
            "is not a table header (expected \"RUBiS Transition Table<TAB>set name\")"));
      } else {
        header.nextToken();
        setName = header.nextToken();
      }
    }
    int available = Math.max(0, lines.size() - 4);
    if (available < rows) {
      problems.add(new RubisProblem(source, null, "has " + available + " data rows after the 4 header"
          + " lines (expected " + rows + " rows, lines 5 to " + (4 + rows)
          + ", as workload_number_of_rows says)"));
    }
    float[][] raw = new float[columns][rows];
    int[] think = new int[rows];
    List<String> names = new ArrayList<>();
    for (int r = 0; r < Math.min(rows, available); r++) {
      int lineNumber = 5 + r;
      String where = source + ":" + lineNumber;
      StringTokenizer st = new StringTokenizer(lines.get(4 + r), "\t");
      if (!st.hasMoreTokens()) {
        problems.add(new RubisProblem(where, null, "row " + r + " is empty (expected a state name, "
            + columns + " probabilities and a think time in ms)"));
        names.add("");
        continue;
      }
      names.add(st.nextToken());
      for (int c = 0; c < columns; c++) {
        String cell = where + ": column " + (c + 2);
        if (!st.hasMoreTokens()) {
          problems.add(new RubisProblem(cell, null, "is missing: row has " + (c + 1)
              + " fields (expected a state name, " + columns + " probabilities and a think time in"
              + " ms; consecutive tabs count as one, so no cell may be empty)"));
          break;
        }
        String token = st.nextToken();
        float p = parseProbability(token);
        if (Float.isNaN(p)) {
          problems.add(new RubisProblem(cell, token, "is not a probability (expected 0..1)"));
        } else {
          raw[c][r] = p;
        }
        if (c == columns - 1) {
          cell = where + ": column " + (columns + 2);
          if (!st.hasMoreTokens()) {
            problems.add(new RubisProblem(cell, null, "think time is missing (expected a whole"
                + " number of milliseconds >= 0 after the " + columns + " probabilities)"));
          } else {
            String t = st.nextToken();
            try {
              think[r] = Integer.parseInt(t);
              if (think[r] < 0) {
                throw new NumberFormatException();
              }
            } catch (NumberFormatException e) {
              problems.add(new RubisProblem(cell, t,
                  "is not a think time (expected a whole number of milliseconds >= 0)"));
            }
          }
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new RubisInputException(problems);
    }
    if (columns != RubisState.COUNT || rows != columns + 2) {
      throw new RubisInputException(List.of(new RubisProblem(source, null, "is read with " + rows
          + " rows and " + columns + " columns (expected 29 rows and 27 columns: the client's 27"
          + " states, Back and End of Session)")));
    }
    return new TransitionTable(source, setName, names, raw, think);
  }

  /** The client's Float parsing (whitespace trimmed), NaN when not a number in 0..1. */
  private static float parseProbability(String token) {
    try {
      float p = Float.parseFloat(token);
      return p >= 0f && p <= 1f ? p : Float.NaN;
    } catch (NumberFormatException e) {
      return Float.NaN;
    }
  }

  private static double[] effectiveColumn(float[] column, int from) {
    double[] eff = new double[column.length];
    float cumul = 0f; // float, as the client sums
    double reached = 0;
    for (int r = 0; r < column.length; r++) {
      cumul = cumul + column[r];
      double upTo = Math.min(1.0, cumul);
      if (upTo > reached) {
        eff[r] = upTo - reached;
        reached = upTo;
      }
    }
    eff[from] += 1.0 - reached; // no row won: the client stays on the current state
    return eff;
  }

  /** The name used in messages (file name). */
  public String source() {
    return source;
  }

  /** The set name from line 1, e.g. {@code Default transition set}. */
  public String setName() {
    return setName;
  }

  /** The 29 row names as written in the file's first column (e.g. {@code StoreBuyBow}). */
  public List<String> rowNames() {
    return rowNames;
  }

  /** The probability as written, from state column {@code from} to row {@code to}. */
  public double raw(int to, int from) {
    return raw[from][to];
  }

  /** The raw value in the client's float precision (the client compares floats). */
  public float rawFloat(int to, int from) {
    return raw[from][to];
  }

  /**
   * The probability that the client really moves from {@code from} (0..26) to row {@code to}
   * (0..28): the running-sum rule, with the shortfall below 1 added to staying on {@code from}.
   */
  public double effective(int to, int from) {
    return effective[from][to];
  }

  /** The think time of row {@code row} in ms (the target state's; Back's row for a Back). */
  public int thinkTimeMillis(int row) {
    return thinkTimeMillis[row];
  }

  /** True when entering {@code state} keeps the Back stack (its Back probability is not 0). */
  public boolean keepsBackStack(int state) {
    return raw[state][BACK] != 0f;
  }

  /** A stable fingerprint of the probabilities and think times (for workload descriptions). */
  public String fingerprint() {
    return Integer.toHexString(Arrays.deepHashCode(raw) * 31 + Arrays.hashCode(thinkTimeMillis));
  }
}
