package io.crosscheck.run;

import io.crosscheck.model.Phases;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import io.crosscheck.replay.RecordedSessions;
import io.crosscheck.replay.ReplayWorkloads;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Builds the workload of {@code --replay RUN_DIR} (and of {@code crosscheck replay RUN_DIR}): the
 * sessions the run recorded ({@link RecordedSessions}) re-run at their recorded start instants
 * ({@link ReplayWorkloads}). The recorded sessions are the whole workload, so every other workload
 * option but {@code --target} is refused; the target defaults to the recorded run's. Prints one line of
 * evidence (what was read) before the run.
 */
public final class ReplayWorkload {
  private ReplayWorkload() {}

  /** The workload, or null with {@code problems} filled in. */
  static Workload build(WorkloadRequest o, List<Problem> problems) {
    int before = problems.size();
    for (String name : o.workloadOptions()) {
      if (!name.equals("--target") && !name.equals("--replay") && o.given(name)) {
        problems.add(new Problem(name, o.givenValue(name),
            "no workload option but --target beside --replay (the recorded sessions are the workload)"));
      }
    }
    RecordedSessions recorded;
    try {
      recorded = RecordedSessions.read(Path.of(o.replay()));
    } catch (IOException | java.nio.file.InvalidPathException e) {
      problems.add(Problem.stated("--replay", e.getMessage()));
      return null;
    }
    boolean targetGiven = o.given("--target");
    String target = targetGiven ? o.target() : recorded.targetUrl();
    if (target == null) {
      problems.add(new Problem("--target", "", "a target URL (the recorded run's run.json names none)"));
      return null;
    }
    Phases phases = ReplayWorkloads.phases(recorded);
    WorkloadSpec s = new WorkloadSpec();
    s.target = target;
    s.duration = phases.measureNanos() + "ns";
    Workload checked;
    try {
      checked = s.build();
    } catch (SpecException e) {
      for (Problem p : e.problems()) {
        problems.add(p.where().equals("--target") && !targetGiven
            ? new Problem("--replay (the recorded run's target)", p.value(), p.expected()
                + "; pass --target http://127.0.0.1:PORT to aim the replay elsewhere")
            : p.where().equals("--duration") ? new Problem("--replay", o.replay(), "a recorded run of at most "
                + io.crosscheck.model.spec.Durations.MAX_RUN_TEXT) : p);
      }
      return null;
    }
    if (problems.size() > before) {
      return null;
    }
    System.out.println("crosscheck replay: " + Printable.escape(recorded.describe()));
    return ReplayWorkloads.of(recorded, checked.target(), o.replay());
  }
}
