package io.crosscheck.run;

import io.crosscheck.telemetry.ServerMonitor;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code crosscheck monitor}'s job: a server host's pressure sampled into {@code csv} every {@code
 * periodNanos} for {@code durationNanos} (0: until Ctrl-C or SIGTERM), then its summary line.
 *
 * @param durationText the duration as given, for the first line (null: until stopped)
 */
public record MonitorJob(Path csv, ServerMonitor.Selection selection, long periodNanos, long durationNanos,
    String durationText) {
  /**
   * Samples, prints the start and summary lines on stdout: 0; 1 when writing the file failed; 2 after
   * one line on {@code err} when a process or namespace named does not exist.
   */
  public int run(PrintWriter err) throws IOException {
    Files.createDirectories(csv.toAbsolutePath().getParent());
    ServerMonitor monitor;
    try {
      monitor = ServerMonitor.start(csv, selection, periodNanos);
    } catch (IOException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("--")) { // a process or namespace that does not exist
        err.println("crosscheck monitor: " + e.getMessage());
        return 2;
      }
      throw e;
    }
    System.out.printf(Locale.ROOT, "crosscheck monitor: sampling %s every %d ms into %s (%s); wall clock and"
            + " monotonic stamps; %s%n", selection.describe(),
        TimeUnit.NANOSECONDS.toMillis(periodNanos), csv, monitor.columns(),
        durationText == null ? "Ctrl-C to stop" : "for " + durationText);
    System.out.flush();
    try (ShutdownInterrupt shutdown = ShutdownInterrupt.install("crosscheck-monitor-shutdown", 10)) {
      long endNanos = System.nanoTime() + durationNanos;
      try {
        while (durationNanos == 0 || System.nanoTime() - endNanos < 0) {
          long left = durationNanos == 0 ? TimeUnit.SECONDS.toNanos(1) : endNanos - System.nanoTime();
          TimeUnit.NANOSECONDS.sleep(Math.max(1, Math.min(left, TimeUnit.SECONDS.toNanos(1))));
        }
      } catch (InterruptedException e) {
        // Ctrl-C or SIGTERM: the normal end of an open-ended monitor
      }
      ServerMonitor.Summary s = monitor.stop();
      System.out.println("crosscheck monitor: " + s.line());
      System.out.flush();
      return s.problems().stream().anyMatch(p -> p.startsWith("writing ")) ? 1 : 0;
    }
  }
}
