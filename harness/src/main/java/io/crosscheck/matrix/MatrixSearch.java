package io.crosscheck.matrix;

import io.crosscheck.rundir.MatrixCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The scalability search of {@code matrix --search} for one JVM and option set: which user level
 * to try next, and whether a cell held. The step rule: start at {@code startUsers}; while every
 * step held, double (capped at {@code maxUsers}); after the first failure, bisect between the
 * largest level that held and the smallest that failed, until they are within 1/8 of the held level
 * (or 1 user) apart; never more than {@code maxSteps} steps. A cell holds when it completed, the
 * generator hit none of its limits (generator-error kinds, OutOfMemoryError), its CPU did not
 * saturate (findings' clientHost.cpuSaturated: >= 90 % of the cores for >= 10 % of the measured
 * seconds; without it, the generator's mean CPU below 90 % of the host's cores), and its absolute
 * error is within the bound. The client host's other bottleneck sign (threads queued for a core,
 * with the send lag showing it) is not a stop: it explains error, which the bound already judges;
 * the cell's clientHostBottleneck still shows it. Not thread-safe.
 */
final class MatrixSearch {
  /** Generator CPU at or above this share of the host's cores counts as saturated (without clientHost). */
  static final double SATURATED_CPU_SHARE = 0.9;

  private final int startUsers;
  private final int maxUsers;
  private final int maxSteps;
  private final double boundMicros;
  private final int cores;
  private final List<int[]> steps = new ArrayList<>(); // {users, held 1/0}
  private Integer largestHeld;
  private Integer smallestFailed;
  private String failReason;
  private String stopReason;

  MatrixSearch(int startUsers, int maxUsers, int maxSteps, double boundMicros, int cores) {
    this.startUsers = startUsers;
    this.maxUsers = maxUsers;
    this.maxSteps = maxSteps;
    this.boundMicros = boundMicros;
    this.cores = cores;
  }

  /** The next user level to try, or -1 when the search is over ({@link #stopReason}). */
  int next() {
    if (smallestFailed == null && largestHeld != null && largestHeld >= maxUsers) {
      stopReason = "held up to --max-users " + maxUsers;
      return -1;
    }
    if (steps.size() >= maxSteps) {
      stopReason = "step cap of " + maxSteps + " reached";
      return -1;
    }
    if (steps.isEmpty()) {
      return startUsers;
    }
    if (smallestFailed == null) {
      return (int) Math.min((long) largestHeld * 2, maxUsers);
    }
    if (largestHeld == null) {
      stopReason = "failed at the first level";
      return -1;
    }
    int gap = smallestFailed - largestHeld;
    if (gap <= Math.max(1, largestHeld / 8)) {
      stopReason = "bisected to within " + gap + " users";
      return -1;
    }
    return largestHeld + gap / 2;
  }

  /** Why a cell did not hold, or null when it held; {@link #record} it afterwards. */
  String failure(MatrixCell c) {
    if (!MatrixCell.COMPLETED.equals(c.status())) {
      return "the cell " + c.status() + (c.reason() == null ? "" : ": " + c.reason());
    }
    if (c.reason() != null && c.reason().startsWith("generator limit")) {
      return c.reason();
    }
    if (Boolean.TRUE.equals(c.generatorCpuSaturated())) {
      return String.format(Locale.ROOT, "generator CPU saturated (findings clientHost: >= 90 %% of the cores for >= 10"
          + " %% of the measured seconds; max %s cores)", c.generatorCpuCoresMax() == null ? "?"
          : String.format(Locale.ROOT, "%.2f", c.generatorCpuCoresMax()));
    }
    if (c.generatorCpuSaturated() == null && c.generatorCpuCoresMean() != null
        && c.generatorCpuCoresMean() >= SATURATED_CPU_SHARE * cores) {
      return String.format(Locale.ROOT, "generator CPU saturated: mean %.2f cores >= 90 %% of %d cores (telemetry)",
          c.generatorCpuCoresMean(), cores);
    }
    if (c.absoluteErrorMicros() == null) {
      return "no absolute error (the response times were not judged)";
    }
    if (Math.abs(c.absoluteErrorMicros()) > boundMicros) {
      return String.format(Locale.ROOT, "absolute error %.1f us > bound %.1f us (reported mean minus wire mean,"
          + " measured phase, %.1f %% of records matched)", c.absoluteErrorMicros(), boundMicros,
          c.matchedPercent() == null ? Double.NaN : c.matchedPercent());
    }
    return null;
  }

  /** Records a step's outcome: {@code failure} null when it held. */
  void record(int users, String failure) {
    steps.add(new int[] {users, failure == null ? 1 : 0});
    if (failure == null) {
      largestHeld = largestHeld == null ? users : Math.max(largestHeld, users);
    } else if (smallestFailed == null || users < smallestFailed) {
      smallestFailed = users;
      failReason = failure;
    }
  }

  int stepsTaken() {
    return steps.size();
  }

  Integer largestHeld() {
    return largestHeld;
  }

  Integer smallestFailed() {
    return smallestFailed;
  }

  /** Why the level above the largest held failed (or why the search stopped when none failed). */
  String reason() {
    if (smallestFailed != null) {
      return "at " + smallestFailed + " users: " + failReason + "; " + stopReason;
    }
    return stopReason == null ? "not finished" : "no level failed: " + stopReason;
  }
}
