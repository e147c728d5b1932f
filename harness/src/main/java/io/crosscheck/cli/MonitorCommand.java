package io.crosscheck.cli;

import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.MonitorJob;
import io.crosscheck.telemetry.ServerMonitor;
import io.crosscheck.telemetry.ServerTelemetryCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code crosscheck monitor --out DIR [--pid PID] [--netns NAME] [--period 100ms] [--duration D]}:
 * the server host's half of a two-host audit. Parses, starts a {@link ServerMonitor}, waits for
 * {@code --duration} or Ctrl-C/SIGTERM, prints its one-line summary.
 */
@Command(
    name = "monitor",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Samples the pressure of the host it runs on (run it on the server's host) into DIR/"
          + ServerTelemetryCsv.FILE + ": host CPU per core (/proc/stat), run queue (procs_running, loadavg),"
          + " the server's CPU (utime + stime), threads and RSS (/proc/PID/stat, status), and the network"
          + " counters of the server's namespace (/proc/PID/net/dev: bytes, packets, drops per interface)."
          + " Every row is stamped with the wall clock (sampleEpochMicros) and the monotonic clock, and flushed:"
          + " a killed monitor keeps every row but the one being written.",
      "Then, on the generator's host: crosscheck compare RUN_DIR --server-telemetry DIR/" + ServerTelemetryCsv.FILE
          + " joins it to the run by the wall clock (both hosts NTP-synced; --clock-uncertainty states by how"
          + " much). On one machine, audit --server-pid or --server-netns does this by itself.",
      "  crosscheck monitor --out mon --pid $(pgrep -f 'serve --rubis')",
      "Runs until --duration or Ctrl-C/SIGTERM, then prints a one-line summary. Exit codes: 0 done (or stopped"
          + " by a signal: the JVM then exits 130/143); 1 the file could not be written; 2 bad usage (a process or"
          + " namespace that does not exist, an existing file)."
    })
final class MonitorCommand implements Callable<Integer> {
  @Option(names = "--out", paramLabel = "DIR", required = true,
      description = "The directory to write " + ServerTelemetryCsv.FILE + " into (created; the file must not exist).")
  Path out;

  @Option(names = "--pid", paramLabel = "PID", description = "A server process to sample (repeatable). Without it"
      + " (and without --netns) only the host is sampled.")
  List<Long> pids = new ArrayList<>();

  @Option(names = "--netns", paramLabel = "NAME", description = "Sample the processes of this network namespace"
      + " ('ip netns pids NAME', found again every second) and its network counters.")
  String netns;

  @Option(names = "--period", paramLabel = "DURATION", description = "Sampling period, 10ms or more."
      + " Default: ${DEFAULT-VALUE}.")
  String period = "100ms";

  @Option(names = "--duration", paramLabel = "DURATION", description = "Stop after this long. Default: until"
      + " Ctrl-C or SIGTERM.")
  String duration;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    long periodNanos = nanos("--period", period, TimeUnit.MILLISECONDS.toNanos(10), "a period of 10ms or more",
        problems);
    long durationNanos = duration == null ? 0 : nanos("--duration", duration, 1, "a duration > 0 such as 60s",
        problems);
    if (netns != null && !pids.isEmpty()) {
      problems.add(new Problem("--netns", netns, "either --pid or --netns, not both"));
    }
    for (long pid : pids) {
      if (pid <= 0) {
        problems.add(new Problem("--pid", String.valueOf(pid), "a process id > 0"));
      }
    }
    Path csv = out.resolve(ServerTelemetryCsv.FILE);
    if (Files.exists(csv)) {
      problems.add(new Problem("--out", out.toString(), "a directory without " + ServerTelemetryCsv.FILE + " (one"
          + " is there: a recording is never overwritten)"));
    }
    if (!problems.isEmpty()) {
      var err = spec.commandLine().getErr();
      err.println("crosscheck monitor: nothing was started:");
      problems.forEach(p -> err.println("  " + p.message()));
      err.println("See: crosscheck monitor --help");
      return 2;
    }
    return new MonitorJob(csv, new ServerMonitor.Selection(pids, netns), periodNanos, durationNanos, duration)
        .run(spec.commandLine().getErr());
  }

  private static long nanos(String option, String text, long min, String expected, List<Problem> problems) {
    try {
      long n = Durations.parseNanos(text);
      if (n >= min) {
        return n;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    problems.add(new Problem(option, text, expected));
    return 0;
  }
}
