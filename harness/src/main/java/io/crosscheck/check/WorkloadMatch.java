package io.crosscheck.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.text.Printable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a baseline ran the same workload as the run it is set against, from the two run.json
 * files: a gate that compares a run with a baseline of other work judges nothing. Compared: the
 * resolved workload (arrival model, users, sessions, rate, URLs or session source, session length,
 * think time, phases, seed), the engine's name, connection policy and K (an agent audit is engine
 * {@code agent}), and for an audit of an unmodified generator its command, mode and reporting spec
 * ({@code --reported-value}/{@code --reported-by}). Not compared, as they may differ between two
 * runs of one workload: the target's host and port, the JVM, the host, the engine's timeouts and
 * threads, paths of replayed runs. Stateless.
 */
public final class WorkloadMatch {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Workload fields that may differ between runs of the same work (where the server listened, replay paths). */
  private static final Set<String> WORKLOAD_IGNORED = Set.of("target", "targetHost", "targetPort", "targetAddress", "replayOf");
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
    diff("", tree(run.runJson()), tree(baseline.runJson()), out);
    return out;
  }

  /** The compared part of a run.json as a tree. */
  private static ObjectNode tree(RunJson r) {
    ObjectNode t = JSON.createObjectNode();
    if (r.workload() != null) {
      ObjectNode w = JSON.valueToTree(r.workload());
      w.remove(WORKLOAD_IGNORED);
      t.set("workload", w);
    }
    if (r.engine() != null) {
      ObjectNode e = t.putObject("engine");
      e.put("name", r.engine().name());
      e.put("policy", r.engine().policy());
      e.put("connectionsK", r.engine().connectionsK());
    }
    if (r.target() != null) {
      ObjectNode g = t.putObject("target");
      g.put("mode", r.target().mode());
      g.set("command", JSON.valueToTree(r.target().command()));
      g.put("reporting", r.target().reporting());
    }
    return t;
  }

  private static void diff(String path, JsonNode run, JsonNode base, List<String> out) {
    if (run != null && base != null && run.isObject() && base.isObject()) {
      Set<String> keys = new LinkedHashSet<>();
      run.fieldNames().forEachRemaining(keys::add);
      for (Iterator<String> it = base.fieldNames(); it.hasNext(); ) {
        keys.add(it.next());
      }
      for (String k : keys) {
        diff(path.isEmpty() ? k : path + "." + k, run.get(k), base.get(k), out);
      }
      return;
    }
    boolean runMissing = run == null || run.isNull();
    boolean baseMissing = base == null || base.isNull();
    if (runMissing && baseMissing || !runMissing && !baseMissing && run.equals(base)) {
      return;
    }
    out.add(path + ": " + shown(runMissing ? null : run) + ", the baseline's " + shown(baseMissing ? null : base));
  }

  private static String shown(JsonNode v) {
    if (v == null) {
      return "none";
    }
    String text = v.isTextual() ? v.asText() : v.toString();
    if (text.length() > MAX_VALUE_CHARS) {
      text = text.substring(0, MAX_VALUE_CHARS - 3) + "...";
    }
    return Printable.escape(text);
  }
}
