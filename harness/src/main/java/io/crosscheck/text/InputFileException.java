package io.crosscheck.text;

import java.io.IOException;

/**
 * An input file refused before it was used: not a regular file, too large, a line too long, too
 * many lines, not text in the expected encoding, or unreadable. The message is one line that a
 * user can act on: {@code where: what (expected ...)}, where being {@code file} or {@code file:line};
 * control characters of the file name are escaped ({@link Printable}).
 */
public final class InputFileException extends IOException {
  private final String where;
  private final String detail;

  public InputFileException(String where, String detail) {
    super(Printable.escape(where) + ": " + detail);
    this.where = where;
    this.detail = detail;
  }

  /** The file ({@code sessions.log}) or location ({@code sessions.log:7}), as the user named it. */
  public String where() {
    return where;
  }

  /** The message after the location. */
  public String detail() {
    return detail;
  }
}
