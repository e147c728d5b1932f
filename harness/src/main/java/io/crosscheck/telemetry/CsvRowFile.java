package io.crosscheck.telemetry;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A telemetry CSV file (telemetry.csv, server-telemetry.csv) as its sampler writes it: the header
 * at once, then one row at a time, each flushed as it is written, so a crash or a SIGKILL loses at
 * most the row being written. Failures are data: the first failed write is kept, later rows are
 * dropped, and {@link #problem()} says so for the summary.
 *
 * <p>Not thread-safe: one writer (the sampler thread, then, after it was joined, {@code stop}).
 */
final class CsvRowFile implements AutoCloseable {
  private final Path path;
  private final Writer writer;
  private final StringBuilder row;
  private IOException failure;

  private CsvRowFile(Path path, Writer writer, int rowCapacityChars) {
    this.path = path;
    this.writer = writer;
    this.row = new StringBuilder(rowCapacityChars);
  }

  /** Creates (or truncates) the file and writes its header line. */
  static CsvRowFile create(Path path, String header, int rowCapacityChars) throws IOException {
    Writer w = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
    try {
      w.write(header);
      w.write('\n');
      w.flush();
      return new CsvRowFile(path, w, rowCapacityChars);
    } catch (IOException | RuntimeException e) {
      w.close();
      throw e;
    }
  }

  /** The file. */
  Path path() {
    return path;
  }

  /** The row buffer, emptied: append one row (with its newline) to it, then call {@link #writeRow()}. */
  StringBuilder newRow() {
    row.setLength(0);
    return row;
  }

  /** Writes and flushes the row built in {@link #newRow()}; nothing after a failure. */
  void writeRow() {
    if (failure != null) {
      return;
    }
    try {
      writer.append(row);
      writer.flush();
    } catch (IOException e) {
      failure = e;
    }
  }

  @Override
  public void close() {
    try {
      writer.close();
    } catch (IOException e) {
      if (failure == null) {
        failure = e;
      }
    }
  }

  /** What the summary says about a failed write or close, or null when all went well. */
  String problem() {
    return failure == null ? null : "writing " + path + " failed: " + failure.getMessage();
  }
}
