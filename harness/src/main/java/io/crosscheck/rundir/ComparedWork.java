package io.crosscheck.rundir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.record.JsonFiles;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of a run.json that two runs of the same work share, flattened to its leaves: the
 * resolved workload (arrival model, users, sessions, rate, URLs or session source, session length,
 * think time, phases, seed) without where the server listened or what a replay replayed; the
 * engine's name, connection policy and K; and for an audit of an unmodified generator its mode,
 * command and reporting spec. A leaf is a value that is not an object (a number, a string, a
 * boolean, an array), named by its dotted path ({@code workload.arrival.users}); a null value is no
 * leaf, an empty object is one (its value {@code {}}). Built from the typed {@link RunJson}, in the
 * order its members are written. Immutable.
 *
 * @param leaves the leaves, in run.json's member order
 */
public record ComparedWork(List<Leaf> leaves) {
  /** Workload members that may differ between runs of the same work (where the server listened, replay paths). */
  static final Set<String> WORKLOAD_IGNORED = Set.of("target", "targetHost", "targetPort", "targetAddress",
      "replayOf");

  public ComparedWork {
    leaves = List.copyOf(leaves);
  }

  /**
   * One leaf.
   *
   * @param path its dotted path from run.json's top
   * @param json its value as JSON text (what two runs are compared by)
   * @param text its value as a person reads it: a string without its quotes, else {@code json}
   */
  public record Leaf(String path, String json, String text) {}

  /** The compared part of {@code run}. */
  public static ComparedWork of(RunJson run) {
    ObjectNode t = JsonFiles.mapper().createObjectNode();
    if (run.workload() != null) {
      ObjectNode w = JsonFiles.mapper().valueToTree(run.workload());
      w.remove(WORKLOAD_IGNORED);
      t.set("workload", w);
    }
    if (run.engine() != null) {
      ObjectNode e = t.putObject("engine");
      e.put("name", run.engine().name());
      e.put("policy", run.engine().policy());
      e.put("connectionsK", run.engine().connectionsK());
    }
    if (run.target() != null) {
      ObjectNode g = t.putObject("target");
      g.put("mode", run.target().mode());
      g.set("command", JsonFiles.mapper().valueToTree(run.target().command()));
      g.put("reporting", run.target().reporting());
    }
    List<Leaf> out = new ArrayList<>();
    flatten("", t, out);
    return new ComparedWork(out);
  }

  private static void flatten(String path, JsonNode node, List<Leaf> out) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return;
    }
    if (node.isObject() && (node.size() > 0 || path.isEmpty())) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        flatten(path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(), out);
      }
      return;
    }
    out.add(new Leaf(path, node.toString(), node.isTextual() ? node.asText() : node.toString()));
  }
}
