package io.crosscheck.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * How a cell of crosscheck's own engines is audited: {@code crosscheck run RUN_ARGS --target URL
 * --into CELL_DIR} in a child JVM of {@code javaHome} with {@code jvmOpts}, under this process's
 * live capture of {@code target}, then compared, its console output to {@code log}. The command
 * line supplies it (it owns the capture's options); the JVM matrix and the flash-crowd study call it.
 */
@FunctionalInterface
public interface ChildAudit {
  /**
   * Audits one cell into {@code cellDir} (created, empty).
   *
   * @return the audit's exit code (0, 1, 2, 3, 130) and the run directory it wrote
   * @throws java.io.InterruptedIOException when Ctrl-C stopped the child
   */
  MatrixRun.Audited audit(io.crosscheck.model.Target target, Path javaHome, List<String> jvmOpts,
      List<String> runArgs, Path cellDir, PrintStream log) throws IOException;
}
