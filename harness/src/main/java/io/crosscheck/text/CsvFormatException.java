package io.crosscheck.text;

import java.io.IOException;

/**
 * A CSV file whose text breaks the RFC 4180 rows it should hold ({@link CsvRows}): empty, a row of
 * the wrong column count, a quoted field the file ends in, a runaway row. The message is one line,
 * {@code NAME:LINE: what}, the name escaped ({@link Printable}). The reader of a file format turns it
 * into that format's own error (the run directory's readers: {@code MalformedInputException}).
 */
public final class CsvFormatException extends IOException {
  public CsvFormatException(String message) {
    super(message);
  }
}
