package io.crosscheck.cli;

import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * The command line's error lines: a bad option (picocli's {@link
 * CommandLine.ParameterException}), an exception escaping a command, and a run that ended failed.
 * Each prints one line on stderr, {@code crosscheck COMMAND: what, where, what was expected, what to do}; the stack trace
 * only with {@code --debug}. Exit codes as the README documents: 2 for bad usage and for a run
 * directory that cannot be created (nothing was started), 1 for any other failure.
 */
final class CliErrors {
  /** ENOSPC in the kernel's words, as exception messages and run.json's failure carry it. */
  private static final String DISK_FULL = "No space left on device";

  private CliErrors() {}

  /** A bad option or argument: the one-line message and where to read more, not the whole usage. */
  static int parameter(CommandLine.ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    PrintWriter err = cmd.getErr();
    String name = cmd.getCommandSpec().qualifiedName();
    err.println(name + ": " + ex.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
    err.println("See '" + name + " --help'");
    err.flush();
    return cmd.getCommandSpec().exitCodeOnInvalidInput();
  }

  /** An exception a command let escape: one line, exit 1 (2 when nothing was started). */
  static int execution(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) {
    PrintWriter err = cmd.getErr();
    err.println(cmd.getCommandSpec().qualifiedName() + ": " + describe(ex));
    if (debug(parsed)) {
      ex.printStackTrace(err);
    }
    err.flush();
    return nothingStarted(ex) ? 2 : 1;
  }

  /** Whether {@code --debug} was given to the command or any parent. */
  static boolean debug(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--debug")) {
        return true;
      }
    }
    return false;
  }

  /** The one line for {@code ex}: what, where and what to do. */
  static String describe(Throwable ex) {
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
  private static boolean nothingStarted(Throwable ex) {
    IOException io = ioCause(ex);
    return io instanceof FileAlreadyExistsException || io instanceof AccessDeniedException
        || io instanceof FileSystemException f && f.getReason() != null && f.getReason().contains("name too long");
  }

  /** A failed run: its reason (run.json's failure) as the one line on stderr, with what to do. */
  static void runFailed(PrintWriter err, String command, Path dir, String status) {
    if (!RunJson.FAILED.equals(status)) {
      return;
    }
    String why;
    try {
      why = RunFiles.readRun(dir).failure();
    } catch (IOException | RuntimeException e) {
      why = null;
    }
    err.println(command + ": the run failed" + (why == null ? "" : ": " + why)
        + (why != null && why.contains(DISK_FULL)
            ? "; the records up to then are kept in " + dir + "; free some space or write to another --out"
            : "; see " + dir.resolve(RunFiles.RUN_JSON)));
    err.flush();
  }

  static boolean isDiskFull(Throwable ex) {
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
