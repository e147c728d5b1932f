package io.crosscheck.model.spec;

import java.util.List;
import java.util.stream.Collectors;

/** Thrown before any load starts when user input has problems; lists all of them. */
public final class SpecException extends Exception {
  private final transient List<Problem> problems;

  public SpecException(List<Problem> problems) {
    super(problems.stream().map(Problem::message).collect(Collectors.joining("\n")));
    this.problems = List.copyOf(problems);
  }

  public List<Problem> problems() {
    return problems;
  }
}
