package io.crosscheck.cli;

import io.crosscheck.audit.ServerHostSampling;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.telemetry.ServerMonitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code audit --server-pid PID} and {@code --server-netns NAME}: the server host's pressure beside
 * the generator's, for a server that runs on this machine (in a network namespace of it too: procfs
 * is shared). Parses the options and wraps the audit's capture stage: a {@link ServerMonitor} in this
 * JVM writes {@code server-telemetry.csv} (and {@code server-telemetry.json}, its source and clock)
 * into the run directory from just before the capture starts to just after it stops; the comparison
 * then joins it (one wall clock: no offset to bound).
 *
 * <p>The sampler is a thread of this JVM: with an in-process engine that is the generator's JVM, whose
 * telemetry then includes the sampler's few procfs reads per 100 ms.
 */
final class ServerHostOptions {
  @Option(names = "--server-pid", paramLabel = "PID", description = "Sample this server process of this host (its"
      + " CPU, threads, RSS, its network namespace's counters) and the host's CPU every 100 ms during the audit:"
      + " the findings set the server's CPU beside the error and say which host was the bottleneck. Repeatable.")
  List<Long> pids = new ArrayList<>();

  @Option(names = "--server-netns", paramLabel = "NAME", description = "As --server-pid, for the processes of"
      + " this network namespace of this host ('ip netns pids NAME', found again every second) and its network"
      + " counters (read through one of its processes: /proc/PID/net/dev).")
  String netns;

  boolean requested() {
    return netns != null || !pids.isEmpty();
  }

  void check(List<Problem> problems) {
    if (netns != null && !pids.isEmpty()) {
      problems.add(new Problem("--server-netns", netns, "either --server-pid or --server-netns, not both"));
    }
    for (long pid : pids) {
      if (pid <= 0 || !Files.isDirectory(Path.of("/proc", Long.toString(pid)))) {
        problems.add(new Problem("--server-pid", String.valueOf(pid), "a running process of this host (no /proc/"
            + pid + ")"));
      }
    }
    if (netns != null && (netns.contains("/") || !Files.exists(Path.of("/run/netns", netns)))) {
      problems.add(new Problem("--server-netns", netns, "a network namespace of this host ('ip netns list')"));
    }
  }

  /** The sampling the options ask for, as the audit package takes it. */
  ServerHostSampling sampling() {
    return new ServerHostSampling(pids, netns);
  }
}
