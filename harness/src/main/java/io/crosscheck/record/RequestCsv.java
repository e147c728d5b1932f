package io.crosscheck.record;

import io.crosscheck.model.Phase;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The {@code requests.csv} format of a run directory: one {@link RequestRecord} per row.
 *
 * <p>UTF-8, lines end with {@code \n}, RFC 4180 quoting: a field that contains a comma, a double
 * quote, CR or LF is written in double quotes with inner quotes doubled. The first line is {@link
 * #HEADER}; the columns, in order:
 *
 * <ol>
 *   <li>{@code sessionId} (long), {@code userId} (int), {@code seq} (int, 0-based in the session)
 *   <li>{@code method}, {@code url} (text; the request target as sent)
 *   <li>{@code connectionId} (text, client {@code ip:port}; empty when unknown)
 *   <li>{@code connectionOpenNanos} (long, monotonic; -1 when unknown), {@code connectionReused}
 *       ({@code true}/{@code false})
 *   <li>{@code intendedStartNanos}, {@code sendStartNanos}, {@code firstByteNanos}, {@code
 *       lastByteNanos} (long, monotonic {@code System.nanoTime()} of the generator's JVM; -1 for an
 *       instant that never happened; map to wall clock with run.json's clock offset)
 *   <li>{@code status} (int HTTP status, 0 when none), {@code requestBytes}, {@code responseBytes}
 *       (long, bytes as on the wire)
 *   <li>{@code outcome} ({@link Outcome#label()}: ok, http-error, timeout, connect-error, reset,
 *       invalid, aborted), {@code phase} ({@link Phase#label()}: ramp-up, measure, ramp-down)
 *   <li>{@code detail} (text; short failure reason, empty otherwise)
 * </ol>
 *
 * <p>The row formatter is on the recording hot path: it appends to a caller-owned {@link
 * StringBuilder} and allocates nothing else for fields that need no quoting. Stateless and
 * thread-safe.
 */
public final class RequestCsv {
  /** The column names, in order. */
  public static final List<String> COLUMNS =
      List.of(
          "sessionId", "userId", "seq", "method", "url", "connectionId", "connectionOpenNanos",
          "connectionReused", "intendedStartNanos", "sendStartNanos", "firstByteNanos",
          "lastByteNanos", "status", "requestBytes", "responseBytes", "outcome", "phase", "detail");

  /** The first line of the file, without its line end. */
  public static final String HEADER = String.join(",", COLUMNS);

  private static final Phase[] PHASES = Phase.values();
  private static final Outcome[] OUTCOMES = Outcome.values();
  // label() builds a new string per call; the row formatter must not
  private static final String[] OUTCOME_LABELS = labels(OUTCOMES);
  private static final String[] PHASE_LABELS = labels(PHASES);

  private static String[] labels(Enum<?>[] values) {
    String[] out = new String[values.length];
    for (Enum<?> v : values) {
      out[v.ordinal()] = v instanceof Outcome o ? o.label() : ((Phase) v).label();
    }
    return out;
  }

  private RequestCsv() {}

  /** Appends one row for {@code r}, ending with {@code \n}. */
  public static StringBuilder appendRow(StringBuilder sb, RequestRecord r) {
    sb.append(r.sessionId()).append(',')
        .append(r.userId()).append(',')
        .append(r.seq()).append(',');
    appendText(sb, r.method()).append(',');
    appendText(sb, r.url()).append(',');
    appendText(sb, r.connectionId()).append(',');
    sb.append(r.connectionOpenNanos()).append(',')
        .append(r.connectionReused()).append(',')
        .append(r.intendedStartNanos()).append(',')
        .append(r.sendStartNanos()).append(',')
        .append(r.firstByteNanos()).append(',')
        .append(r.lastByteNanos()).append(',')
        .append(r.status()).append(',')
        .append(r.requestBytes()).append(',')
        .append(r.responseBytes()).append(',')
        .append(r.outcome() == null ? "" : OUTCOME_LABELS[r.outcome().ordinal()]).append(',')
        .append(r.phase() == null ? "" : PHASE_LABELS[r.phase().ordinal()]).append(',');
    appendText(sb, r.detail());
    return sb.append('\n');
  }

  /** One row as a string, with its line end. */
  public static String row(RequestRecord r) {
    return appendRow(new StringBuilder(160), r).toString();
  }

  private static StringBuilder appendText(StringBuilder sb, String s) {
    if (s == null) {
      return sb;
    }
    boolean quote = false;
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c == ',' || c == '"' || c == '\n' || c == '\r') {
        quote = true;
        break;
      }
    }
    if (!quote) {
      return sb.append(s);
    }
    sb.append('"');
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c == '"') {
        sb.append('"');
      }
      sb.append(c);
    }
    return sb.append('"');
  }

  /**
   * Reads every record of a requests.csv file.
   *
   * @throws IOException when the file cannot be read, or a row is malformed: the message names
   *     {@code FILE:LINE}, the column and the value
   */
  public static List<RequestRecord> read(Path file) throws IOException {
    List<RequestRecord> out = new ArrayList<>();
    forEach(file, out::add);
    return out;
  }

  /** Streams the records of a requests.csv file to {@code consumer}, in file order. */
  public static void forEach(Path file, Consumer<RequestRecord> consumer) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      forEach(in, String.valueOf(file.getFileName()), consumer);
    }
  }

  /**
   * Streams records from {@code in}; {@code name} (a file name) starts every error message.
   */
  public static void forEach(Reader in, String name, Consumer<RequestRecord> consumer)
      throws IOException {
    RowReader rows = new RowReader(in, name);
    if (!rows.next()) {
      throw new IOException(name + ":1: empty file (expected the header " + HEADER + ")");
    }
    List<String> header = rows.texts();
    if (!COLUMNS.equals(header)) {
      throw new IOException(
          name + ":1: header \"" + String.join(",", header) + "\" (expected " + HEADER + ")");
    }
    while (true) {
      int line = rows.nextLine;
      if (!rows.next()) {
        return;
      }
      if (rows.fieldCount == 1 && rows.length(0) == 0) {
        continue; // a blank line, e.g. a trailing one
      }
      consumer.accept(parse(rows, name, line));
    }
  }

  private static RequestRecord parse(RowReader f, String name, int line) throws IOException {
    if (f.fieldCount != COLUMNS.size()) {
      throw new IOException(
          name + ":" + line + ": " + f.fieldCount + " columns (expected " + COLUMNS.size() + ")");
    }
    Field p = new Field(f, name, line);
    return new RequestRecord(
        p.longAt(0), p.intAt(1), p.intAt(2), f.text(3), f.text(4), f.text(5), p.longAt(6),
        p.boolAt(7), p.longAt(8), p.longAt(9), p.longAt(10), p.longAt(11), p.intAt(12),
        p.longAt(13), p.longAt(14), p.outcomeAt(15), p.phaseAt(16), f.text(17));
  }

  /** Typed access to the fields of one row, with located error messages. */
  private record Field(RowReader row, String name, int line) {
    private IOException bad(int column, String expected) {
      return new IOException(
          name + ":" + line + ": column " + (column + 1) + " (" + COLUMNS.get(column) + "): \""
              + row.text(column) + "\" is not " + expected);
    }

    long longAt(int column) throws IOException {
      long value = row.decimal(column, 18);
      if (value != RowReader.NOT_SIMPLE) {
        return value;
      }
      try {
        return Long.parseLong(row.text(column)); // signs, long values near the limits, other digits
      } catch (NumberFormatException e) {
        throw bad(column, "an integer");
      }
    }

    int intAt(int column) throws IOException {
      long value = row.decimal(column, 9);
      if (value != RowReader.NOT_SIMPLE) {
        return (int) value;
      }
      try {
        return Integer.parseInt(row.text(column));
      } catch (NumberFormatException e) {
        throw bad(column, "an int");
      }
    }

    boolean boolAt(int column) throws IOException {
      if (row.is(column, "true")) {
        return true;
      }
      if (row.is(column, "false")) {
        return false;
      }
      throw bad(column, "true or false");
    }

    Outcome outcomeAt(int column) throws IOException {
      for (int i = 0; i < OUTCOME_LABELS.length; i++) {
        if (row.is(column, OUTCOME_LABELS[i])) {
          return OUTCOMES[i];
        }
      }
      throw bad(column, "an outcome (ok, http-error, timeout, connect-error, reset, invalid, aborted)");
    }

    Phase phaseAt(int column) throws IOException {
      for (int i = 0; i < PHASE_LABELS.length; i++) {
        if (row.is(column, PHASE_LABELS[i])) {
          return PHASES[i];
        }
      }
      throw bad(column, "a phase (ramp-up, measure, ramp-down)");
    }
  }

  /**
   * Splits RFC 4180 rows; a quoted field may span lines. Tracks 1-based line numbers. Reads the
   * characters in blocks and keeps the current row's unquoted field values side by side in one
   * reusable array, so that numbers and labels are read without a String per field; text fields
   * that repeat (methods, URLs, connection ids) share one String.
   */
  private static final class RowReader {
    /** {@link #decimal}: the field is not a plain decimal of the given length. */
    static final long NOT_SIMPLE = Long.MIN_VALUE;
    private static final int TEXT_CACHE_SLOTS = 1 << 12;
    private static final int MAX_CACHED_CHARS = 128;

    private final Reader in;
    private final String name;
    private final char[] input = new char[1 << 16];
    private int pos;
    private int limit;
    /** The current row's field values: field i is {@code row[starts[i], ends[i])}. */
    private char[] row = new char[256];
    private int rowLength;
    private int[] starts = new int[32];
    private int[] ends = new int[32];
    int fieldCount;
    int nextLine = 1;
    private final String[] textCache = new String[TEXT_CACHE_SLOTS];

    RowReader(Reader in, String name) {
      this.in = in;
      this.name = name;
    }

    private int read() throws IOException {
      if (pos == limit) {
        int n = in.read(input, 0, input.length);
        if (n <= 0) {
          return -1;
        }
        pos = 0;
        limit = n;
      }
      return input[pos++];
    }

    /** The next character without consuming it, or -1 at the end. */
    private int peek() throws IOException {
      int c = read();
      if (c != -1) {
        pos--;
      }
      return c;
    }

    private void append(int c) {
      if (rowLength == row.length) {
        row = Arrays.copyOf(row, 2 * row.length);
      }
      row[rowLength++] = (char) c;
    }

    private void endField() {
      if (fieldCount == starts.length) {
        starts = Arrays.copyOf(starts, 2 * fieldCount);
        ends = Arrays.copyOf(ends, 2 * fieldCount);
      }
      starts[fieldCount] = fieldCount == 0 ? 0 : ends[fieldCount - 1];
      ends[fieldCount] = rowLength;
      fieldCount++;
    }

    /** Reads the next row; false at end of input. */
    boolean next() throws IOException {
      fieldCount = 0;
      rowLength = 0;
      int startLine = nextLine;
      int c = read();
      if (c == -1) {
        return false;
      }
      boolean quoted = false;
      boolean afterQuote = false;
      while (true) {
        if (quoted) {
          if (c == -1) {
            throw new IOException(
                name + ":" + startLine + ": end of file inside a quoted field of this row");
          }
          if (c == '"') {
            int d = read();
            if (d == '"') {
              append('"');
            } else {
              quoted = false;
              afterQuote = true;
              c = d;
              continue;
            }
          } else {
            if (c == '\n') {
              nextLine++;
            }
            append(c);
          }
        } else if (c == ',') {
          endField();
          afterQuote = false;
        } else if (c == '\n' || c == -1) {
          endField();
          nextLine++;
          return true;
        } else if (c == '\r') {
          if (peek() == '\n') {
            read();
          }
          endField();
          nextLine++;
          return true;
        } else if (c == '"' && rowLength == fieldStart() && !afterQuote) {
          quoted = true;
        } else {
          append(c);
        }
        c = read();
      }
    }

    private int fieldStart() {
      return fieldCount == 0 ? 0 : ends[fieldCount - 1];
    }

    int length(int field) {
      return ends[field] - starts[field];
    }

    /** Field {@code field} as a String, shared with earlier rows' equal values when short. */
    String text(int field) {
      int start = starts[field];
      int length = ends[field] - start;
      if (length > MAX_CACHED_CHARS) {
        return new String(row, start, length);
      }
      int hash = 0;
      for (int k = start; k < start + length; k++) {
        hash = 31 * hash + row[k];
      }
      int slot = (hash ^ hash >>> 16) & (TEXT_CACHE_SLOTS - 1);
      String cached = textCache[slot];
      if (cached != null && is(field, cached)) {
        return cached;
      }
      String text = new String(row, start, length);
      textCache[slot] = text;
      return text;
    }

    /** Every field of the row as text. */
    List<String> texts() {
      List<String> out = new ArrayList<>(fieldCount);
      for (int i = 0; i < fieldCount; i++) {
        out.add(text(i));
      }
      return out;
    }

    /** Whether field {@code field} equals {@code value}. */
    boolean is(int field, String value) {
      int start = starts[field];
      if (ends[field] - start != value.length()) {
        return false;
      }
      for (int k = 0; k < value.length(); k++) {
        if (row[start + k] != value.charAt(k)) {
          return false;
        }
      }
      return true;
    }

    /**
     * The value of a field of 1 to {@code maxDigits} ASCII digits, optionally after a '-', else
     * {@link #NOT_SIMPLE} (the caller then leaves it to {@code Long.parseLong}).
     */
    long decimal(int field, int maxDigits) {
      int k = starts[field];
      int end = ends[field];
      boolean negative = k < end && row[k] == '-';
      if (negative) {
        k++;
      }
      if (k == end || end - k > maxDigits) {
        return NOT_SIMPLE;
      }
      long value = 0;
      for (; k < end; k++) {
        int digit = row[k] - '0';
        if (digit < 0 || digit > 9) {
          return NOT_SIMPLE;
        }
        value = value * 10 + digit;
      }
      return negative ? -value : value;
    }
  }
}
