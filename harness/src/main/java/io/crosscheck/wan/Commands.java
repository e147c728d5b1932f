package io.crosscheck.wan;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code ip}, {@code tc} and {@code sysctl} commands that build a WAN network, each bounded
 * to {@link #TIMEOUT_SECONDS}; a failure is one line naming the command, its exit status and what it
 * printed. Stateless and thread-safe.
 */
final class Commands {
  static final long TIMEOUT_SECONDS = 10;

  private Commands() {}

  /** What a finished command printed (stdout and stderr together) and its exit status. */
  record Result(int exitStatus, String output) {
    boolean ok() {
      return exitStatus == 0;
    }
  }

  /**
   * Runs {@code command}. Its output goes to a temporary file, not a pipe, so the timeout bounds the
   * command even when it hangs with its output open, and no output size can block it.
   */
  static Result run(List<String> command) throws IOException {
    return run(command, TIMEOUT_SECONDS);
  }

  /** As {@link #run(List)}, bounded to {@code timeoutSeconds} instead (the test of the bound). */
  static Result run(List<String> command, long timeoutSeconds) throws IOException {
    Path output = Files.createTempFile("crosscheck-wan-command", ".out");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      try {
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new IOException("`" + String.join(" ", command) + "` did not finish within "
              + timeoutSeconds + " s");
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while running `" + String.join(" ", command) + "`");
      }
      return new Result(p.exitValue(), new String(Files.readAllBytes(output), StandardCharsets.UTF_8).strip());
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /**
   * Runs {@code command} and insists on exit status 0.
   *
   * @throws IOException {@code `ip ...` failed (exit 2): what it printed}
   */
  static String check(List<String> command) throws IOException {
    Result r = run(command);
    if (!r.ok()) {
      throw new IOException("`" + String.join(" ", command) + "` failed (exit " + r.exitStatus() + "): "
          + r.output().replace('\n', ' '));
    }
    return r.output();
  }
}
