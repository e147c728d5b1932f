package io.crosscheck.record;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Appends request records to a run's requests.csv ({@link RequestCsv} format) in batches of about
 * {@value #BATCH_CHARS} characters, reusing its buffers (no garbage per row). With a {@link
 * RecordingSink.RowAnnotator} the file has {@link RequestCsv#AGENT_HEADER}'s columns, filled in by
 * it, and the annotator's own file is flushed and closed with this one. Written with {@link
 * FileOutputStream}, which a thread interrupt does not close.
 *
 * <p>Not thread-safe: one writer (the {@link RecordingSink}'s writer thread, then its close).
 */
final class RequestCsvWriter {
  private static final int BATCH_CHARS = 32 * 1024;

  private final Writer csv;
  private final RecordingSink.RowAnnotator annotator;
  private final StringBuilder batch = new StringBuilder(BATCH_CHARS + 1024);
  private char[] chars = new char[BATCH_CHARS + 1024];
  private boolean dirty;
  private long rows;

  /** Creates (or truncates) {@code path} and writes its header; {@code annotator} null for none. */
  RequestCsvWriter(Path path, RecordingSink.RowAnnotator annotator) throws IOException {
    this.annotator = annotator;
    this.csv = new OutputStreamWriter(new FileOutputStream(path.toFile()), StandardCharsets.UTF_8);
    try {
      csv.write(annotator == null ? RequestCsv.HEADER : RequestCsv.AGENT_HEADER);
      csv.write('\n');
      csv.flush();
    } catch (IOException e) {
      csv.close();
      throw e;
    }
  }

  /** Appends {@code r}'s row; writes the batch when it is full. */
  void append(RequestRecord r) throws IOException {
    if (annotator == null) {
      RequestCsv.appendRow(batch, r);
    } else {
      RequestCsv.appendRow(batch, r, annotator.annotate(r));
    }
    rows++;
    dirty = true;
    if (batch.length() >= BATCH_CHARS) {
      writeBatch();
    }
  }

  /** Rows appended so far (in the file once flushed). */
  long rows() {
    return rows;
  }

  /** Whether rows were appended since the last {@link #flush()}. */
  boolean dirty() {
    return dirty;
  }

  private void writeBatch() throws IOException {
    int len = batch.length();
    if (len == 0) {
      return;
    }
    if (chars.length < len) {
      chars = new char[len];
    }
    batch.getChars(0, len, chars, 0);
    batch.setLength(0);
    csv.write(chars, 0, len);
  }

  /** Writes the batch and flushes the file (and the annotator's). */
  void flush() throws IOException {
    dirty = false;
    writeBatch();
    csv.flush();
    if (annotator != null) {
      annotator.flush();
    }
  }

  /** Flushes and closes the file, then the annotator's; every close is tried, the first failure thrown. */
  void close() throws IOException {
    IOException first = null;
    for (IoStep step : new IoStep[] {this::flush, csv::close, annotator == null ? () -> {} : annotator::close}) {
      try {
        step.run();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private interface IoStep {
    void run() throws IOException;
  }
}
