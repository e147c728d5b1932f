package io.crosscheck.model.spec;

import io.crosscheck.text.InputFileException;
import io.crosscheck.text.InputLimits;
import io.crosscheck.text.InputLines;
import io.crosscheck.text.ProblemCap;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Reading of the text files that options name (gaps, think tables, URL lists, wsesslog): UTF-8,
 * read line by line before any load starts, within {@link InputLimits} (a regular file of at most
 * 256 MiB, lines of at most 64 KiB, at most 4 M lines; see {@link InputLines}). A file that cannot
 * be read or breaks a limit is one {@link Problem} of the option that named it, at {@code file} or
 * {@code file:line}. Each file contributes at most {@link InputLimits#MAX_PROBLEMS_SHOWN} problems
 * ({@link #fileProblems}); the rest are counted. Stateless.
 */
final class SpecFiles {
  private SpecFiles() {}

  /**
   * Streams every line of the file to {@code handler}; false after adding a problem naming
   * {@code option} (the file could not be read or broke a limit).
   *
   * @param expected what the file should be, e.g. "a wsesslog file"
   */
  static boolean forEachLine(String option, String pathText, String expected, List<Problem> problems,
      InputLines.LineHandler handler) {
    Path file;
    try {
      file = Path.of(pathText);
    } catch (RuntimeException e) {
      // InvalidPathException, e.g. a NUL in the name
      problems.add(new Problem(option, pathText, "a file name without NUL characters (" + expected + ")"));
      return false;
    }
    try {
      InputLines.forEach(file, pathText, StandardCharsets.UTF_8, InputLimits.MAX_FILE_BYTES, expected,
          handler);
      return true;
    } catch (InputFileException e) {
      // the whole file refused: name the option too; a line: file:line is enough
      String where = e.where().equals(pathText) ? option + " " + pathText : e.where();
      problems.add(Problem.stated(where, e.detail()));
      return false;
    }
  }

  /** The location of a 1-based line, as the user named the file: {@code sessions.log:7}. */
  static String where(String pathText, int line) {
    return pathText + ":" + line;
  }

  /**
   * The meaningful part of a line of a simple file: the text before a {@code #} comment, trimmed;
   * empty for a blank or comment line.
   */
  static String content(String line) {
    int hash = line.indexOf('#');
    return (hash >= 0 ? line.substring(0, hash) : line).trim();
  }

  /**
   * The problems of one file, capped ({@link ProblemCap}): the "... and N more" line names the file.
   */
  static ProblemCap<Problem> fileProblems(String pathText, List<Problem> out) {
    return new ProblemCap<>(out, text -> Problem.stated(pathText, text));
  }
}
