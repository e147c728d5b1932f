package io.crosscheck.check;

import io.crosscheck.rundir.ComparedWork;
import io.crosscheck.text.Printable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a baseline ran the same workload as the run it is set against, from the two run.json
 * files: a gate that compares a run with a baseline of other work judges nothing. Compared: the
 * leaves of {@link ComparedWork} (the resolved workload, the engine's name, policy and K, and for an
 * audit of an unmodified generator its command, mode and reporting spec). Not compared, as they may
 * differ between two runs of one workload: the target's host and port, the JVM, the host, the
 * engine's timeouts and threads, paths of replayed runs. Stateless.
 */
public final class WorkloadMatch {
  /** A value longer than this is shortened in a difference's line. */
  private static final int MAX_VALUE_CHARS = 120;

  private WorkloadMatch() {}

  /**
   * The differences between the run's workload and the baseline's, one line each ({@code
   * workload.arrival.users: 8, the baseline's 16}), or why they cannot be compared; empty when they
   * ran the same work.
   */
  public static List<String> differences(CheckedRun run, CheckedRun baseline) {
    List<String> out = new ArrayList<>();
    if (run.runJson() == null || baseline.runJson() == null) {
      out.add("the workloads cannot be compared: " + (run.runJson() == null ? "the run's " + run.runJsonProblem()
          : "the baseline's " + baseline.runJsonProblem()));
      return out;
    }
    Map<String, ComparedWork.Leaf> mine = byPath(ComparedWork.of(run.runJson()));
    Map<String, ComparedWork.Leaf> theirs = byPath(ComparedWork.of(baseline.runJson()));
    for (String path : paths(mine, theirs)) {
      ComparedWork.Leaf a = mine.get(path);
      ComparedWork.Leaf b = theirs.get(path);
      if (a == null || b == null || !a.json().equals(b.json())) {
        out.add(path + ": " + shown(a) + ", the baseline's " + shown(b));
      }
    }
    return out;
  }

  private static Map<String, ComparedWork.Leaf> byPath(ComparedWork work) {
    Map<String, ComparedWork.Leaf> out = new LinkedHashMap<>();
    work.leaves().forEach(l -> out.put(l.path(), l));
    return out;
  }

  /** The run's paths in order, each of the baseline's own inserted after the path it follows there. */
  private static List<String> paths(Map<String, ComparedWork.Leaf> run, Map<String, ComparedWork.Leaf> base) {
    List<String> out = new ArrayList<>(run.keySet());
    String previous = null;
    for (String path : base.keySet()) {
      if (!run.containsKey(path)) {
        out.add(previous == null ? 0 : out.indexOf(previous) + 1, path);
      }
      previous = path;
    }
    return out;
  }

  private static String shown(ComparedWork.Leaf v) {
    if (v == null) {
      return "none";
    }
    String text = v.text();
    if (text.length() > MAX_VALUE_CHARS) {
      text = text.substring(0, MAX_VALUE_CHARS - 3) + "...";
    }
    return Printable.escape(text);
  }
}
