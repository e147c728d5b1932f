package io.crosscheck.matrix;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.MatrixJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
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
 * compared with this invocation's key by key; the child's {@code run} arguments are compared option
 * by option, in any order. A difference is a usage problem naming each option (or key) that differs,
 * this invocation's value against the one the cells ran with, and those cells: a resume never tables
 * a cell beside cells of another workload, nor rewrites the workload to one no cell ran. Stateless.
 */
public final class MatrixResume {
  /** The arguments of the cells' children: compared as options, not as a list. */
  private static final String ARGUMENT_LIST = "childArguments";
  private static final String NOT_GIVEN = "(not given)";

  /**
   * What matrix.json holds.
   *
   * @param workload its workload section (null in a file written before it had one)
   * @param createdEpochMillis when the matrix was first written (wall clock)
   * @param ranCells the cells that ran (any status but pending), as recorded
   */
  public record Earlier(MatrixJson.Workload workload, long createdEpochMillis, List<MatrixCell> ranCells) {}

  private MatrixResume() {}

  /** matrix.json of {@code dir}, or null when there is none (a new directory). */
  static Earlier read(Path dir) throws IOException {
    Path file = dir.resolve(MatrixJson.FILE);
    if (!Files.exists(file)) {
      return null;
    }
    MatrixJson m = MatrixJson.read(file);
    List<MatrixCell> ran = m.cells().stream()
        .filter(c -> c.status() != null && !MatrixCell.PENDING.equals(c.status())).toList();
    return new Earlier(m.workload(), m.createdEpochMillis() > 0 ? m.createdEpochMillis()
        : System.currentTimeMillis(), ran);
  }

  /** The problems of resuming {@code dir} with {@code workload}; empty when it is new or the same. */
  public static List<Problem> problems(Path dir, MatrixJson.Workload workload) throws IOException {
    Earlier found = read(dir);
    return found == null ? List.of() : problems(dir, found, workload);
  }

  static List<Problem> problems(Path dir, Earlier found, MatrixJson.Workload now) {
    List<Problem> problems = new ArrayList<>();
    if (found.workload() == null) {
      return problems;
    }
    String cellsSaid = cellsSaid(dir, found.ranCells());
    for (RecordComponent key : MatrixJson.Workload.class.getRecordComponents()) {
      Object before = value(key, found.workload());
      Object after = value(key, now);
      if (key.getName().equals(ARGUMENT_LIST)) {
        Map<String, String> was = options(strings(before));
        Map<String, String> is = options(strings(after));
        Set<String> names = new LinkedHashSet<>(was.keySet());
        names.addAll(is.keySet());
        for (String name : names) {
          if (!Objects.equals(was.get(name), is.get(name))) {
            problems.add(new Problem(name, is.getOrDefault(name, NOT_GIVEN), was.getOrDefault(name, NOT_GIVEN)
                + cellsSaid));
          }
        }
      } else if (before instanceof Map<?, ?> was && after instanceof Map<?, ?> is) {
        // a study's dimensions (policies, schedules): one planned now and not then, or then and not now,
        // is another set of cells, not another workload; one in both must be the same
        was.forEach((k, v) -> {
          if (is.containsKey(k) && !Objects.equals(v, is.get(k))) {
            problems.add(new Problem("workload " + key.getName() + "." + k, text(is.get(k)), text(v) + cellsSaid));
          }
        });
      } else if (!Objects.equals(before, after)) {
        problems.add(new Problem("workload " + key.getName(), text(after), text(before) + cellsSaid));
      }
    }
    if (!problems.isEmpty()) {
      problems.add(Problem.stated(dir.toString(), "holds " + found.ranCells().size() + " cell(s) run with another"
          + " workload (" + dir.resolve(MatrixJson.FILE) + "): nothing was run or rewritten; run again with the"
          + " options above as the cells had them to resume, or give another --out"));
    }
    return problems;
  }

  private static Object value(RecordComponent key, MatrixJson.Workload w) {
    try {
      return key.getAccessor().invoke(w);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> strings(Object list) {
    return list == null ? List.of() : (List<String>) list;
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
  static Map<String, String> options(List<String> args) {
    Map<String, String> out = new LinkedHashMap<>();
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

  /** A value as the message shows it: text as it is, anything else as compact JSON. */
  private static String text(Object v) {
    if (v == null) {
      return NOT_GIVEN;
    }
    if (v instanceof String s) {
      return s;
    }
    try {
      return JsonFiles.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(v);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
