package io.crosscheck.model.spec;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading of the small text files that options name (gaps, think tables, URL lists, wsesslog):
 * UTF-8, read whole before any load starts. A file that cannot be read is a {@link Problem} of the
 * option that named it. Stateless.
 */
final class SpecFiles {
  private SpecFiles() {}

  /** The file's lines, or null after adding a problem naming {@code option}. */
  static List<String> readLines(String option, String pathText, List<Problem> problems) {
    try {
      return Files.readAllLines(Path.of(pathText), StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      problems.add(new Problem(option, pathText, "a UTF-8 text file"));
    } catch (IOException | RuntimeException e) {
      // InvalidPathException is a RuntimeException; the cause's class names the reason tersely
      problems.add(new Problem(option, pathText, "a readable file (" + e.getClass().getSimpleName() + ")"));
    }
    return null;
  }

  /** The location of a 1-based line, as the user named the file: {@code sessions.log:7}. */
  static String where(String pathText, int line) {
    return pathText + ":" + line;
  }

  /**
   * The meaningful lines of a simple file: blank lines and {@code #} comments (whole-line or
   * trailing) dropped, the rest trimmed, each with its 1-based line number.
   */
  static List<NumberedLine> contentLines(List<String> lines) {
    List<NumberedLine> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String text = lines.get(i);
      int hash = text.indexOf('#');
      text = (hash >= 0 ? text.substring(0, hash) : text).trim();
      if (!text.isEmpty()) {
        out.add(new NumberedLine(i + 1, text));
      }
    }
    return out;
  }

  /** A trimmed line and its 1-based number. */
  record NumberedLine(int line, String text) {}
}
