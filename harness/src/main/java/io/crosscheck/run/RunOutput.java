package io.crosscheck.run;

import java.nio.file.Path;

/**
 * Where a run directory is created and how its progress is shown: {@code --out}, {@code --name}
 * and {@code --progress} of {@code run}, {@code audit} and {@code demo}, as checked values.
 *
 * @param outBase the directory under which run directories are created
 * @param name the suffix of the run directory's name
 * @param progressMode auto (on a terminal), on or off
 */
public record RunOutput(Path outBase, String name, String progressMode) {
  /** The progress mode a child JVM is given: auto resolved here, where the terminal is. */
  public String childProgressMode() {
    return "auto".equals(progressMode) ? (System.console() != null ? "on" : "off") : progressMode;
  }
}
