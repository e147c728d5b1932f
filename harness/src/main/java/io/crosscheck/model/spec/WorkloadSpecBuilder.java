package io.crosscheck.model.spec;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link WorkloadSpec} into a {@link Workload}, collecting every problem: each field is
 * checked (and each file it names read) even after an earlier one failed, so that one run of the
 * command shows the user everything to fix. Runs before any load starts. Stateless.
 */
final class WorkloadSpecBuilder {
  private WorkloadSpecBuilder() {}

  static Workload build(WorkloadSpec spec) throws SpecException {
    List<Problem> problems = new ArrayList<>();
    Target target = TargetParser.parse(spec.target, problems);
    Arrival arrival = ArrivalSpecParser.parse(spec, problems);
    ThinkTime think = SessionSpecParser.think(spec.think, problems);
    SessionLength length = SessionSpecParser.sessionLength(spec.sessionLength, problems);
    SessionSource source = SessionSpecParser.source(spec, problems);
    Phases phases = phases(spec, problems);
    if (arrival != null && phases != null) {
      ArrivalSpecParser.checkScheduledArrivals(spec, arrival, phases.totalNanos(), problems);
    }
    long seed = seed(spec.seed, problems);
    if (!problems.isEmpty()) {
      throw new SpecException(problems);
    }
    return new Workload(target, arrival, source, length, think, phases, seed);
  }

  private static Phases phases(WorkloadSpec spec, List<Problem> problems) {
    long rampUpNanos = SpecValues.duration("--ramp-up", spec.rampUp, spec.rampUp, 0, problems);
    long measureNanos = SpecValues.durationAbove("--duration", spec.duration, spec.duration, 0, problems);
    long rampDownNanos = SpecValues.duration("--ramp-down", spec.rampDown, spec.rampDown, 0, problems);
    if (rampUpNanos < 0 || measureNanos < 0 || rampDownNanos < 0) {
      return null;
    }
    long totalNanos;
    try {
      totalNanos = Math.addExact(Math.addExact(rampUpNanos, measureNanos), rampDownNanos);
    } catch (ArithmeticException e) {
      totalNanos = Long.MAX_VALUE;
    }
    if (totalNanos > Durations.MAX_RUN_NANOS) {
      problems.add(new Problem("--duration", spec.duration, "a run (ramps included) of at most "
          + Durations.MAX_RUN_TEXT + ", crosscheck's limit"));
      return null;
    }
    return new Phases(rampUpNanos, measureNanos, rampDownNanos);
  }

  private static long seed(String text, List<Problem> problems) {
    try {
      return Long.parseLong(String.valueOf(text).trim());
    } catch (NumberFormatException e) {
      problems.add(new Problem("--seed", String.valueOf(text), "an integer (a Java long)"));
      return 0;
    }
  }
}
