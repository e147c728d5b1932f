package io.crosscheck.rundir;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.text.CsvFormatException;
import io.crosscheck.text.CsvRows;
import io.crosscheck.text.Printable;
import io.crosscheck.wire.WireCsv;
import io.crosscheck.wire.WireExchange;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The readers of the wire CSVs a run directory holds, whose writer is {@link WireCsv} (the format
 * of each file is specified there): {@value WireCsv#EXCHANGES_FILE} back into {@link WireExchange}s
 * and {@value WireCsv#CONNECTION_FILE} into {@link OpenCount}s. Rows go through the RFC 4180 reader
 * ({@link CsvRows}), never split by position. A last row cut short (the capture was killed mid-row)
 * is skipped; any other malformed row fails with {@code FILE:LINE}, the column and the value.
 * Stateless and thread-safe.
 */
public final class WireFiles {
  private static final List<String> EXCHANGE_COLUMNS = Arrays.asList(WireCsv.EXCHANGES_HEADER.split(","));
  private static final List<String> CONNECTION_COLUMNS = Arrays.asList(WireCsv.CONNECTION_HEADER.split(","));

  private WireFiles() {}

  /**
   * One {@value WireCsv#CONNECTION_FILE} row: an open or a close on the capture's clock.
   *
   * @param epochSeconds when, epoch seconds (9 decimals in the file)
   * @param open true for an open, false for a close
   * @param openConnections connections open right after it
   */
  public record OpenCount(double epochSeconds, boolean open, int openConnections) {}

  /** Reads a {@value WireCsv#EXCHANGES_FILE}, in file order. */
  public static List<WireExchange> readExchanges(Path file) throws IOException {
    List<WireExchange> out = new ArrayList<>();
    read(file, WireCsv.EXCHANGES_HEADER, EXCHANGE_COLUMNS, r -> out.add(new WireExchange(r.text(0), r.longAt(1),
        r.text(2), r.intAt(3), r.boolAt(4), r.longAt(5), r.longAt(6), r.longAt(7), r.longAt(8), r.longAt(9),
        r.text(10), r.text(11), r.intAt(12), r.longAt(13), r.longAt(14), r.text(15), r.boolAt(16))));
    return out;
  }

  /** Reads a {@value WireCsv#CONNECTION_FILE}, in file order. */
  public static List<OpenCount> readOpenCounts(Path file) throws IOException {
    List<OpenCount> out = new ArrayList<>();
    read(file, WireCsv.CONNECTION_HEADER, CONNECTION_COLUMNS, r -> {
      long open = r.longAt(1);
      if (open != 0 && open != 1) {
        throw r.bad(1, "0 or 1");
      }
      out.add(new OpenCount(r.doubleAt(0), open == 1, r.intAt(2)));
    });
    return out;
  }

  private interface RowConsumer {
    void accept(Row row) throws IOException;
  }

  private static void read(Path file, String header, List<String> columns, RowConsumer consumer) throws IOException {
    String name = file.toString();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      CsvRows rows = new CsvRows(in, name);
      List<String> found = rows.header(header);
      if (!columns.equals(found)) {
        throw new MalformedInputException(Printable.escape(name) + ":1: header \""
            + Printable.quoted(String.join(",", found)) + "\" (expected " + header + ")");
      }
      while (rows.nextDataRow(columns.size())) {
        consumer.accept(new Row(rows, name, columns));
      }
    } catch (CsvFormatException e) {
      throw new MalformedInputException(e.getMessage(), e);
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new MalformedInputException(Printable.escape(name) + ": not UTF-8 text (expected a "
          + file.getFileName() + " as crosscheck writes it)", e);
    }
  }

  /** Typed access to one row's fields, with located errors. */
  private record Row(CsvRows rows, String name, List<String> columns) {
    String text(int column) {
      return rows.text(column);
    }

    MalformedInputException bad(int column, String expected) {
      return new MalformedInputException(Printable.escape(name) + ":" + rows.line() + ": column " + (column + 1)
          + " (" + columns.get(column) + "): \"" + Printable.quoted(rows.text(column)) + "\" is not " + expected);
    }

    long longAt(int column) throws MalformedInputException {
      return parsed(column, Long::parseLong, "an integer");
    }

    int intAt(int column) throws MalformedInputException {
      return parsed(column, Integer::parseInt, "an int");
    }

    double doubleAt(int column) throws MalformedInputException {
      return parsed(column, Double::parseDouble, "a number");
    }

    /** The column's text parsed by {@code parse}; one that does not parse is not {@code expected}. */
    private <T> T parsed(int column, Function<String, T> parse, String expected) throws MalformedInputException {
      try {
        return parse.apply(rows.text(column));
      } catch (NumberFormatException e) {
        throw bad(column, expected);
      }
    }

    boolean boolAt(int column) throws MalformedInputException {
      if (rows.is(column, "true")) {
        return true;
      }
      if (rows.is(column, "false")) {
        return false;
      }
      throw bad(column, "true or false");
    }
  }
}
