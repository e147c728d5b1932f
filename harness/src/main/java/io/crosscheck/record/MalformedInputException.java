package io.crosscheck.record;

import java.io.IOException;

/**
 * An input file that exists but does not hold what it should (a malformed row, JSON that is not a
 * run's, a format written by a newer crosscheck). The message names the file (and line where
 * known) and what is wrong. Commands report it as bad input (exit 2), apart from I/O failures.
 */
public class MalformedInputException extends IOException {
  public MalformedInputException(String message) {
    super(message);
  }

  public MalformedInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
