package io.crosscheck.text;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one RFC 4180 reader of crosscheck's CSV files (requests.csv, intervals.csv, the telemetry,
 * clock and wire CSVs): splits rows, a quoted field may span lines ({@code "} doubled inside
 * quotes), {@code \n} or {@code \r\n} ends a row. Tracks 1-based line numbers. Reads the
 * characters in blocks and keeps the current row's field values side by side in one reusable
 * array, so that numbers and labels are read without a String per field; text fields that repeat
 * (methods, URLs, connection ids) share one String. A file format's reader ({@code RequestCsv},
 * {@code TelemetryCsv}, ...) says what the columns mean; this class knows only rows and fields.
 * {@link #appendField} is the matching writer of one field. One reader per file; not thread-safe.
 *
 * <p>Errors are {@link CsvFormatException}s naming {@code NAME:LINE}; each row is bounded by
 * {@link InputLimits#MAX_CSV_ROW_CHARS}.
 */
public final class CsvRows {
  /** {@link #decimal}: the field is not a plain decimal of the given length. */
  public static final long NOT_SIMPLE = Long.MIN_VALUE;
  private static final int TEXT_CACHE_SLOTS = 1 << 12;
  private static final int MAX_CACHED_CHARS = 128;

  private final Reader in;
  private final char[] input = new char[1 << 16];
  private int pos;
  private int limit;
  /** The current row's field values: field i is {@code row[starts[i], ends[i])}. */
  private char[] row = new char[256];
  private int rowLength;
  private int[] starts = new int[32];
  private int[] ends = new int[32];
  private int fieldCount;
  private int nextLine = 1;
  /** Whether the current row ended with a line end (false: at the end of the input). */
  private boolean endedWithLineEnd;
  /** Whether the input ended inside a quoted field of the current row. */
  private boolean unterminatedQuote;
  /** The current row's length in UTF-8 bytes as read, quotes and line end included. */
  private long rowBytes;
  private final String[] textCache = new String[TEXT_CACHE_SLOTS];
  /** The first line of the row {@link #nextDataRow} or {@link #next} returned. */
  private int line;
  /** The torn last row {@link #nextDataRow} skipped at the end of the input, or null. */
  private Torn torn;

  /** The file's name as messages show it (escaped). */
  private final String name;

  /** Reads rows from {@code in}; {@code name} (a file name) starts every error message. */
  public CsvRows(Reader in, String name) {
    this.in = in;
    this.name = Printable.escape(name);
  }

  /**
   * Reads the header row, whose expected header is {@code expected}, and returns its
   * field texts.
   *
   * @throws IOException for an empty file or one that ends inside a quoted header field
   */
  public List<String> header(String expected) throws IOException {
    if (!next()) {
      throw new CsvFormatException(name + ":1: empty file (expected the header " + expected + ")");
    }
    if (unterminatedQuote) {
      throw new CsvFormatException(name + ":1: end of file inside a quoted field of the header");
    }
    return texts();
  }

  /**
   * Reads the next data row of a file with {@code columns} columns, skipping blank lines. The
   * writers append whole rows, each with its line end, so a writer killed mid-row leaves a last row
   * without its line end (fewer columns, a cut number or a cut text): such a row is torn, and so is
   * a last row with its line end but fewer columns (blank lines after it do not count). A torn row
   * ends the reading with {@link #torn} set; any other row with the wrong column count, and a short
   * row followed by more rows, fails with {@code NAME:LINE}.
   *
   * @return true with the row ready ({@link #line} its first line); false at the end of the input
   */
  public boolean nextDataRow(int columns) throws IOException {
    while (true) {
      line = nextLine;
      if (!next()) {
        return false;
      }
      if (fieldCount == 1 && length(0) == 0 && endedWithLineEnd) {
        continue; // a blank line, e.g. a trailing one
      }
      if (!endedWithLineEnd) {
        // the end of the input in the middle of a row: the writer never finished it
        torn = new Torn(line, rowBytes, unterminatedQuote ? "no line end (inside a quoted field)"
            : "no line end (" + fieldCount + " of " + columns + " columns)");
        return false;
      }
      String count = fieldCount + " columns (expected " + columns + ")";
      if (fieldCount < columns) {
        Torn last = new Torn(line, rowBytes, count);
        int at = line;
        while (next()) {
          if (!(fieldCount == 1 && length(0) == 0)) {
            // not the last row: a malformed row, not a torn one
            throw new CsvFormatException(name + ":" + at + ": " + count);
          }
        }
        torn = last;
        return false;
      }
      if (fieldCount != columns) {
        throw new CsvFormatException(name + ":" + line + ": " + count);
      }
      return true;
    }
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

  private void append(int c) throws IOException {
    if (rowLength == InputLimits.MAX_CSV_ROW_CHARS) {
      // a runaway row (a 50 MB URL, a binary file) is refused before it exhausts the heap
      throw new CsvFormatException(name + ":" + nextLine + ": a row longer"
          + " than the limit of " + InputLimits.count(InputLimits.MAX_CSV_ROW_CHARS)
          + " characters (expected one request per row; is this the right file?)");
    }
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

  /**
   * Reads the next row; false at end of input. A row cut by the end of the input is returned
   * with {@link #endedWithLineEnd} false (and {@link #unterminatedQuote} when cut inside quotes).
   */
  public boolean next() throws IOException {
    line = nextLine;
    fieldCount = 0;
    rowLength = 0;
    endedWithLineEnd = false;
    unterminatedQuote = false;
    rowBytes = 0;
    int c = read();
    if (c == -1) {
      return false;
    }
    boolean quoted = false;
    boolean afterQuote = false;
    while (true) {
      if (c != -1) {
        // surrogates count 2 each: a pair is the 4 bytes of its code point
        rowBytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate((char) c) ? 2 : 3;
      }
      if (quoted) {
        if (c == -1) {
          endField();
          unterminatedQuote = true;
          return true;
        }
        if (c == '"') {
          int d = read();
          if (d == '"') {
            rowBytes++;
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
        endedWithLineEnd = c == '\n';
        nextLine++;
        return true;
      } else if (c == '\r') {
        if (peek() == '\n') {
          read();
          rowBytes++;
        }
        endField();
        endedWithLineEnd = true;
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

  public int length(int field) {
    return ends[field] - starts[field];
  }

  /** Field {@code field} as a String, shared with earlier rows' equal values when short. */
  public String text(int field) {
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
  public List<String> texts() {
    List<String> out = new ArrayList<>(fieldCount);
    for (int i = 0; i < fieldCount; i++) {
      out.add(text(i));
    }
    return out;
  }

  /** Whether field {@code field} equals {@code value}. */
  public boolean is(int field, String value) {
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
  public long decimal(int field, int maxDigits) {
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

  /**
   * A last row its writer never finished (killed mid-row), which {@link #nextDataRow} skipped.
   *
   * @param line the 1-based line number where the row starts
   * @param bytes its length in UTF-8 bytes as found in the file, including a line end if it has one
   * @param reason why it is taken as torn, e.g. "no line end" or "7 columns (expected 18)"
   */
  public record Torn(int line, long bytes, String reason) {}

  /** The first line (1-based) of the row {@link #next} or {@link #nextDataRow} returned last. */
  public int line() {
    return line;
  }

  /** The fields of the current row. */
  public int fieldCount() {
    return fieldCount;
  }

  /** Whether the current row ended with a line end (false: the input ended inside it). */
  public boolean endedWithLineEnd() {
    return endedWithLineEnd;
  }

  /** Whether the current row is a blank line. */
  public boolean blank() {
    return fieldCount == 1 && length(0) == 0;
  }

  /** The torn last row {@link #nextDataRow} skipped at the end of the input, or null. */
  public Torn torn() {
    return torn;
  }

  /**
   * Appends {@code s} as one field: as it is when it holds no comma, double quote, CR or LF, else
   * in double quotes with inner quotes doubled; nothing for null. Allocates nothing for a field that
   * needs no quoting (the recording hot path).
   */
  public static StringBuilder appendField(StringBuilder sb, String s) {
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
}
