package io.crosscheck.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * The one line an I/O failure is told in on stderr ({@code what, where, what to do}): a full disk, a
 * run directory that cannot be created, a missing or unreadable file; anything else is an internal
 * error. Used by the command line's error handler, the CI gate and the audit's comparison.
 */
public final class ErrorLines {
  /** ENOSPC in the kernel's words, as exception messages and run.json's failure carry it. */
  public static final String DISK_FULL = "No space left on device";

  private ErrorLines() {}

  /** The one line for {@code ex}: what, where and what to do. */
  public static String describe(Throwable ex) {
    IOException io = ioCause(ex);
    if (io != null && isDiskFull(io)) {
      String file = io instanceof FileSystemException f && f.getFile() != null ? f.getFile() + ": " : "";
      return file + "no space left on device; free some space or write to another --out";
    }
    if (io instanceof FileAlreadyExistsException f) {
      return f.getFile() + ": exists and is not a directory; expected a directory to create run directories"
          + " in (--out DIR)";
    }
    if (io instanceof FileSystemException f && f.getReason() != null && f.getReason().contains("name too long")) {
      return f.getFile() + ": file name too long (the system allows 255 bytes per name); use a shorter --name"
          + " or --out";
    }
    if (io instanceof NoSuchFileException f) {
      return f.getFile() + ": no such file or directory";
    }
    if (io instanceof AccessDeniedException f) {
      return f.getFile() + ": permission denied; pick a writable --out";
    }
    if (io != null) {
      return io.getMessage() != null ? io.getMessage() : io.getClass().getSimpleName();
    }
    return "internal error: " + ex.getClass().getName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage())
        + " (--debug prints the stack trace; please report it)";
  }

  /** A run directory that could not be created: nothing was started. */
  public static boolean nothingStarted(Throwable ex) {
    IOException io = ioCause(ex);
    return io instanceof FileAlreadyExistsException || io instanceof AccessDeniedException
        || io instanceof FileSystemException f && f.getReason() != null && f.getReason().contains("name too long");
  }

  public static boolean isDiskFull(Throwable ex) {
    for (Throwable t = ex; t != null; t = t.getCause()) {
      String m = t instanceof FileSystemException f ? f.getReason() : t.getMessage();
      if (m != null && m.contains(DISK_FULL)) {
        return true;
      }
    }
    return false;
  }

  private static IOException ioCause(Throwable ex) {
    for (Throwable t = ex; t != null; t = t.getCause()) {
      if (t instanceof UncheckedIOException u) {
        return u.getCause();
      }
      if (t instanceof IOException io) {
        return io;
      }
    }
    return null;
  }
}
