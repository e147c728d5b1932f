package io.crosscheck.model.spec;

import io.crosscheck.text.InputLimits;
import io.crosscheck.text.ProblemCap;
import java.util.List;

/**
 * Thrown before any load starts when user input has problems; lists them, one per line. The
 * message holds at most {@link InputLimits#MAX_PROBLEMS_SHOWN} problems and then {@code ... and N
 * more problems}, so a file with millions of bad lines prints a screenful, not millions of lines.
 */
public final class SpecException extends Exception {
  private final transient List<Problem> problems;

  public SpecException(List<Problem> problems) {
    super(ProblemCap.joined(problems, Problem::message));
    this.problems = List.copyOf(problems);
  }

  public List<Problem> problems() {
    return problems;
  }
}
