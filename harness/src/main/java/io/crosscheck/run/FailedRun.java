package io.crosscheck.run;

import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.text.ErrorLines;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** The one line on stderr for a run that ended failed: run.json's failure and what to do. */
public final class FailedRun {
  private FailedRun() {}

  /** A failed run: its reason (run.json's failure) as the one line on stderr, with what to do. */
  public static void print(PrintWriter err, String command, Path dir, String status) {
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
        + (why != null && why.contains(ErrorLines.DISK_FULL)
            ? "; the records up to then are kept in " + dir + "; free some space or write to another --out"
            : "; see " + dir.resolve(RunFiles.RUN_JSON)));
    err.flush();
  }
}
