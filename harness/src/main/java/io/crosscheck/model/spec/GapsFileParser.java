package io.crosscheck.model.spec;

import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.text.ProblemCap;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an inter-arrival gaps file ({@code --interarrival file:PATH}), httperf's
 * {@code --period=s,FILE} idea. Format, one field per line:
 *
 * <ul>
 *   <li>a gap: seconds as a bare decimal number ({@code 0.25}) or a duration with a unit
 *       ({@code 250ms}); each &gt;= 0;
 *   <li>blank lines and {@code #} comments are skipped.
 * </ul>
 *
 * <p>The gaps are used in order and cycled; at least one must be &gt; 0, otherwise the cycle would
 * put infinitely many arrivals at one instant. Stateless.
 */
final class GapsFileParser {
  private GapsFileParser() {}

  /** The gaps, or null after adding problems ({@code option} names the option for file errors). */
  static ArrivalProcess.Gaps parse(String option, String pathText, List<Problem> problems) {
    ProblemCap<Problem> bad = SpecFiles.fileProblems(pathText, problems);
    List<Long> gapsNanos = new ArrayList<>();
    boolean read = SpecFiles.forEachLine(option, pathText, "a gaps file", problems, (number, line) -> {
      String text = SpecFiles.content(line);
      if (text.isEmpty()) {
        return;
      }
      try {
        gapsNanos.add(Durations.parseSecondsOrDurationNanos(text));
      } catch (IllegalArgumentException e) {
        bad.add(new Problem(SpecFiles.where(pathText, number), text,
            "a gap in seconds (0.25) or with a unit (250ms), >= 0"));
      }
    });
    bad.finish();
    if (!read || bad.count() > 0) {
      return null;
    }
    if (gapsNanos.stream().noneMatch(g -> g > 0)) {
      problems.add(new Problem(option, "file:" + pathText, "a gaps file with at least one gap > 0"));
      return null;
    }
    return new ArrivalProcess.Gaps(gapsNanos, pathText);
  }
}
