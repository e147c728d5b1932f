package io.crosscheck.cli;

import io.crosscheck.audit.CompareJob;
import io.crosscheck.capture.CaptureFormatException;
import io.crosscheck.compare.CaptureAlignment;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunFiles;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code crosscheck compare [RUN_DIR] [--pcap FILE]}: re-analyses a run, or a capture alone, offline. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Re-analyses a run directory offline: rebuilds the HTTP exchanges of a capture (pcap or pcapng,"
          + " from crosscheck, tcpdump or tshark), matches the run's records to them and writes"
          + " findings.json, wire-exchanges.csv, response.csv and connection.csv into the run directory"
          + " (all four at once: a failed or interrupted comparison leaves the previous ones); then report.html"
          + " (a failure to write it costs the report only).",
      "",
      "A capture of any traffic, with no run directory: 'compare --pcap FILE' makes a new run directory"
          + " under --out with a wire-only analysis (exchanges, wire percentiles, connection diagnostics"
          + " and a verdict from the wire alone, intervals from the first packet). A run directory whose run"
          + " left no records gets the same analysis.",
      "",
      "Every finding states its coverage first: how many of the run's records that were sent within the"
          + " capture's time span matched a wire exchange. Below --min-matched nothing is judged.",
      "",
      "Exit codes: 0 findings written and supported; 1 the comparison failed (I/O); 2 bad usage or a"
          + " malformed input (named with its file), or a capture whose clock cannot be aligned (the evidence named); 3 findings written but they support no verdict on the"
          + " run (findings.json support.reasons): below the matching floor (no verdict, no error figures), no"
          + " exchange completed on both sides, more than half of the records failed, or the run did not"
          + " complete (interrupted, killed: 'unfinished', failed; its figures cover the part that ran);"
          + " 130 interrupted (nothing written)."
    })
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "RUN_DIR",
      description = "A run directory (it holds run.json and requests.csv). Omit it to analyse --pcap alone.")
  Path runDir;

  @picocli.CommandLine.Mixin ExpectOptions expect = new ExpectOptions(); // issue 27: a declared workload to judge

  @Option(names = "--pcap", paramLabel = "FILE", description = "The capture. Default: RUN_DIR/capture.pcap.")
  Path pcap;

  @Option(names = "--capture-clock", paramLabel = "auto|local|foreign",
      description = "Whose clock stamped --pcap. local: the generator's host (the run's calibrations map the"
          + " clocks, as for its own capture). foreign: another host (the server host, a mirror port): the"
          + " capture's clock is aligned to the generator's from the exchanges themselves (a request cannot"
          + " arrive before it was sent, a reply cannot be read before it passed the capture), the offset and its"
          + " uncertainty are printed and recorded, lags and errors carry it, and a figure it swamps is not judged;"
          + " exit 2 when no offset fits. auto: the run's own capture, or a capture in a crosscheck run directory"
          + " (capture.json beside it), is local; any other capture is local when its exchanges put offset 0"
          + " within their bounds, else aligned as foreign. Default: ${DEFAULT-VALUE}.")
  String captureClock = "auto";

  @Option(names = "--out", paramLabel = "DIR",
      description = "Where a wire-only analysis (no RUN_DIR) makes its run directory. Default: ${DEFAULT-VALUE}.")
  Path out = Path.of("runs");

  @Option(names = "--server-port", paramLabel = "PORT",
      description = "Wire-only: the server's TCP port; 0 takes each connection's server from its SYN."
          + " Default: ${DEFAULT-VALUE}.")
  int serverPort;

  @Option(names = "--min-matched", paramLabel = "PERCENT",
      description = "The matching floor: below this share of the records sent within the capture's span,"
          + " nothing is judged and the exit code is 3. Default: ${DEFAULT-VALUE}.")
  double minMatchedPercent = Findings.Coverage.DEFAULT_MIN_MATCHED_PERCENT;

  @Option(names = "--server-telemetry", paramLabel = "FILE", description = "The server host's "
      + "server-telemetry.csv from 'crosscheck monitor' run there during the run: joined to the run by the wall"
      + " clock (both hosts NTP-synced), its server CPU set beside the error per interval and in the client-host"
      + " check. Default: the run directory's own, recorded by audit --server-pid or --server-netns.")
  Path serverTelemetry;

  @Option(names = "--clock-uncertainty", paramLabel = "DURATION", description = "With --server-telemetry: the"
      + " assumed bound on the offset between the two hosts' wall clocks, stated in the findings."
      + " Default: ${DEFAULT-VALUE}.")
  String clockUncertainty = "10ms";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    if (minMatchedPercent < 0 || minMatchedPercent > 100 || Double.isNaN(minMatchedPercent)) {
      return usage("--min-matched: " + minMatchedPercent + ": expected a percentage 0..100");
    }
    if (serverPort < 0 || serverPort > 65_535) {
      return usage("--server-port: " + serverPort + ": expected 0..65535");
    }
    long clockUncertaintyNanos;
    try {
      clockUncertaintyNanos = io.crosscheck.model.spec.Durations.parseNanos(clockUncertainty);
    } catch (IllegalArgumentException e) {
      clockUncertaintyNanos = -1;
    }
    if (clockUncertaintyNanos < 0) {
      return usage("--clock-uncertainty: " + clockUncertainty + ": expected a duration >= 0 such as 10ms");
    }
    if (serverTelemetry != null && runDir == null) {
      return usage("--server-telemetry: give the RUN_DIR it is joined to");
    }
    List<io.crosscheck.model.spec.Problem> problems = new java.util.ArrayList<>();
    io.crosscheck.rundir.ExpectedJson expected = expect.expected(null, problems);
    if (!problems.isEmpty()) {
      return usage(problems.get(0).message());
    }
    try {
      if (runDir == null) {
        if (pcap == null) {
          return usage("give a RUN_DIR, or --pcap FILE to analyse a capture alone");
        }
        if (!Files.isRegularFile(pcap)) {
          return usage(pcap + ": no such capture file");
        }
        List<String> command = spec.commandLine().getParseResult().originalArgs();
        return CompareJob.wireOnly(pcap, out, serverPort, minMatchedPercent, command, expected, System.out)
            .exitCode();
      }
      if (!Files.isDirectory(runDir) || !Files.exists(runDir.resolve(RunFiles.RUN_JSON))) {
        return usage(runDir + ": not a run directory (no run.json); to analyse a capture alone: compare --pcap FILE");
      }
      if (expected != null) { // judged from now on, by this comparison and every later one
        RunFiles.writeExpected(runDir, RunFiles.readExpected(runDir).map(e -> e.overriddenBy(expected))
            .orElse(expected));
      }
      Path capture = pcap != null ? pcap : runDir.resolve(RunFiles.CAPTURE_PCAP);
      if (!Files.exists(capture)) {
        return usage(capture + ": no such capture file"
            + (pcap == null ? " (the run was not an audit: give one with --pcap FILE)" : ""));
      }
      CaptureJson live = pcap == null ? RunFiles.readCapture(runDir).orElse(null) : null;
      CaptureAlignment.Mode mode = clockMode();
      if (mode == null) {
        return usage("--capture-clock: \"" + captureClock + "\": expected auto, local or foreign");
      }
      String chosenBy = "--capture-clock " + captureClock.toLowerCase(Locale.ROOT);
      if (mode == CaptureAlignment.Mode.AUTO && ownCapture(capture)) {
        mode = CaptureAlignment.Mode.LOCAL; // crosscheck took it on the generator's host
      }
      try {
        return CompareJob.compare(runDir, capture, live, minMatchedPercent, serverTelemetry, clockUncertaintyNanos,
            mode, chosenBy, System.out).exitCode();
      } catch (CaptureAlignment.RefusedException e) {
        return usage("--pcap " + capture + ": " + e.getMessage());
      }
    } catch (InterruptedIOException e) {
      spec.commandLine().getErr().println("crosscheck compare: " + e.getMessage());
      return 130;
    } catch (IOException e) {
      spec.commandLine().getErr().println("crosscheck compare: " + e.getMessage());
      return e instanceof MalformedInputException || e instanceof CaptureFormatException ? 2 : 1;
    }
  }

  private CaptureAlignment.Mode clockMode() {
    return switch (captureClock.toLowerCase(Locale.ROOT)) {
      case "auto" -> CaptureAlignment.Mode.AUTO;
      case "local" -> CaptureAlignment.Mode.LOCAL;
      case "foreign" -> CaptureAlignment.Mode.FOREIGN;
      default -> null;
    };
  }

  /** A capture crosscheck took itself: a run directory's capture.pcap with its capture.json beside it. */
  private static boolean ownCapture(Path capture) {
    Path dir = capture.toAbsolutePath().getParent();
    return capture.getFileName().toString().equals(RunFiles.CAPTURE_PCAP) && dir != null
        && Files.exists(dir.resolve(RunFiles.CAPTURE_JSON));
  }

  private int usage(String message) {
    spec.commandLine().getErr().println(String.format(Locale.ROOT, "crosscheck compare: %s", message));
    return 2;
  }
}
