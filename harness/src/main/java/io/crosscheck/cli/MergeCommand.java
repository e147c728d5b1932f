package io.crosscheck.cli;

import io.crosscheck.record.SummaryTable;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.ShardMerge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code crosscheck merge DIR...}: the shards of one schedule merged into one run directory. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Merges the run directories of the shards of one schedule ('run --shard I/N', e.g. the pods of a"
          + " Kubernetes Indexed Job on a shared volume) into one run directory, as if one generator had run:"
          + " requests.csv (every record), latency.hlog (histograms added interval by interval on the common"
          + " start instant, never averaged), summary.json (recomputed), run.json (with every shard's outcome),"
          + " each shard's telemetry (telemetry-shard-I.csv) and their sum (telemetry-sum.csv).",
      "Checks first that every input is a shard of the same schedule (same unsharded digest, same shard"
          + " count, distinct indexes), and lists missing indexes; verifies after that no record was lost"
          + " (merged = sum of the shards; histogram count = complete replies).",
      "Exit codes: 0 every shard completed and merged; 1 merged, but a shard is missing or failed, or the"
          + " accounting does not hold; 2 the inputs are not shards of one schedule (nothing written)."
    })
final class MergeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shards' run directories.")
  List<Path> inputs = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "The merged run directory: created, or an existing"
      + " one without run.json. Default: a new runs/<yyyyMMdd-HHmmss>-merged.")
  Path out;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    Path dir = out;
    if (dir != null && Files.exists(dir) && !Files.isDirectory(dir)) {
      err.println("crosscheck merge: --out " + dir + ": a file, not a directory; nothing was merged");
      err.flush();
      return 2;
    }
    List<String> command = new ArrayList<>(List.of("crosscheck"));
    command.addAll(spec.commandLine().getParseResult().originalArgs());
    boolean created = false;
    if (dir == null) {
      dir = RunDirectory.create(Path.of("runs"), "merged").path();
      created = true;
    }
    ShardMerge.Result result;
    try {
      result = ShardMerge.merge(inputs, dir, Map.of(), command);
    } catch (ShardMerge.MergeRefused e) {
      if (created) {
        Files.deleteIfExists(dir);
      }
      err.println("crosscheck merge: " + e.getMessage());
      err.flush();
      return 2;
    }
    System.out.println("crosscheck merge: " + dir);
    result.describe().forEach(line -> System.out.println("crosscheck merge: " + line));
    System.out.print(SummaryTable.format(result.summary()));
    return result.complete() ? 0 : 1;
  }
}
