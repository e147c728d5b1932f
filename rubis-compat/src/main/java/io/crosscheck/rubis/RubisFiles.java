package io.crosscheck.rubis;

import io.crosscheck.text.InputFileException;
import io.crosscheck.text.InputLimits;
import io.crosscheck.text.InputLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Bounded reading of the RUBiS input files (properties, transition tables, regions, categories):
 * ISO-8859-1 byte for byte, lines ending in CRLF, LF or CR (mixed), as the client's {@code
 * BufferedReader.readLine()} splits them. A file must be a regular file (a FIFO or a device such as
 * {@code /dev/zero} is refused before it is opened) of at most {@link #MAX_FILE_BYTES} (the real
 * files are under 100 KB), with lines of at most {@link InputLimits#MAX_LINE_BYTES} bytes.
 * Stateless.
 */
final class RubisFiles {
  /** Largest RUBiS input file: 16 MiB, over a hundred times the largest real one. */
  static final long MAX_FILE_BYTES = 16L << 20;

  private RubisFiles() {}

  /**
   * The lines of {@code file}.
   *
   * @param expected what the file should be, e.g. "a transition table file"
   * @throws RubisInputException naming the file (or {@code file:line}) and the limit it broke
   */
  static List<String> readLines(Path file, String expected) throws RubisInputException {
    String name = String.valueOf(file.getFileName());
    try {
      return InputLines.readAll(file, name, StandardCharsets.ISO_8859_1, MAX_FILE_BYTES, expected);
    } catch (InputFileException e) {
      // a line is named name:line as the other problems are; the file refused whole, by its path
      throw new RubisInputException(List.of(new RubisProblem(
          e.where().equals(name) ? file.toString() : e.where(), null, e.detail())));
    }
  }

  /**
   * The lines of text already in memory (a shipped resource, or text decoded from ISO-8859-1 bytes),
   * split and limited as a file is; a character above U+00FF is read as {@code ?}.
   */
  static List<String> lines(String source, String text) throws RubisInputException {
    try {
      return InputLines.readAll(text.getBytes(StandardCharsets.ISO_8859_1), source,
          StandardCharsets.ISO_8859_1, "a RUBiS data file");
    } catch (InputFileException e) {
      throw refused(e);
    }
  }

  private static RubisInputException refused(InputFileException e) {
    return new RubisInputException(List.of(new RubisProblem(e.where(), null, e.detail())));
  }
}
