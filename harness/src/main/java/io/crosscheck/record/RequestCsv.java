package io.crosscheck.record;

import io.crosscheck.model.Phase;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
  // label() builds a new string per call; the row formatter must not
  private static final String[] OUTCOME_LABELS = labels(Outcome.values());
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
    List<String> fields = new ArrayList<>(COLUMNS.size());
    if (!rows.next(fields)) {
      throw new IOException(name + ":1: empty file (expected the header " + HEADER + ")");
    }
    if (!COLUMNS.equals(fields)) {
      throw new IOException(
          name + ":1: header \"" + String.join(",", fields) + "\" (expected " + HEADER + ")");
    }
    while (true) {
      int line = rows.nextLine;
      if (!rows.next(fields)) {
        return;
      }
      if (fields.size() == 1 && fields.get(0).isEmpty()) {
        continue; // a blank line, e.g. a trailing one
      }
      consumer.accept(parse(fields, name, line));
    }
  }

  private static RequestRecord parse(List<String> f, String name, int line) throws IOException {
    if (f.size() != COLUMNS.size()) {
      throw new IOException(
          name + ":" + line + ": " + f.size() + " columns (expected " + COLUMNS.size() + ")");
    }
    Field p = new Field(f, name, line);
    return new RequestRecord(
        p.longAt(0), p.intAt(1), p.intAt(2), f.get(3), f.get(4), f.get(5), p.longAt(6),
        p.boolAt(7), p.longAt(8), p.longAt(9), p.longAt(10), p.longAt(11), p.intAt(12),
        p.longAt(13), p.longAt(14), p.outcomeAt(15), p.phaseAt(16), f.get(17));
  }

  /** Typed access to the fields of one row, with located error messages. */
  private record Field(List<String> fields, String name, int line) {
    private IOException bad(int column, String expected) {
      return new IOException(
          name + ":" + line + ": column " + (column + 1) + " (" + COLUMNS.get(column) + "): \""
              + fields.get(column) + "\" is not " + expected);
    }

    long longAt(int column) throws IOException {
      try {
        return Long.parseLong(fields.get(column));
      } catch (NumberFormatException e) {
        throw bad(column, "an integer");
      }
    }

    int intAt(int column) throws IOException {
      try {
        return Integer.parseInt(fields.get(column));
      } catch (NumberFormatException e) {
        throw bad(column, "an int");
      }
    }

    boolean boolAt(int column) throws IOException {
      String s = fields.get(column);
      if ("true".equals(s)) {
        return true;
      }
      if ("false".equals(s)) {
        return false;
      }
      throw bad(column, "true or false");
    }

    Outcome outcomeAt(int column) throws IOException {
      Outcome o = Outcome.fromLabel(fields.get(column));
      if (o == null) {
        throw bad(column, "an outcome (ok, http-error, timeout, connect-error, reset, invalid, aborted)");
      }
      return o;
    }

    Phase phaseAt(int column) throws IOException {
      String s = fields.get(column);
      for (Phase ph : PHASES) {
        if (ph.label().equals(s)) {
          return ph;
        }
      }
      throw bad(column, "a phase (ramp-up, measure, ramp-down)");
    }
  }

  /** Splits RFC 4180 rows; a quoted field may span lines. Tracks 1-based line numbers. */
  private static final class RowReader {
    private final Reader in;
    private final String name;
    private final StringBuilder field = new StringBuilder();
    int nextLine = 1;
    private int pushedBack = -2;

    RowReader(Reader in, String name) {
      this.in = in;
      this.name = name;
    }

    private int read() throws IOException {
      if (pushedBack != -2) {
        int c = pushedBack;
        pushedBack = -2;
        return c;
      }
      return in.read();
    }

    /** Reads the next row into {@code out}; false at end of input. */
    boolean next(List<String> out) throws IOException {
      out.clear();
      field.setLength(0);
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
              field.append('"');
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
            field.append((char) c);
          }
        } else if (c == ',') {
          out.add(field.toString());
          field.setLength(0);
          afterQuote = false;
        } else if (c == '\n' || c == -1) {
          out.add(field.toString());
          nextLine++;
          return true;
        } else if (c == '\r') {
          int d = read();
          if (d != '\n') {
            pushedBack = d;
          }
          out.add(field.toString());
          nextLine++;
          return true;
        } else if (c == '"' && field.length() == 0 && !afterQuote) {
          quoted = true;
        } else {
          field.append((char) c);
        }
        c = read();
      }
    }
  }
}
