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
