package io.crosscheck.audit;

import io.crosscheck.compare.ServerTelemetry;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.run.RunJob;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.telemetry.ServerMonitor;
import io.crosscheck.telemetry.ServerTelemetryCsv;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The server host's pressure beside the generator's ({@code audit --server-pid PID}, {@code
 * --server-netns NAME}), for a server on this machine: a {@link ServerMonitor} in this JVM writes
 * {@code server-telemetry.csv} (and {@code server-telemetry.json}, its source and clock) into the run
 * directory from just before the capture starts to just after it stops.
 *
 * @param pids the server processes to sample (empty: none named)
 * @param netns the network namespace whose processes are sampled, or null
 */
public record ServerHostSampling(List<Long> pids, String netns) {
  /** Nothing sampled. */
  public static final ServerHostSampling NONE = new ServerHostSampling(List.of(), null);

  public ServerHostSampling {
    pids = List.copyOf(pids);
  }

  /** Whether any server process is to be sampled. */
  public boolean requested() {
    return netns != null || !pids.isEmpty();
  }

  /** {@code inner} with the monitor around it; {@code inner} itself when nothing is to be sampled. */
  public RunJob.Stage around(RunJob.Stage inner, PrintStream out) {
    if (!requested()) {
      return inner;
    }
    ServerMonitor.Selection selection = new ServerMonitor.Selection(pids, netns);
    return new RunJob.Stage() {
      private ServerMonitor monitor;

      @Override
      public void beforeLoad(RunDirectory dir) throws IOException {
        Path csv = dir.path().resolve(ServerTelemetryCsv.FILE);
        String source = (netns != null ? "audit --server-netns " + netns : "audit --server-pid "
            + pids.toString().replaceAll("[\\[\\] ]", "")) + ": " + selection.describe() + " of this host";
        JsonFiles.writeAtomically(dir.path().resolve(ServerTelemetry.SOURCE_FILE),
            new ServerTelemetry.Source(source, true, 0));
        monitor = ServerMonitor.start(csv, selection, ServerMonitor.DEFAULT_PERIOD_NANOS);
        out.println("crosscheck: server host: sampling " + selection.describe() + " every 100 ms into " + csv);
        try {
          inner.beforeLoad(dir);
        } catch (IOException | RuntimeException e) {
          monitor.stop();
          throw e;
        }
      }

      @Override
      public void afterLoad(RunDirectory dir) throws IOException {
        try {
          inner.afterLoad(dir);
        } finally {
          if (monitor != null) {
            out.println("crosscheck: server host: " + monitor.stop().line());
          }
        }
      }
    };
  }
}
