package io.crosscheck.model.spec;

import io.crosscheck.text.InputLimits;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown before any load starts when user input has problems; lists them, one per line. The
 * message holds at most {@link InputLimits#MAX_PROBLEMS_SHOWN} problems and then {@code ... and N
 * more problems}, so a file with millions of bad lines prints a screenful, not millions of lines.
 */
public final class SpecException extends Exception {
  private final transient List<Problem> problems;

  public SpecException(List<Problem> problems) {
    super(message(problems));
    this.problems = List.copyOf(problems);
  }

  public List<Problem> problems() {
    return problems;
  }

  /** The messages of the first problems, then a count of the rest. */
  static String message(List<Problem> problems) {
    int shown = Math.min(problems.size(), InputLimits.MAX_PROBLEMS_SHOWN);
    String head = problems.subList(0, shown).stream().map(Problem::message)
        .collect(Collectors.joining("\n"));
    int more = problems.size() - shown;
    return more == 0 ? head : head + "\n... and " + InputLimits.count(more) + " more problems";
  }
}
