package io.crosscheck.record;

import io.crosscheck.model.Phase;
import io.crosscheck.text.CsvFormatException;
import io.crosscheck.text.CsvRows;
import io.crosscheck.text.InputLimits;
import io.crosscheck.text.InputLines;
import io.crosscheck.text.Printable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
 *       invalid, aborted, generator-error), {@code phase} ({@link Phase#label()}: ramp-up, measure, ramp-down)
 *   <li>{@code detail} (text; short failure reason, empty otherwise)
 * </ol>
 *
 * <p>The crosscheck agent writes the same 18 columns and three more ({@link #AGENT_COLUMNS}: {@code
 * thread} (text, the thread's name), {@code intervalId} (long, the reported interval the exchange
 * belongs to, -1 when none; see {@link IntervalCsv}), {@code closeNanos} (long, monotonic, when the
 * generator's {@code close()} of the reply stream returned, -1 if never)); its header is {@link
 * #AGENT_HEADER}. The reader accepts either header; {@link #readAll} returns the agent columns,
 * row by row aligned with the records, in {@link ReadResult#agentColumns()}.
 *
 * <p>A writer killed mid-row leaves a torn last line; the reader skips it and reports it ({@link
 * #readAll}, {@link TornLine}) instead of failing, and returns every record before it. Whether a
 * last row is short is judged against the header's column count.
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

  /** The columns the crosscheck agent appends to {@link #COLUMNS}. */
  public static final List<String> AGENT_COLUMNS = List.of("thread", "intervalId", "closeNanos");

  /** The first line of a requests.csv written by the crosscheck agent. */
  public static final String AGENT_HEADER = HEADER + "," + String.join(",", AGENT_COLUMNS);

  private static final List<String> ALL_AGENT_COLUMNS = concat(COLUMNS, AGENT_COLUMNS);

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return List.copyOf(out);
  }

  /**
   * The agent's three columns of one row (see the class comment).
   *
   * @param thread the name of the thread that made the exchange
   * @param intervalId the reported interval it belongs to, -1 when none
   * @param closeNanos when the generator's close() of the reply stream returned (monotonic), -1 if never
   */
  public record AgentColumns(String thread, long intervalId, long closeNanos) {}

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
    return appendFields(sb, r).append('\n');
  }

  /**
   * Appends one row of {@link #AGENT_HEADER}'s columns: {@code r}'s and {@code a}'s, ending with
   * {@code \n}.
   */
  public static StringBuilder appendRow(StringBuilder sb, RequestRecord r, AgentColumns a) {
    appendFields(sb, r).append(',');
    CsvRows.appendField(sb, a.thread()).append(',').append(a.intervalId()).append(',').append(a.closeNanos());
    return sb.append('\n');
  }

  private static StringBuilder appendFields(StringBuilder sb, RequestRecord r) {
    sb.append(r.sessionId()).append(',')
        .append(r.userId()).append(',')
        .append(r.seq()).append(',');
    CsvRows.appendField(sb, r.method()).append(',');
    CsvRows.appendField(sb, r.url()).append(',');
    CsvRows.appendField(sb, r.connectionId()).append(',');
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
    return CsvRows.appendField(sb, r.detail());
  }

  /** One row as a string, with its line end. */
  public static String row(RequestRecord r) {
    return appendRow(new StringBuilder(160), r).toString();
  }

  /**
   * The last line of a requests.csv that its writer never finished (killed or crashed mid-row):
   * skipped by the reader and reported.
   *
   * @param line the 1-based line number where the torn row starts
   * @param bytes its length in UTF-8 bytes as found in the file, including a line end if it has one
   * @param reason why it is taken as torn, e.g. "no line end" or "7 columns (expected 18)"
   */
  public record TornLine(int line, long bytes, String reason) {}

  /**
   * What {@link #readAll} found: every complete record, in file order, the torn last line that was
   * skipped, if any, and for a file written by the agent its three columns, element i belonging to
   * record i.
   */
  public record ReadResult(List<RequestRecord> records, Optional<TornLine> tornLastLine,
      Optional<List<AgentColumns>> agentColumns) {
    public ReadResult {
      records = List.copyOf(records);
      Objects.requireNonNull(tornLastLine, "tornLastLine");
      agentColumns = agentColumns.map(List::copyOf);
      if (agentColumns.isPresent() && agentColumns.get().size() != records.size()) {
        throw new IllegalArgumentException("agent columns of " + agentColumns.get().size() + " rows for "
            + records.size() + " records");
      }
    }

    /** A plain requests.csv's result (no agent columns). */
    public ReadResult(List<RequestRecord> records, Optional<TornLine> tornLastLine) {
      this(records, tornLastLine, Optional.empty());
    }
  }

  /**
   * Reads every record of a requests.csv file. A torn last line (see {@link #forEach(Reader,
   * String, Consumer)}) is skipped without a trace here; {@link #readAll} reports it.
   *
   * @throws IOException when the file cannot be read, or a row other than a torn last one is
   *     malformed: the message names {@code FILE:LINE}, the column and the value
   */
  public static List<RequestRecord> read(Path file) throws IOException {
    return readAll(file).records();
  }

  /**
   * Reads every record of a requests.csv file, and reports a torn last line instead of failing
   * on it.
   *
   * @throws IOException as {@link #read}
   */
  public static ReadResult readAll(Path file) throws IOException {
    List<RequestRecord> out = new ArrayList<>();
    AgentRows agent = new AgentRows();
    Optional<TornLine> torn;
    checkFile(file);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      torn = forEach(in, String.valueOf(file.getFileName()), (r, line) -> out.add(r), agent);
    }
    return new ReadResult(out, torn, agent.agentFile ? Optional.of(agent.rows) : Optional.empty());
  }

  /** Collects the agent's columns of a file written by the agent (nothing for a plain file). */
  private static final class AgentRows {
    boolean agentFile;
    final List<AgentColumns> rows = new ArrayList<>();
  }

  /**
   * Streams the records of a requests.csv file to {@code consumer}, in file order.
   *
   * @return the torn last line that was skipped, if any
   */
  public static Optional<TornLine> forEach(Path file, Consumer<RequestRecord> consumer)
      throws IOException {
    checkFile(file);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return forEach(in, String.valueOf(file.getFileName()), consumer);
    }
  }

  /** Takes each record with the 1-based line its row starts on (for {@code FILE:LINE} messages). */
  public interface LocatedConsumer {
    void accept(RequestRecord record, int line) throws IOException;
  }

  /**
   * {@link #forEach(Path, Consumer)}, each record with the line its row starts on; also reads a file
   * written by the agent (its own columns are skipped). An {@link IOException} thrown by {@code
   * consumer} ends the read and is passed on.
   *
   * @return the torn last line that was skipped, if any
   */
  public static Optional<TornLine> forEachLocated(Path file, LocatedConsumer consumer) throws IOException {
    checkFile(file);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return forEach(in, String.valueOf(file.getFileName()), consumer, null);
    }
  }

  /**
   * Refuses a FIFO, a device or a directory before opening it (a FIFO without a writer would hang
   * the reader). The file's size is not limited: it is streamed, and each row is bounded by {@link
   * InputLimits#MAX_CSV_ROW_CHARS}.
   */
  static void checkFile(Path file) throws IOException {
    if (Files.exists(file)) {
      InputLines.checkRegularFile(file, file.toString(), Long.MAX_VALUE, "a CSV file of a run directory");
    }
  }

  /**
   * Streams records from {@code in}; {@code name} (a file name) starts every error message.
   *
   * <p>The writer appends whole rows, each with its line end, so a writer killed mid-row leaves a
   * last row without its line end (with fewer columns, a cut number or a cut text). Such a last row
   * is torn: it is not passed to {@code consumer} but returned, whatever it holds. A last row that
   * has its line end but fewer columns than {@link #COLUMNS} is taken as torn too. Blank lines
   * after it do not count. Any other malformed row, and a malformed row followed by more rows,
   * fails the read with {@code FILE:LINE}.
   *
   * @return the torn last line that was skipped, if any
   */
  public static Optional<TornLine> forEach(Reader in, String name, Consumer<RequestRecord> consumer)
      throws IOException {
    return forEach(in, name, (r, line) -> consumer.accept(r), null);
  }

  private static Optional<TornLine> forEach(Reader in, String name, LocatedConsumer consumer,
      AgentRows agentRows) throws IOException {
    try {
      return forEachRow(in, name, consumer, agentRows);
    } catch (CsvFormatException e) {
      throw new MalformedInputException(e.getMessage(), e);
    } catch (CharacterCodingException e) {
      // the decoder's own message ("Input length = 1") names neither file nor problem (RequestCsvFuzzTest)
      throw new MalformedInputException(Printable.escape(name) + ": not UTF-8 text (" + e.getClass().getSimpleName()
          + ": " + e.getMessage() + "; expected a requests.csv as crosscheck writes it)", e);
    }
  }

  private static Optional<TornLine> forEachRow(Reader in, String name, LocatedConsumer consumer,
      AgentRows agentRows) throws IOException {
    CsvRows rows = new CsvRows(in, name);
    List<String> header = rows.header(HEADER);
    boolean agentFile = ALL_AGENT_COLUMNS.equals(header);
    if (!COLUMNS.equals(header) && !agentFile) {
      throw new MalformedInputException(
          Printable.escape(name) + ":1: header \"" + Printable.quoted(String.join(",", header))
              + "\" (expected " + HEADER + ", or the agent's "
              + AGENT_HEADER + ")");
    }
    List<String> columns = agentFile ? ALL_AGENT_COLUMNS : COLUMNS;
    if (agentRows != null) {
      agentRows.agentFile = agentFile;
    }
    while (rows.nextDataRow(columns.size())) {
      Field p = new Field(rows, name, rows.line(), columns);
      RequestRecord r = parse(rows, p);
      if (agentFile && agentRows != null) {
        // parsed before the record is handed on: a malformed agent column fails the read at its line
        agentRows.rows.add(new AgentColumns(rows.text(18), p.longAt(19), p.longAt(20)));
      }
      consumer.accept(r, p.line());
    }
    return Optional.ofNullable(torn(rows.torn()));
  }

  /** The tokenizer's torn row as this format reports it. */
  static TornLine torn(CsvRows.Torn t) {
    return t == null ? null : new TornLine(t.line(), t.bytes(), t.reason());
  }

  private static RequestRecord parse(CsvRows f, Field p) throws IOException {
    return new RequestRecord(
        p.longAt(0), p.intAt(1), p.intAt(2), f.text(3), f.text(4), f.text(5), p.longAt(6),
        p.boolAt(7), p.longAt(8), p.longAt(9), p.longAt(10), p.longAt(11), p.intAt(12),
        p.longAt(13), p.longAt(14), p.outcomeAt(15), p.phaseAt(16), f.text(17));
  }

  /** Typed access to the fields of one row, with located error messages. */
  record Field(CsvRows row, String name, int line, List<String> columns) {
    /** {@code NAME:LINE: column N (NAME): "VALUE" is not EXPECTED}, name and value escaped. */
    IOException bad(int column, String expected) {
      return new MalformedInputException(
          Printable.escape(name) + ":" + line + ": column " + (column + 1) + " (" + columns.get(column)
              + "): \"" + Printable.quoted(row.text(column)) + "\" is not " + expected);
    }

    long longAt(int column) throws IOException {
      long value = row.decimal(column, 18);
      if (value != CsvRows.NOT_SIMPLE) {
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
      if (value != CsvRows.NOT_SIMPLE) {
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
      throw bad(column, "an outcome (ok, http-error, timeout, connect-error, reset, invalid, aborted, generator-error)");
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
}
