package io.crosscheck.e2e;

import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.spec.WorkloadSpec;
import io.crosscheck.schedule.Schedule;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Map;

/**
 * Rebuilds, from the very command-line arguments a test passes to {@code crosscheck run}, the
 * workload and schedule the run must have executed, so tests can account for every scheduled
 * request independently of the engine.
 */
final class Workloads {
  private Workloads() {}

  /** The schedule of the workload options among {@code args} (engine options are skipped). */
  static Schedule schedule(String... args) throws Exception {
    WorkloadSpec spec = new WorkloadSpec();
    for (int i = 0; i + 1 < args.length; i++) {
      if (!args[i].startsWith("--")) {
        continue;
      }
      Field f = field(args[i]);
      if (f != null) {
        f.set(spec, args[++i]);
      }
    }
    return Schedule.of(spec.build());
  }

  /** {@code --sessions-per-user} → the field {@code sessionsPerUser}, or null. */
  private static Field field(String option) {
    StringBuilder name = new StringBuilder();
    boolean upper = false;
    for (char c : option.substring(2).toCharArray()) {
      if (c == '-') {
        upper = true;
      } else {
        name.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    try {
      return WorkloadSpec.class.getField(name.toString());
    } catch (NoSuchFieldException e) {
      return null;
    }
  }

  /** Every scheduled request as {@code "sessionId/seq"} → its path. */
  static Map<String, String> scheduledRequests(Schedule schedule) {
    Map<String, String> out = new HashMap<>();
    schedule.forEachDigestedSession(
        plan -> {
          for (RequestPlan r : plan.requests()) {
            out.put(plan.sessionId() + "/" + r.seq(), r.path());
          }
        });
    return out;
  }
}
