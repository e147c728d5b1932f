package io.crosscheck.cli;

import io.crosscheck.record.SummaryTable;
import io.crosscheck.report.FindingsTable;
import io.crosscheck.report.ShardCoverageTable;
import io.crosscheck.report.html.HtmlReport;
import io.crosscheck.report.html.ReportData;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.ShardMerge;
import io.crosscheck.shard.AuditedShardMerge;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

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
      "Audited shards ('audit --shard I/N', each directory with its own capture.pcap, e.g. one per pod): also"
          + " findings.json over every shard, each shard's records matched again against its own capture through"
          + " its own clock: each shard's coverage listed (records matched and unmatched, capture drops), the error"
          + " figures recomputed over the union of the matched pairs, the wire and reported histograms added"
          + " exactly (" + AuditedShardMerge.HISTOGRAMS_FILE + "), connections and the sharing verdict over all"
          + " shards.",
      "Exit codes: 0 every shard completed and merged; 1 merged, but a shard is missing or failed, or the"
          + " accounting does not hold, or only some shards were audited; 2 the inputs are not shards of one"
          + " schedule (nothing written); 3 audited shards merged, but the merged findings support no verdict."
    })
final class MergeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shards' run directories.")
  List<Path> inputs = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "The merged run directory: created, or an existing"
      + " one without run.json. Default: a new runs/<yyyyMMdd-HHmmss>-merged.")
  Path out;

  @Option(names = "--min-matched", paramLabel = "PERCENT", description = "Audited shards: the matching floor of the"
      + " merged findings (records matched over every shard's capture); below it nothing is judged and the exit code"
      + " is 3. Default: ${DEFAULT-VALUE}.")
  double minMatchedPercent = Findings.Coverage.DEFAULT_MIN_MATCHED_PERCENT;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    Path dir = out;
    if (!(minMatchedPercent >= 0 && minMatchedPercent <= 100)) {
      err.println("crosscheck merge: --min-matched: \"" + minMatchedPercent + "\": expected a percentage 0..100;"
          + " nothing was merged");
      err.flush();
      return 2;
    }
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
    int code = result.complete() ? 0 : 1;
    List<Path> notAudited = AuditedShardMerge.notAudited(inputs);
    if (notAudited.size() == inputs.size()) {
      return code; // shards of 'run': records only, no wire to merge
    }
    if (!notAudited.isEmpty()) {
      System.out.println("crosscheck merge: no merged findings: " + notAudited.size() + " of " + inputs.size()
          + " shards were not audited (no " + RunFiles.CAPTURE_PCAP + " in " + notAudited.get(0) + ")");
      return code == 0 ? 1 : code;
    }
    AuditedShardMerge.Result findings = AuditedShardMerge.merge(inputs, dir, minMatchedPercent);
    System.out.println();
    System.out.println("crosscheck merge: findings of " + inputs.size() + " audited shards: "
        + findings.file().shards().statement());
    System.out.print(ShardCoverageTable.format(findings.file()));
    System.out.print(FindingsTable.format(findings.file()));
    System.out.println("crosscheck merge: findings in " + dir.resolve(RunFiles.FINDINGS_JSON) + ", histograms in "
        + dir.resolve(AuditedShardMerge.HISTOGRAMS_FILE));
    Path html = dir.resolve(ReportData.REPORT_HTML);
    try {
      HtmlReport.writeRuns(List.of(dir), html);
      System.out.println("crosscheck merge: report in " + html);
    } catch (IOException | RuntimeException e) {
      System.out.println("crosscheck merge: " + html + ": not written (" + e.getMessage() + "); the findings stand:"
          + " rebuild it with 'crosscheck report " + dir + "'");
    }
    if (code == 0 && !findings.supported()) {
      System.out.println("crosscheck merge: the merged findings do not support a verdict ("
          + FindingsTable.unsupported(findings.file()) + "): exit 3");
      return 3;
    }
    return code;
  }
}
