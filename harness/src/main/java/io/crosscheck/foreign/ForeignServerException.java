package io.crosscheck.foreign;

/**
 * A foreign server could not be installed, configured, started or probed: one line naming what
 * failed and where (the command, the port, the tail of the server's error log), meant to be shown
 * as is, without a stack trace.
 */
public final class ForeignServerException extends Exception {
  private static final long serialVersionUID = 1L;

  /** {@code message} is the whole line the user reads. */
  public ForeignServerException(String message) {
    super(message);
  }
}
