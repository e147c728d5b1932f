package io.crosscheck.model.spec;

import io.crosscheck.model.ThinkTime;
import io.crosscheck.text.ProblemCap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a per-state think table ({@code --think table:FILE}). Format, one entry per line:
 *
 * <pre>
 * # PATH       DURATION
 * /index.html  2s
 * /search      500ms
 * </pre>
 *
 * <p>PATH is a request path starting with '/', without a query string (requests are matched by
 * their path without the query); DURATION has a
 * unit (see {@link Durations}) and is the think time before a request to that path. Blank lines and
 * {@code #} comments are skipped; a path may appear once. Paths not in the table think zero
 * ({@link ThinkTime.None} fallback). Stateless.
 */
final class ThinkTableParser {
  private ThinkTableParser() {}

  /** The table, or null after adding problems. */
  static ThinkTime.PerState parse(String option, String pathText, List<Problem> problems) {
    ProblemCap<Problem> bad = SpecFiles.fileProblems(pathText, problems);
    Map<String, Long> nanosByPath = new TreeMap<>();
    boolean read = SpecFiles.forEachLine(option, pathText, "a think table file", problems,
        (number, line) -> entry(pathText, number, SpecFiles.content(line), nanosByPath, bad));
    bad.finish();
    if (!read || bad.count() > 0) {
      return null;
    }
    if (nanosByPath.isEmpty()) {
      problems.add(new Problem(option, "table:" + pathText, "a think table with at least one PATH DURATION line"));
      return null;
    }
    return ThinkTime.PerState.of(nanosByPath, new ThinkTime.None(), pathText);
  }

  private static void entry(String pathText, int number, String text, Map<String, Long> nanosByPath,
      ProblemCap<Problem> bad) {
    if (text.isEmpty()) {
      return;
    }
    String where = SpecFiles.where(pathText, number);
    String[] fields = text.split("\\s+");
    if (fields.length != 2) {
      bad.add(new Problem(where, text, "PATH DURATION, e.g. /index.html 2s"));
      return;
    }
    String pathProblem = RequestPaths.problem(fields[0]);
    if (pathProblem != null) {
      bad.add(new Problem(where, fields[0], pathProblem));
      return;
    }
    if (fields[0].indexOf('?') >= 0) {
      // the schedule looks states up without the query string, so this entry could never match
      bad.add(new Problem(where, fields[0], "a path without a query string"));
      return;
    }
    String path = RequestPaths.encode(fields[0]); // as the request paths it is looked up with
    if (nanosByPath.containsKey(path)) {
      bad.add(new Problem(where, fields[0], "each path once (it is already in the table)"));
      return;
    }
    try {
      nanosByPath.put(path, Durations.parseNanos(fields[1]));
    } catch (IllegalArgumentException e) {
      bad.add(new Problem(where, fields[1], "a duration >= 0 with a unit, e.g. 500ms"));
    }
  }
}
