package io.crosscheck.model.spec;

import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.text.ProblemCap;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks and builds what a session does: {@code --think}, {@code --session-length}, and its
 * requests from {@code --urls}, {@code --url-file} or {@code --wsesslog} (at most one of them;
 * {@code /static/2k} when none is given) in {@code --url-order}. Stateless.
 */
final class SessionSpecParser {
  /** The request path of a session when no --urls, --url-file or --wsesslog is given. */
  static final String DEFAULT_URLS = "/static/2k";
  /** Upper bound of a geometric session length when the spec gives none. */
  static final int DEFAULT_GEOMETRIC_MAX_REQUESTS = 1000;

  private SessionSpecParser() {}

  /** {@code none | fixed:D | exp:MEAN | uniform:MIN-MAX | table:FILE}; null after a problem. */
  static ThinkTime think(String text, List<Problem> problems) {
    return think("--think", text, problems);
  }

  /** As {@link #think(String, List)}, its problems naming {@code option}. */
  static ThinkTime think(String option, String text, List<Problem> problems) {
    String t = String.valueOf(text);
    if (t.equals("none")) {
      return new ThinkTime.None();
    }
    if (t.startsWith("table:")) {
      return ThinkTableParser.parse(option, t.substring("table:".length()), problems);
    }
    if (t.startsWith("fixed:")) {
      long nanos = SpecValues.duration(option, t, t.substring("fixed:".length()), 0, problems);
      return nanos < 0 ? null : new ThinkTime.Fixed(nanos);
    }
    if (t.startsWith("exp:")) {
      long nanos = SpecValues.durationAbove(option, t, t.substring("exp:".length()), 0, problems);
      return nanos < 0 ? null : new ThinkTime.Exponential(nanos);
    }
    if (t.startsWith("uniform:")) {
      String range = t.substring("uniform:".length());
      int dash = range.indexOf('-');
      if (dash < 0) {
        problems.add(new Problem(option, t, "uniform:MIN-MAX, e.g. uniform:1s-3s"));
        return null;
      }
      int before = problems.size();
      long min = SpecValues.duration(option, t, range.substring(0, dash), 0, problems);
      long max = problems.size() > before ? -1 : SpecValues.duration(option, t, range.substring(dash + 1), 0, problems);
      if (problems.size() > before) {
        return null;
      }
      if (min > max) {
        problems.add(new Problem(option, t, "uniform:MIN-MAX with MIN <= MAX"));
        return null;
      }
      return new ThinkTime.Uniform(min, max);
    }
    problems.add(new Problem(option, t, "none, fixed:D, exp:MEAN, uniform:MIN-MAX or table:FILE"));
    return null;
  }

  /** {@code fixed:N | geometric:P[:MAX]}; null after a problem. */
  static SessionLength sessionLength(String text, List<Problem> problems) {
    return sessionLength("--session-length", text, problems);
  }

  /** As {@link #sessionLength(String, List)}, its problems naming {@code option}. */
  static SessionLength sessionLength(String option, String text, List<Problem> problems) {
    String t = String.valueOf(text);
    if (t.startsWith("fixed:")) {
      int n = SpecValues.intAtLeast(option, t.substring("fixed:".length()), 1, new ArrayList<>());
      if (n < 1) {
        problems.add(new Problem(option, t, "fixed:N with N an integer >= 1"));
        return null;
      }
      return new SessionLength.Fixed(n);
    }
    if (t.startsWith("geometric:")) {
      String[] parts = t.substring("geometric:".length()).split(":", -1);
      double p = SpecValues.parseDouble(parts[0]);
      int max = parts.length == 2
          ? SpecValues.intAtLeast(option, parts[1], 1, new ArrayList<>())
          : DEFAULT_GEOMETRIC_MAX_REQUESTS;
      if (parts.length > 2 || !(p >= 0 && p < 1) || max < 1) {
        problems.add(new Problem(option, t,
            "geometric:P[:MAX] with 0 <= P < 1 (go on with probability P) and MAX an integer >= 1"));
        return null;
      }
      return new SessionLength.Geometric(p, max);
    }
    problems.add(new Problem(option, t, "fixed:N or geometric:P[:MAX]"));
    return null;
  }

  /** The requests' source; null after a problem. */
  static SessionSource source(WorkloadSpec spec, List<Problem> problems) {
    boolean random = "random".equals(spec.urlOrder);
    if (!random && !"sequential".equals(spec.urlOrder)) {
      problems.add(new Problem("--url-order", String.valueOf(spec.urlOrder), "sequential or random"));
    }
    // a session has one source of requests; two given ones would leave the user guessing which won
    int given = (spec.urls != null ? 1 : 0) + (spec.urlFile != null ? 1 : 0) + (spec.wsesslog != null ? 1 : 0);
    if (given > 1) {
      String second = spec.wsesslog != null ? "--wsesslog" : "--url-file";
      String value = spec.wsesslog != null ? spec.wsesslog : spec.urlFile;
      problems.add(new Problem(second, value, "only one of --urls, --url-file or --wsesslog"));
    }
    if (spec.wsesslog != null) {
      return given > 1 ? null : WsessLogParser.parse(spec.wsesslog, problems);
    }
    List<String> paths = spec.urlFile != null ? urlFile(spec.urlFile, problems)
        : urls(spec.urls != null ? spec.urls : DEFAULT_URLS, problems);
    return paths == null || given > 1 ? null : new SessionSource.UrlList(paths, random);
  }

  private static List<String> urls(String text, List<Problem> problems) {
    ProblemCap<Problem> bad = SpecFiles.fileProblems("--urls", problems);
    List<String> paths = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String p = part.trim();
      String pathProblem = RequestPaths.problem(p);
      if (pathProblem != null) {
        bad.add(new Problem("--urls", p, pathProblem + " (paths separated by commas)"));
      }
      paths.add(RequestPaths.encode(p)); // sent and recorded as the wire shows it
    }
    bad.finish();
    return bad.count() > 0 ? null : paths;
  }

  private static List<String> urlFile(String pathText, List<Problem> problems) {
    ProblemCap<Problem> bad = SpecFiles.fileProblems(pathText, problems);
    List<String> paths = new ArrayList<>();
    boolean read = SpecFiles.forEachLine("--url-file", pathText, "a file of request paths, one per line",
        problems, (number, line) -> {
          String text = SpecFiles.content(line);
          if (text.isEmpty()) {
            return;
          }
          String pathProblem = RequestPaths.problem(text);
          if (pathProblem != null) {
            bad.add(new Problem(SpecFiles.where(pathText, number), text, pathProblem));
          } else if (bad.count() == 0) {
            paths.add(RequestPaths.encode(text)); // a UTF-8 path is sent percent-encoded, and recorded so
          }
        });
    bad.finish();
    if (!read || bad.count() > 0) {
      return null;
    }
    if (paths.isEmpty()) {
      problems.add(new Problem("--url-file", pathText, "a file with at least one path"));
      return null;
    }
    return paths;
  }
}
