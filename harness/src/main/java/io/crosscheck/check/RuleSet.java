package io.crosscheck.check;

import io.crosscheck.text.InputFileException;
import io.crosscheck.text.InputLines;
import io.crosscheck.text.Printable;
import io.crosscheck.text.ProblemCap;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules of one check, from the command line ({@code --rule EXPR}, or {@code --check EXPR} on
 * {@code audit}) and from rules files ({@code --rules FILE}: one rule per line, blank lines and
 * {@code #} comments ignored, UTF-8, read within {@link io.crosscheck.text.InputLimits} and at most
 * {@link #MAX_FILE_BYTES}). Every malformed rule is listed, each as one line with its position:
 * {@code --rule 'TEXT': at character N: ...} or {@code FILE:LINE:COLUMN: ...}. Immutable.
 *
 * @param rules the rules, command-line ones first, in the order given
 * @param problems one line per malformed rule or unreadable file; empty when every rule parsed
 */
public record RuleSet(List<Rule> rules, List<String> problems) {
  /** The largest rules file accepted: 1 MiB (thousands of rules). */
  public static final long MAX_FILE_BYTES = 1L << 20;

  /**
   * Parses the rules.
   *
   * @param option the option the texts came with ({@code --rule} or {@code --check}), for messages
   */
  public static RuleSet parse(String option, List<String> texts, List<Path> files) {
    List<Rule> rules = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (String text : texts) {
      try {
        rules.add(RuleParser.parse(text, option));
      } catch (RuleParser.RuleException e) {
        problems.add(option + " '" + Printable.quoted(text) + "': " + e.getMessage());
      }
    }
    for (Path file : files) {
      String shown = file.toString();
      ProblemCap<String> cap = new ProblemCap<>(problems, more -> Printable.escape(shown) + ": " + more);
      try {
        InputLines.forEach(file, shown, StandardCharsets.UTF_8, MAX_FILE_BYTES, "a rules file (one rule per line)",
            (line, raw) -> {
              int hash = raw.indexOf('#');
              String text = hash >= 0 ? raw.substring(0, hash) : raw;
              if (text.isBlank()) {
                return;
              }
              String where = shown + ":" + line;
              try {
                rules.add(RuleParser.parse(text, where));
              } catch (RuleParser.RuleException e) {
                cap.add(Printable.escape(where) + ":" + e.position() + ": " + e.detail());
              }
            });
      } catch (InputFileException e) {
        problems.add(e.getMessage());
      }
      cap.finish();
    }
    if (rules.isEmpty() && problems.isEmpty()) {
      problems.add("no rule: give at least one with " + option + " EXPR or --rules FILE (e.g. " + option
          + " 'abs-error < 1ms')");
    }
    return new RuleSet(List.copyOf(rules), List.copyOf(problems));
  }

  /**
   * The rules that refer to the baseline when none was given, one problem line each (with the
   * position of the reference), or an empty list.
   */
  public List<String> baselineProblems(boolean baselineGiven) {
    List<String> out = new ArrayList<>();
    if (baselineGiven) {
      return out;
    }
    for (Rule r : rules) {
      Expr.BaselineRef ref = r.baselineRef();
      if (ref != null) {
        String where = r.where().startsWith("--") ? r.where() + " '" + Printable.quoted(r.text()) + "': at character "
            : Printable.escape(r.where()) + ":";
        out.add(where + ref.position() + ": refers to the baseline, but no --baseline RUN_DIR was given");
      }
    }
    return out;
  }

  /** Whether any rule refers to the baseline. */
  public boolean usesBaseline() {
    return rules.stream().anyMatch(r -> r.baselineRef() != null);
  }
}
