package io.crosscheck.wan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

  /** Runs {@code command}; its output must fit a pipe buffer (all of ours do). */
  static Result run(List<String> command) throws IOException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("`" + String.join(" ", command) + "` did not finish within "
            + TIMEOUT_SECONDS + " s");
      }
      return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8).strip());
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running `" + String.join(" ", command) + "`");
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
