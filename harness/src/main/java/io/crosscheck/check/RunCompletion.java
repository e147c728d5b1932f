package io.crosscheck.check;

import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.text.Printable;
import java.util.List;
import java.util.Optional;

/**
 * The gate's default about runs that did not complete: a run killed, interrupted, failed or still
 * running holds the findings of a part of its work, on which every rule may pass (a killed audit's
 * 3 s of 10 pass an error bound as well as the whole would). So, unless the user opts out ({@code
 * check --allow-unfinished}) or writes a {@code run.status} rule of their own, a run whose status is
 * not {@code completed} ({@code wire-only} for a capture analysed alone) fails the gate with the rule
 * {@code run.status == completed}, and such a baseline is refused. Stateless.
 */
public final class RunCompletion {
  /** Where the default rule comes from, for the JUnit XML. */
  public static final String WHERE = "the gate's default (check --allow-unfinished drops it)";

  /** Printed after the rules when the default rule was judged. */
  public static final String NOTE = "the run did not complete: a gate does not pass the findings of a part of a run"
      + " (check --allow-unfinished judges it anyway)";

  private RunCompletion() {}

  /** The status a run of this kind has when it ran to its end. */
  private static String complete(CheckedRun run) {
    return run.wireOnly() ? RunJson.WIRE_ONLY : RunJson.COMPLETED;
  }

  /**
   * The default rule, when it applies: the run did not complete and no rule of {@code rules}
   * judges {@code run.status} already.
   */
  public static Optional<Rule> rule(CheckedRun run, List<Rule> rules) {
    if (rules.stream().anyMatch(r -> r.metric().name().equals("run.status"))) {
      return Optional.empty();
    }
    String complete = complete(run);
    if (complete.equals(run.status().status())) {
      return Optional.empty();
    }
    try {
      return Optional.of(RuleParser.parse("run.status == " + complete, WHERE));
    } catch (RuleParser.RuleException e) {
      throw new IllegalStateException("the default rule does not parse: " + e.getMessage(), e);
    }
  }

  /** Where the support default rule comes from, for the JUnit XML. */
  public static final String SUPPORT_WHERE = "the gate's default (a support rule of your own replaces it)";

  /** Printed after the rules when the support default rule was judged. */
  public static final String SUPPORT_NOTE = "the findings support no verdict on the run (compare exits 3 on them):"
      + " a gate does not pass figures that rest on nothing";

  /**
   * The second default rule, when it applies: the findings say they support no verdict for a reason
   * other than the run's end (which {@link #rule} judges: below the matching floor, no exchange
   * completed, failures dominate) and no rule of {@code rules} judges {@code support} already. A
   * mute server's audit, or one whose server died, then fails the gate whatever its other rules say.
   */
  public static Optional<Rule> supportRule(CheckedRun run, List<Rule> rules) {
    io.crosscheck.rundir.Support s = run.file().support();
    io.crosscheck.rundir.Findings.ResponseTime rt = run.findings() == null ? null : run.findings().responseTime();
    // findings written before the support section: a run without a single pair is the case it catches
    boolean unsupported = s == null ? rt != null && rt.pairs() == 0
        : !s.supported() && !s.reasons().stream().allMatch(r -> r == io.crosscheck.rundir.Support.Reason.RUN_INCOMPLETE);
    if (!unsupported || rules.stream().anyMatch(r -> r.metric().name().equals("support"))) {
      return Optional.empty();
    }
    try {
      return Optional.of(RuleParser.parse("support == supported", SUPPORT_WHERE));
    } catch (RuleParser.RuleException e) {
      throw new IllegalStateException("the default rule does not parse: " + e.getMessage(), e);
    }
  }

  /** Why {@code baseline} is refused as a baseline, or empty when it completed. */
  public static Optional<String> ofBaseline(CheckedRun baseline) {
    RunFiles.Status s = baseline.status();
    if (complete(baseline).equals(s.status())) {
      return Optional.empty();
    }
    return Optional.of("--baseline " + Printable.escape(baseline.dir().toString()) + ": the run did not complete"
        + " (status " + Printable.escape(s.status()) + (s.note() == null || s.note().isEmpty() ? ""
            : ": " + Printable.escape(s.note())) + "); a baseline must be a completed run (check --allow-unfinished"
        + " accepts it)");
  }
}
