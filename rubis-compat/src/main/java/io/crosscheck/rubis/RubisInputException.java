package io.crosscheck.rubis;

import io.crosscheck.model.spec.SpecException;
import io.crosscheck.text.InputLimits;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown before any load starts when RUBiS input files have problems; lists every problem found,
 * one per line, in file order.
 */
public final class RubisInputException extends Exception {
  private final transient List<RubisProblem> problems;

  public RubisInputException(List<RubisProblem> problems) {
    super(message(problems));
    this.problems = List.copyOf(problems);
  }

  /** The first problems' messages, then a count of the rest ("... and N more problems"). */
  private static String message(List<RubisProblem> problems) {
    int shown = Math.min(problems.size(), InputLimits.MAX_PROBLEMS_SHOWN);
    String head = problems.subList(0, shown).stream().map(RubisProblem::message)
        .collect(Collectors.joining("\n"));
    int more = problems.size() - shown;
    return more == 0 ? head : head + "\n... and " + InputLimits.count(more) + " more problems";
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
