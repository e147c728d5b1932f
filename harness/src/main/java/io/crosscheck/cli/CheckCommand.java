package io.crosscheck.cli;

import io.crosscheck.check.CheckGate;
import io.crosscheck.check.Metrics;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code crosscheck check RUN_DIR [--baseline RUN_DIR] --rule EXPR ... [--rules FILE] [--junit
 * FILE]}: the CI regression gate over a compared run's findings ({@link CheckGate}). Its help ends
 * with the metric table made from {@link Metrics#ALL}, the table the evaluator reads.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "The CI regression gate: judges rules over a compared run's findings (findings.json), optionally"
          + " against a baseline run (e.g. the main branch's stored run), prints one line per rule (pass or"
          + " FAIL: the rule, the measured value, the threshold, the baseline value and the evidence) and"
          + " exits 4 when a rule failed. A rule whose evidence is missing (below the matching floor, no pair, an"
          + " impossible pair, a baseline without that figure) fails with 'no evidence: ...'. A run that did not"
          + " complete fails (run.status == completed); a baseline that did not, or that ran another workload, is"
          + " refused.",
      "",
      "Rules: METRIC OP VALUE, OP one of < <= > >= == !=; VALUE a number with its unit (us, ms, s for a"
          + " time; %% for a percentage; none for a count or ratio), a word for a verdict, or an expression"
          + " over the baseline with + - * / and parentheses; or METRIC within TOLERANCE of baseline:",
      "  abs-error < 1ms                      p99-error < 5ms",
      "  ratio < 1.1                          matched >= 99.9%%",
      "  errors == 0                          max-requests-per-connection <= 50",
      "  connections.verdict == no-sharing    client-host == not-bottleneck",
      "  abs-error < baseline * 1.2 + 100us   wire.p95 <= baseline.wire.p95 * 1.1",
      "  connections.opened within 10%% of baseline",
      "  wire.p99 within 500us of baseline",
      "'within 10%%' is relative to the baseline's value; 'within 500us' is absolute. --rules FILE: one rule"
          + " per line, '#' starts a comment.",
      "",
      "Exit codes: 0 every rule held; 4 a rule failed (or had no evidence); 2 a malformed rule (its"
          + " character position is named), a RUN_DIR or --baseline that is not a compared run, a baseline of"
          + " another findings format or kind (wire-only vs a run with records), of another workload or not"
          + " completed, nothing judged; 1 an I/O"
          + " failure (e.g. the JUnit XML could not be written).",
      ""
    })
final class CheckCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A compared run directory (it holds findings.json).")
  Path runDir;

  @Option(names = "--rule", paramLabel = "EXPR", description = "A rule (repeatable), e.g. 'abs-error < 1ms'.")
  List<String> rules = new ArrayList<>();

  @Option(names = "--rules", paramLabel = "FILE", description = "A rules file (repeatable): one rule per line,"
      + " blank lines and '#' comments ignored; errors are named FILE:LINE:COLUMN.")
  List<Path> ruleFiles = new ArrayList<>();

  @Option(names = "--baseline", paramLabel = "RUN_DIR", description = "The compared run the baseline"
      + " expressions read (baseline, baseline.METRIC): the same findings format and kind as RUN_DIR.")
  Path baseline;

  @Option(names = "--junit", paramLabel = "FILE", description = "Also write the judgements as JUnit XML (one"
      + " testcase per rule), atomically.")
  Path junit;

  @Option(names = "--allow-unfinished", description = "Judge a run that did not complete (killed, interrupted,"
      + " failed) and accept such a baseline. By default such a run fails the gate (run.status == completed)"
      + " and such a baseline is refused.")
  boolean allowUnfinished;

  @Option(names = "--allow-other-workload", description = "Accept a baseline that ran another workload. By default"
      + " one is refused (exit 2) with the differences named: generator or engine, connection policy, users,"
      + " URLs, arrival, think time, duration, seed, the audited command and reporting.")
  boolean allowOtherWorkload;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    Optional<CheckGate> gate = CheckGate.prepare("crosscheck check",
        new CheckGate.Options("--rule", rules, ruleFiles, baseline, junit, allowUnfinished,
            allowOtherWorkload), null, err);
    if (gate.isEmpty()) {
      return 2;
    }
    // stdout as audit and compare print it (System.out), so that callers capture all commands alike
    PrintWriter out = new PrintWriter(System.out, true);
    try {
      return gate.get().judge(runDir, out, err);
    } finally {
      out.flush();
    }
  }

  /**
   * The help's footer: the metric table from {@link Metrics#ALL}. Set by {@link Main#commandLine} on
   * the command's spec (a picocli model transformer replaced the command line's output writer).
   */
  static String[] metricTable() {
    List<String> footer = new ArrayList<>();
    footer.add("");
    footer.add("Metrics (name, unit, source in findings.json):");
    // picocli formats '%n' and '%%' in help text: double each '%' of the generated lines
    for (String line : Metrics.helpTable()) {
      footer.add(line.replace("%", "%%"));
    }
    return footer.toArray(String[]::new);
  }
}
