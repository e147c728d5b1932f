package io.crosscheck.matrix;

import io.crosscheck.model.spec.Problem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A matrix's option set: the child JVM's options and the engine's ({@code --virtual-threads}), the
 * set as typed ({@code label}) and its {@code slug} in cell names ({@code xint}, {@code
 * xmx64m-xx-useserialgc}). Immutable.
 */
public record OptionSet(String label, List<String> jvmOpts, List<String> engineOpts, String slug) {
  /** Engine options a set may hold (they go to the child's run, not to its JVM). */
  public static final Set<String> ENGINE_SET_OPTIONS = Set.of("--virtual-threads");

  /**
   * The sets as typed ({@code default} when none): each split on spaces into JVM options (starting
   * with one '-') and engine options ({@code virtual-threads} or {@code --virtual-threads}); any
   * other token is a problem naming the set.
   */
  public static List<OptionSet> parse(List<String> typed, List<Problem> problems) {
    List<OptionSet> out = new ArrayList<>();
    for (String t : typed.isEmpty() ? List.of("default") : typed) {
      String s = t.strip();
      List<String> tokens = s.isEmpty() || s.equals("default") ? List.of() : Arrays.asList(s.split("\\s+"));
      List<String> jvmOpts = new ArrayList<>();
      List<String> engineOpts = new ArrayList<>();
      for (String tok : tokens) {
        if (ENGINE_SET_OPTIONS.contains(tok) || ENGINE_SET_OPTIONS.contains("--" + tok)) {
          engineOpts.add(tok.startsWith("--") ? tok : "--" + tok);
        } else if (tok.startsWith("-") && !tok.startsWith("--")) {
          jvmOpts.add(tok);
        } else {
          problems.add(new Problem("--jvm-opts", t, "JVM options starting with '-' (e.g. -Xint, -Xmx64m) or"
              + " virtual-threads (the engine's --virtual-threads), separated by spaces"));
        }
      }
      String label = tokens.isEmpty() ? "default" : String.join(" ", tokens);
      String slug = tokens.isEmpty() ? "default"
          : label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
      long dup = out.stream().filter(o -> o.slug().equals(slug) || o.slug().startsWith(slug + "-")).count();
      out.add(new OptionSet(label, jvmOpts, engineOpts, dup == 0 ? slug : slug + "-" + (dup + 1)));
    }
    return out;
  }

  /**
   * Problems of running these sets on these JVMs: {@code --virtual-threads} needs release 21 or
   * later.
   */
  public static List<Problem> problems(List<OptionSet> sets, List<MatrixJvm> jvms) {
    List<Problem> problems = new ArrayList<>();
    for (OptionSet s : sets) {
      for (MatrixJvm j : jvms) {
        if (s.engineOpts().contains("--virtual-threads") && j.featureVersion() < 21) {
          problems.add(new Problem("--jvm-opts", s.label(), "JVMs of release 21 or later only for virtual threads ("
              + j.home() + " is " + j.featureVersion() + "): run that set in a matrix of such JVMs"));
        }
      }
    }
    return problems;
  }
}
