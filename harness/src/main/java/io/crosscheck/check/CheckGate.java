package io.crosscheck.check;

import io.crosscheck.check.CheckedRun;
import io.crosscheck.check.JunitXml;
import io.crosscheck.check.Rule;
import io.crosscheck.check.RuleEvaluator;
import io.crosscheck.check.RuleSet;
import io.crosscheck.check.RunCompletion;
import io.crosscheck.check.WorkloadMatch;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.text.ErrorLines;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The CI regression gate shared by {@code check} and {@code audit --check}: the rules are parsed,
 * the baseline read and the {@code --junit} destination checked before anything else happens
 * ({@link #prepare}: a bad rule or baseline is exit 2 before any load), then every rule is judged
 * on a run's findings ({@link #judge}) and printed, one line each. Exit codes: 0 every rule held,
 * {@link #RULE_FAILED} one failed (or lacked evidence), 2 bad input, 1 an I/O failure. Not
 * thread-safe; one per command.
 */
public final class CheckGate {
  /** The exit code of a failed rule (README's exit codes). */
  public static final int RULE_FAILED = 4;

  private final String command;
  private final RuleSet rules;
  private final CheckedRun baseline;
  private final Path junit;
  private final Options options;

  private CheckGate(String command, RuleSet rules, CheckedRun baseline, Options options) {
    this.command = command;
    this.rules = rules;
    this.baseline = baseline;
    this.junit = options.junit();
    this.options = options;
  }

  /**
   * The options {@code check} and {@code audit} take for the gate, as given.
   *
   * @param allowUnfinished judge a run (and accept a baseline) that did not complete ({@code check
   *     --allow-unfinished}); by default such a run fails the gate and such a baseline is refused
   * @param allowOtherWorkload accept a baseline that ran another workload ({@code check
   *     --allow-other-workload}); by default it is refused with the differences named
   */
  public record Options(String ruleOption, List<String> texts, List<Path> files, Path baseline, Path junit,
      boolean allowUnfinished, boolean allowOtherWorkload) {
    /** The options of {@code audit --check}: an unfinished run or a baseline of other work is never accepted. */
    public Options(String ruleOption, List<String> texts, List<Path> files, Path baseline, Path junit) {
      this(ruleOption, texts, files, baseline, junit, false, false);
    }

    public boolean requested() {
      return !texts.isEmpty() || !files.isEmpty();
    }
  }

  /**
   * Parses the rules and reads the baseline; on a problem prints every one, one line each
   * ({@code crosscheck COMMAND: ...}), and returns empty: exit 2, nothing started.
   *
   * @param wireOnly whether the run to be judged is a wire-only analysis, when known before it exists
   *     (an audit); null when the run is read later ({@code check} compares the two files)
   * @throws IOException when the baseline cannot be read (exit 1)
   */
  public static Optional<CheckGate> prepare(String command, Options options, Boolean wireOnly, PrintWriter err)
      throws IOException {
    RuleSet rules = RuleSet.parse(options.ruleOption(), options.texts(), options.files());
    List<String> problems = new ArrayList<>(rules.problems());
    problems.addAll(rules.baselineProblems(options.baseline() != null));
    CheckedRun baseline = null;
    if (options.baseline() != null) {
      try {
        baseline = CheckedRun.read(options.baseline(), "--baseline");
        if (wireOnly != null) { // an audit: its findings will be of this crosscheck's format
          if (baseline.file().formatVersion() < RunFiles.FINDINGS_COMPARABLE_SINCE) {
            problems.add("--baseline " + Printable.escape(baseline.dir().toString()) + ": findings.json formatVersion "
                + baseline.file().formatVersion() + ", this crosscheck writes " + RunFiles.FINDINGS_FORMAT_VERSION
                + " (expected " + RunFiles.FINDINGS_COMPARABLE_SINCE + " or later; re-run 'crosscheck compare' on the"
                + " baseline to rewrite its findings)");
          }
          CheckedRun.wireOnlyMismatch(wireOnly, baseline).ifPresent(problems::add);
        }
        if (!options.allowUnfinished()) {
          RunCompletion.ofBaseline(baseline).ifPresent(problems::add);
        }
      } catch (MalformedInputException e) {
        problems.add(e.getMessage());
      }
    }
    if (options.junit() != null) {
      Path parent = options.junit().toAbsolutePath().getParent();
      if (Files.isDirectory(options.junit())) {
        problems.add("--junit " + Printable.escape(options.junit().toString()) + ": a directory (expected a file"
            + " to write, e.g. --junit crosscheck-check.xml)");
      } else if (io.crosscheck.record.OutputTarget.refusal(options.junit()) != null) {
        problems.add("--junit " + io.crosscheck.record.OutputTarget.refusal(options.junit()));
      } else if (parent != null && !Files.isDirectory(parent)) {
        problems.add("--junit " + Printable.escape(options.junit().toString()) + ": no such directory "
            + Printable.escape(parent.toString()) + " (create it first)");
      }
    }
    if (!problems.isEmpty()) {
      for (String p : problems) {
        err.println(command + ": " + p);
      }
      err.println(command + ": nothing was judged or started; see '" + command + " --help' for the rules' syntax");
      err.flush();
      return Optional.empty();
    }
    return Optional.of(new CheckGate(command, rules, baseline, options));
  }

  /**
   * Judges every rule on {@code runDir}'s findings, prints one line per rule and a total, writes the
   * JUnit XML when asked.
   *
   * @return 0 all held, {@link #RULE_FAILED} one failed, 2 the run is not a compared run or the
   *     baseline does not fit it, 1 an I/O failure
   */
  public int judge(Path runDir, PrintWriter out, PrintWriter err) {
    long startNanos = System.nanoTime();
    CheckedRun run;
    try {
      run = CheckedRun.read(runDir, "RUN_DIR");
      if (baseline != null) {
        Optional<String> incompatible = CheckedRun.incompatibility(run, baseline);
        if (incompatible.isPresent()) {
          err.println(command + ": " + incompatible.get() + "; nothing was judged");
          err.flush();
          return 2;
        }
        List<String> differences = options.allowOtherWorkload() ? List.of() : WorkloadMatch.differences(run, baseline);
        if (!differences.isEmpty()) {
          err.println(command + ": --baseline " + Printable.escape(baseline.dir().toString()) + ": not the run's"
              + " workload (expected a baseline of the same work; --allow-other-workload judges it anyway):");
          for (String d : differences) {
            err.println("  " + d);
          }
          err.println(command + ": nothing was judged");
          err.flush();
          return 2;
        }
      }
    } catch (MalformedInputException e) {
      err.println(command + ": " + e.getMessage() + "; nothing was judged");
      err.flush();
      return 2;
    } catch (IOException e) {
      err.println(command + ": " + ErrorLines.describe(e) + "; nothing was judged");
      err.flush();
      return 1;
    }
    List<Rule> judged = new ArrayList<>(rules.rules());
    Optional<Rule> completion = options.allowUnfinished() ? Optional.empty() : RunCompletion.rule(run, judged);
    completion.ifPresent(r -> judged.add(0, r));
    Optional<Rule> support = RunCompletion.supportRule(run, judged);
    support.ifPresent(r -> judged.add(0, r));
    List<RuleEvaluator.Judgement> judgements = RuleEvaluator.judge(judged, run, baseline);
    long failed = judgements.stream().filter(j -> !j.held()).count();
    out.println(command + ": " + judged.size() + " rule" + (judged.size() == 1 ? "" : "s") + " on "
        + Printable.escape(runDir.resolve(RunFiles.FINDINGS_JSON).toString())
        + (baseline == null ? "" : ", baseline " + Printable.escape(baseline.dir().resolve(RunFiles.FINDINGS_JSON)
            .toString())));
    for (RuleEvaluator.Judgement j : judgements) {
      out.println("  " + j.line());
    }
    if (completion.isPresent()) {
      out.println(command + ": " + RunCompletion.NOTE);
    }
    if (support.isPresent()) {
      out.println(command + ": " + RunCompletion.SUPPORT_NOTE);
    }
    out.println(String.format(Locale.ROOT, "%s: %d of %d rules held%s", command, judgements.size() - failed,
        judgements.size(), failed == 0 ? "" : "; " + failed + " failed (exit " + RULE_FAILED + ")"));
    out.flush();
    if (junit != null) {
      try {
        JunitXml.write(junit, judgements, runDir, baseline == null ? null : baseline.dir(),
            (System.nanoTime() - startNanos) / 1e9);
        out.println(command + ": JUnit XML in " + Printable.escape(junit.toString()));
      } catch (IOException e) {
        err.println(command + ": --junit " + Printable.escape(junit.toString()) + ": " + ErrorLines.describe(e));
        err.flush();
        return 1;
      }
    }
    return failed == 0 ? 0 : RULE_FAILED;
  }

  /**
   * An audit's exit code after {@code gate} (null: none asked for) judged its findings: the audit's own
   * when it is not 0 (the run failed, below the floor, interrupted), else the gate's; the judgements on
   * stdout, a findings file missing said on {@code err}.
   */
  public static int gated(CheckGate gate, int auditExitCode, Path runDir, PrintWriter err) {
    if (gate == null) {
      return auditExitCode;
    }
    if (runDir == null || !Files.exists(runDir.resolve(RunFiles.FINDINGS_JSON))) {
      err.println("crosscheck audit: the --check rules were not judged: the audit wrote no findings (exit "
          + auditExitCode + ")");
      err.flush();
      return auditExitCode == 0 ? 1 : auditExitCode;
    }
    System.out.flush();
    int judged = gate.judge(runDir, new PrintWriter(System.out, true), err);
    return auditExitCode != 0 ? auditExitCode : judged;
  }
}
