package io.crosscheck.rubis;

import io.crosscheck.model.spec.SpecException;
import io.crosscheck.text.ProblemCap;
import java.util.List;

/**
 * Thrown before any load starts when RUBiS input files have problems; lists every problem found,
 * one per line, in file order.
 */
public final class RubisInputException extends Exception {
  private final transient List<RubisProblem> problems;

  public RubisInputException(List<RubisProblem> problems) {
    super(ProblemCap.joined(problems, RubisProblem::message));
    this.problems = List.copyOf(problems);
  }

  /** The problems, in the order they were found. */
  public List<RubisProblem> problems() {
    return problems;
  }

  /** The messages, one per problem. */
  public List<String> messages() {
    return problems.stream().map(RubisProblem::message).toList();
  }

  /** The same problems as a harness {@link SpecException}. */
  public SpecException toSpecException() {
    return new SpecException(problems.stream().map(RubisProblem::toProblem).toList());
  }
}
