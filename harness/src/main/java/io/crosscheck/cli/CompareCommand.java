package io.crosscheck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.compare.Comparison;
import io.crosscheck.report.FindingsTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code crosscheck compare RUN_DIR [--pcap FILE]}: re-analyses a run offline. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Re-analyses a run directory offline: rebuilds the HTTP exchanges of a capture (pcap or pcapng,"
          + " from crosscheck, tcpdump or tshark), matches the run's records to them and writes"
          + " findings.json, wire-exchanges.csv, response.csv and connection.csv into the run directory."
    })
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A run directory (it holds run.json and requests.csv).")
  Path runDir;

  @Option(names = "--pcap", paramLabel = "FILE", description = "The capture. Default: RUN_DIR/capture.pcap.")
  Path pcap;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  @SuppressWarnings("unchecked")
  public Integer call() {
    Path capture = pcap != null ? pcap : runDir.resolve("capture.pcap");
    if (!Files.isDirectory(runDir) || !Files.exists(runDir.resolve("run.json"))) {
      spec.commandLine().getErr().println("crosscheck compare: " + runDir + ": not a run directory (no run.json)");
      return 2;
    }
    if (!Files.exists(capture)) {
      spec.commandLine().getErr().println("crosscheck compare: " + capture + ": no such capture file"
          + (pcap == null ? " (the run was not an audit: give one with --pcap FILE)" : ""));
      return 2;
    }
    try {
      Path liveJson = runDir.resolve("capture.json");
      Map<String, Object> live = Files.exists(liveJson) && pcap == null
          ? new ObjectMapper().readValue(liveJson.toFile(), Map.class) : null;
      Comparison.Result r = Comparison.compare(runDir, capture, live);
      System.out.print(FindingsTable.format(r.findings()));
      r.capture().warnings().forEach(w -> System.out.println("capture:       " + w));
      System.out.println("crosscheck: findings in " + r.findingsJson());
      return 0;
    } catch (IOException e) {
      spec.commandLine().getErr().println("crosscheck compare: " + e.getMessage());
      return 1;
    }
  }
}
