package io.crosscheck.audit;

import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.OutputTarget;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Makes a comparison's output files appear all at once or not at all: each is written as {@code
 * NAME.tmp} and {@link #commit} renames them into place ({@code findings.json}, the last name,
 * after removing the old one, so no findings ever sit beside exchanges they were not computed
 * from). A failure before the commit, or Ctrl-C (a JVM shutdown) at any point before it, removes
 * the temporary files and leaves the previous outputs as they were. Thread-safe: the shutdown hook
 * and the comparing thread meet on one lock.
 */
public final class OutputCommit implements AutoCloseable {
  public static final String SUFFIX = ".tmp";

  private final Path dir;
  private final List<String> names;
  private final Thread hook;
  private boolean committed;
  private boolean aborted;

  /**
   * @param names the outputs, in commit order; the last is the one that vouches for the others
   * @throws InterruptedIOException when the JVM is already shutting down (Ctrl-C came first): no
   *     comparison is started that the shutdown would cut short
   */
  public OutputCommit(Path dir, List<String> names) throws InterruptedIOException {
    this.dir = dir;
    this.names = List.copyOf(names);
    this.hook = new Thread(this::abort, "crosscheck-compare-abort");
    try {
      Runtime.getRuntime().addShutdownHook(hook);
    } catch (IllegalStateException e) {
      throw new InterruptedIOException("interrupted: the comparison did not start (the JVM is shutting down)");
    }
  }

  /** Creates or writes temporary files of this commit; see {@link #creating}. */
  @FunctionalInterface
  public interface Creation<T> {
    T create() throws IOException;
  }

  /**
   * Runs {@code creation}, which creates this commit's temporary files, unless a shutdown (Ctrl-C)
   * aborted the comparison first: then nothing is created and this throws. A shutdown that comes
   * while it runs waits for it, then removes what it created. (Without this a file created just after
   * the shutdown hook had removed the temporaries stayed as {@code NAME.tmp}: the JVM halts once its
   * hooks are done, whatever the comparing thread does next.)
   *
   * @throws InterruptedIOException when a shutdown aborted the comparison first
   */
  public synchronized <T> T creating(Creation<T> creation) throws IOException {
    if (aborted) {
      throw new InterruptedIOException("interrupted: the comparison's outputs were not written");
    }
    return creation.create();
  }

  /** Where {@code name} is written until the commit. */
  public Path tmp(String name) {
    return dir.resolve(name + SUFFIX);
  }

  /**
   * Renames every temporary file into place, the last name last.
   *
   * @throws InterruptedIOException when a shutdown (Ctrl-C) aborted the comparison first
   */
  public synchronized void commit() throws IOException {
    if (aborted) {
      throw new InterruptedIOException("interrupted: the comparison's outputs were not written");
    }
    String last = names.get(names.size() - 1);
    OutputTarget.Resolved lastTarget = OutputTarget.resolve(dir.resolve(last));
    if (lastTarget.regular()) {
      Files.deleteIfExists(lastTarget.path()); // the file a link leads to, never the link; never a FIFO
    }
    for (String name : names) {
      JsonFiles.replace(tmp(name), dir.resolve(name));
    }
    committed = true;
  }

  private synchronized void abort() {
    if (!committed) {
      aborted = true;
      deleteTemporaries();
    }
  }

  private void deleteTemporaries() {
    for (String name : names) {
      try {
        Files.deleteIfExists(tmp(name));
      } catch (IOException e) {
        // best effort: a leftover .tmp is never read as an output
      }
    }
  }

  @Override
  public synchronized void close() {
    if (!committed) {
      deleteTemporaries();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs (or ran) abort()
    }
  }
}
