package io.crosscheck.record;

import io.crosscheck.text.CsvFormatException;
import io.crosscheck.text.CsvRows;
import io.crosscheck.text.Printable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code intervals.csv} file the crosscheck agent writes into a run directory: one {@link
 * IntervalRecord} per row, for each figure the generator reported (a call of the {@code
 * reportedBy} method, or of the {@code reportedValue} method) that grouped at least one exchange.
 *
 * <p>UTF-8, {@code \n} line ends, RFC 4180 quoting as {@link RequestCsv}. The first line is {@link
 * #HEADER}; the columns, in order: {@code intervalId} (long), {@code threadId} (long), {@code
 * thread} (text), {@code source} (text, {@code CLASS#METHOD}), {@code startNanos}, {@code
 * endNanos}, {@code reportedNanos} (long, monotonic nanoseconds of the generator's JVM),
 * {@code reportedValue} (text, the raw number; empty for reportedBy), {@code reportedUnit} (text),
 * {@code exchanges} (int). See {@link IntervalRecord} for their meaning.
 *
 * <p>The agent's writer appends whole rows; a target killed mid-row leaves a torn last line, which
 * is skipped and reported as in requests.csv. Any other malformed row fails the read with {@code
 * FILE:LINE}, the column and the value. Stateless and thread-safe.
 */
public final class IntervalCsv {
  /** The file's name in a run directory. */
  public static final String FILE = "intervals.csv";

  /** The column names, in order. */
  public static final List<String> COLUMNS = List.of("intervalId", "threadId", "thread", "source", "startNanos",
      "endNanos", "reportedNanos", "reportedValue", "reportedUnit", "exchanges");

  /** The first line of the file, without its line end. */
  public static final String HEADER = String.join(",", COLUMNS);

  private IntervalCsv() {}

  /** Appends one row for {@code i} (RFC 4180 quoting as requests.csv), ending with {@code \n}. */
  public static StringBuilder appendRow(StringBuilder sb, IntervalRecord i) {
    sb.append(i.intervalId()).append(',').append(i.threadId()).append(',');
    CsvRows.appendField(sb, i.thread()).append(',');
    CsvRows.appendField(sb, i.source()).append(',');
    sb.append(i.startNanos()).append(',').append(i.endNanos()).append(',').append(i.reportedNanos()).append(',');
    CsvRows.appendField(sb, i.reportedValue()).append(',');
    CsvRows.appendField(sb, i.reportedUnit()).append(',');
    return sb.append(i.exchanges()).append('\n');
  }

  /** Every interval of the file, in file order, and the torn last line skipped, if any. */
  public record ReadResult(List<IntervalRecord> intervals, Optional<RequestCsv.TornLine> tornLastLine) {
    public ReadResult {
      intervals = List.copyOf(intervals);
      Objects.requireNonNull(tornLastLine, "tornLastLine");
    }
  }

  /**
   * Reads an intervals.csv file.
   *
   * @throws IOException when it cannot be read or a row other than a torn last one is malformed
   *     ({@code FILE:LINE: column N (name): "value" is not ...})
   */
  public static ReadResult read(Path file) throws IOException {
    RequestCsv.checkFile(file);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(in, String.valueOf(file.getFileName()));
    }
  }

  /** Reads intervals from {@code in}; {@code name} starts every error message. */
  public static ReadResult read(Reader in, String name) throws IOException {
    try {
      return readRows(new CsvRows(in, name), name);
    } catch (CsvFormatException e) {
      throw new MalformedInputException(e.getMessage(), e);
    }
  }

  private static ReadResult readRows(CsvRows rows, String name) throws IOException {
    List<String> header = rows.header(HEADER);
    if (!COLUMNS.equals(header)) {
      throw new MalformedInputException(
          Printable.escape(name) + ":1: header \"" + Printable.quoted(String.join(",", header))
              + "\" (expected " + HEADER + ")");
    }
    List<IntervalRecord> out = new ArrayList<>();
    while (rows.nextDataRow(COLUMNS.size())) {
      int line = rows.line();
      RequestCsv.Field f = new RequestCsv.Field(rows, name, line, COLUMNS);
      long exchanges = f.longAt(9);
      if (exchanges < 0 || exchanges > Integer.MAX_VALUE) {
        throw f.bad(9, "a count of exchanges");
      }
      out.add(new IntervalRecord(f.longAt(0), f.longAt(1), rows.text(2), rows.text(3), f.longAt(4), f.longAt(5),
          f.longAt(6), rows.text(7), rows.text(8), (int) exchanges));
    }
    return new ReadResult(out, Optional.ofNullable(RequestCsv.torn(rows.torn())));
  }
}
