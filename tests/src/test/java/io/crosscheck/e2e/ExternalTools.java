package io.crosscheck.e2e;

import java.nio.file.Files;
import java.nio.file.Path;

/** The outside programs some end-to-end tests drive (httperf, tcpdump): whether they are installed. */
final class ExternalTools {
  private ExternalTools() {}

  /** Whether an executable {@code tool} is in a directory of {@code PATH}. */
  static boolean onPath(String tool) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(d, tool))) {
        return true;
      }
    }
    return false;
  }
}
