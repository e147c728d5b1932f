package io.crosscheck.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.record.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Whether a matrix or study directory may be resumed: only with the workload its cells were run
 * with. matrix.json's {@code workload} section (the description a {@link MatrixRun} was given) is
 * compared with this invocation's; the child's {@code run} arguments are compared option by option,
 * in any order. A difference is a usage problem naming each option (or key) that differs, this
 * invocation's value against the one the cells ran with, and those cells: a resume never tables a
 * cell beside cells of another workload, nor rewrites the workload to one no cell ran. Stateless.
 */
final class MatrixResume {
  /** The arguments of the cells' children: compared as options, not as a list. */
  private static final Set<String> ARGUMENT_LISTS = Set.of("childArguments");
  private static final String NOT_GIVEN = "(not given)";

  /**
   * What matrix.json holds.
   *
   * @param workload its workload section (null in a file written before it had one)
   * @param createdEpochMillis when the matrix was first written (wall clock)
   * @param ranCells the cells that ran (any status but pending), as recorded
   */
  record Earlier(JsonNode workload, long createdEpochMillis, List<MatrixCell> ranCells) {}

  private MatrixResume() {}

  /** matrix.json of {@code dir}, or null when there is none (a new directory). */
  static Earlier read(Path dir) throws IOException {
    Path file = dir.resolve(MatrixRun.MATRIX_JSON);
    if (!Files.exists(file)) {
      return null;
    }
    JsonNode m = JsonFiles.readObject(file, "missing");
    List<MatrixCell> ran = new ArrayList<>();
    for (JsonNode c : m.path("cells")) {
      if (!MatrixCell.PENDING.equals(c.path("status").asText(MatrixCell.PENDING))) {
        ran.add(JsonFiles.convert(file, c, MatrixCell.class));
      }
    }
    JsonNode w = m.get("workload");
    return new Earlier(w == null || w.isNull() ? null : w, m.path("createdEpochMillis").asLong(
        System.currentTimeMillis()), ran);
  }

  /** The problems of resuming {@code dir} with {@code workload}; empty when it is new or the same. */
  static List<Problem> problems(Path dir, Map<String, Object> workload) throws IOException {
    Earlier found = read(dir);
    return found == null ? List.of() : problems(dir, found, workload);
  }

  static List<Problem> problems(Path dir, Earlier found, Map<String, Object> workload) {
    List<Problem> problems = new ArrayList<>();
    if (found.workload() == null) {
      return problems;
    }
    JsonNode now;
    try {
      // through its bytes, as matrix.json is read: a long 1 and the int 1 read back are the same
      now = JsonFiles.mapper().readTree(JsonFiles.mapper().writeValueAsBytes(workload));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    Set<String> keys = new LinkedHashSet<>();
    found.workload().fieldNames().forEachRemaining(keys::add);
    now.fieldNames().forEachRemaining(keys::add);
    String cellsSaid = cellsSaid(dir, found.ranCells());
    for (String key : keys) {
      JsonNode before = found.workload().get(key);
      JsonNode after = now.get(key);
      if (ARGUMENT_LISTS.contains(key)) {
        Map<String, String> was = options(before);
        Map<String, String> is = options(after);
        Set<String> names = new LinkedHashSet<>(was.keySet());
        names.addAll(is.keySet());
        for (String name : names) {
          if (!Objects.equals(was.get(name), is.get(name))) {
            problems.add(new Problem(name, is.getOrDefault(name, NOT_GIVEN), was.getOrDefault(name, NOT_GIVEN)
                + cellsSaid));
          }
        }
      } else if (before != null && after != null && before.isObject() && after.isObject()) {
        // a study's dimensions (policies, schedules): one planned now and not then, or then and not now,
        // is another set of cells, not another workload; one in both must be the same
        before.fieldNames().forEachRemaining(k -> {
          if (after.has(k) && !before.get(k).equals(after.get(k))) {
            problems.add(new Problem("workload " + key + "." + k, text(after.get(k)), text(before.get(k)) + cellsSaid));
          }
        });
      } else if (!Objects.equals(before, after)) {
        problems.add(new Problem("workload " + key, text(after), text(before) + cellsSaid));
      }
    }
    if (!problems.isEmpty()) {
      problems.add(Problem.stated(dir.toString(), "holds " + found.ranCells().size() + " cell(s) run with another"
          + " workload (" + dir.resolve(MatrixRun.MATRIX_JSON) + "): nothing was run or rewritten; run again with the"
          + " options above as the cells had them to resume, or give another --out"));
    }
    return problems;
  }

  /** {@code , as the cells in DIR were run (id status, ...)}. */
  private static String cellsSaid(Path dir, List<MatrixCell> ran) {
    List<String> named = new ArrayList<>();
    for (MatrixCell c : ran.subList(0, Math.min(ran.size(), 8))) {
      named.add(c.id() + " " + c.status());
    }
    return ", as the " + ran.size() + " cell(s) in " + dir + " were run" + (named.isEmpty() ? ""
        : " (" + String.join(", ", named) + (ran.size() > named.size() ? ", ..." : "") + ")");
  }

  /** {@code --name value} pairs of an argument list, in order; a repeated option's values joined by ", ". */
  static Map<String, String> options(JsonNode list) {
    Map<String, String> out = new LinkedHashMap<>();
    if (list == null || !list.isArray()) {
      return out;
    }
    List<String> args = new ArrayList<>();
    list.forEach(a -> args.add(a.asText()));
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (!a.startsWith("--")) {
        out.merge("arguments", a, (x, y) -> x + " " + y); // "run", or a value of no option
        continue;
      }
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      String value;
      if (a.contains("=")) {
        value = a.substring(a.indexOf('=') + 1);
      } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
        value = args.get(++i);
      } else {
        value = "(given)";
      }
      out.merge(name, value, (x, y) -> x + ", " + y);
    }
    return out;
  }

  private static String text(JsonNode n) {
    return n == null ? NOT_GIVEN : n.isTextual() ? n.asText() : n.toString();
  }
}
