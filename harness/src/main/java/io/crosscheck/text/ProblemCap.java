package io.crosscheck.text;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one cap on problem lists ({@link InputLimits#MAX_PROBLEMS_SHOWN}). Per input file: the first
 * problems are added to a shared list, the rest only counted, and {@link #finish} adds one line
 * saying how many more there were, so a 2 M-line bad file costs 20 problems of memory, not 2 M.
 * Per message ({@link #joined}): the first problems, one per line, then a count of the rest. Not
 * thread-safe.
 *
 * @param <P> the problem type of the caller (a spec problem, a RUBiS problem)
 */
public final class ProblemCap<P> {
  private final List<? super P> out;
  private final Function<String, ? extends P> more;
  private int count;

  /**
   * @param out the list the listed problems are added to
   * @param more the problem that states the "... and N more" text, e.g. one naming the file
   */
  public ProblemCap(List<? super P> out, Function<String, ? extends P> more) {
    this.out = out;
    this.more = more;
  }

  /** Adds {@code problem} while fewer than the cap were added; counts it either way. */
  public void add(P problem) {
    if (count++ < InputLimits.MAX_PROBLEMS_SHOWN) {
      out.add(problem);
    }
  }

  /** Problems found so far, listed or not. */
  public int count() {
    return count;
  }

  /** Adds the "... and N more problems in this file" problem when problems were left out. */
  public void finish() {
    int left = count - InputLimits.MAX_PROBLEMS_SHOWN;
    if (left > 0) {
      out.add(more.apply("... and " + InputLimits.count(left) + " more problems in this file (the"
          + " first " + InputLimits.MAX_PROBLEMS_SHOWN + " are listed; fix them and run again)"));
    }
  }

  /** The messages of the first problems, one per line, then {@code ... and N more problems}. */
  public static <P> String joined(List<P> problems, Function<? super P, String> message) {
    int shown = Math.min(problems.size(), InputLimits.MAX_PROBLEMS_SHOWN);
    String head = problems.subList(0, shown).stream().map(message).collect(Collectors.joining("\n"));
    int left = problems.size() - shown;
    return left == 0 ? head : head + "\n... and " + InputLimits.count(left) + " more problems";
  }
}
