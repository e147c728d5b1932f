package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The README and the docs pages name {@code ./crosscheck COMMAND [SUB...] --help} for the commands they
 * describe; every one of them must run (exit 0, a usage message), every command must be named so at least
 * once, and the README stays one a newcomer reads: at most 250 lines, none over 120 characters.
 */
class DocsHelpCommandsTest {
  private static final Path ROOT = Path.of("..");
  /** {@code crosscheck} (or {@code ./crosscheck}), then words that are not options, then {@code --help}. */
  private static final Pattern HELP =
      Pattern.compile("(?<![\\w/.-])(?:\\./)?crosscheck((?: [a-z][a-z0-9-]*)+) --help(?![\\w-])");
  private static final int README_MAX_LINES = 250;
  private static final int README_MAX_LINE_CHARS = 120;

  @Test
  void everyHelpCommandTheDocsNameRunsAndPrintsItsUsage() throws IOException {
    Set<List<String>> named = helpCommandsNamed();
    assertTrue(named.size() >= 10, "the docs name only " + named.size() + " help commands: " + named);
    for (List<String> words : named) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cl = Main.commandLine();
      cl.setOut(new PrintWriter(out, true));
      cl.setErr(new PrintWriter(err, true));
      String[] args = Stream.concat(words.stream(), Stream.of("--help")).toArray(String[]::new);
      int code = cl.execute(args);
      String shown = "crosscheck " + String.join(" ", args);
      assertEquals(0, code, shown + " exited " + code + "; stderr: " + err);
      String usage = out.toString();
      assertTrue(usage.startsWith("Usage: crosscheck " + String.join(" ", words)),
          shown + " printed no usage of its own: " + usage.lines().findFirst().orElse("(nothing)"));
      assertTrue(usage.lines().count() > 3, shown + " printed a usage of " + usage.lines().count() + " lines");
    }
  }

  @Test
  void everyCommandHasItsHelpNamedInTheDocs() throws IOException {
    Set<List<String>> named = helpCommandsNamed();
    List<String> missing = new ArrayList<>();
    collectLeafCommands(Main.commandLine(), new ArrayList<>(), missing, named);
    assertTrue(missing.isEmpty(), "README.md and docs/*.md never name the --help of: " + missing);
  }

  @Test
  void theReadmeFitsItsBudget() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    assertTrue(lines.size() <= README_MAX_LINES, "README.md has " + lines.size() + " lines, over " + README_MAX_LINES);
    for (int i = 0; i < lines.size(); i++) {
      int length = lines.get(i).codePointCount(0, lines.get(i).length());
      assertTrue(length <= README_MAX_LINE_CHARS,
          "README.md:" + (i + 1) + " has " + length + " characters, over " + README_MAX_LINE_CHARS);
    }
  }

  /** Every command (and subcommand) but picocli's {@code help}, as its words, that no doc names. */
  private static void collectLeafCommands(
      CommandLine cl, List<String> path, List<String> missing, Set<List<String>> named) {
    for (var e : cl.getSubcommands().entrySet()) {
      if (e.getKey().equals("help")) {
        continue;
      }
      List<String> words = new ArrayList<>(path);
      words.add(e.getKey());
      if (!named.contains(words)) {
        missing.add(String.join(" ", words));
      }
      collectLeafCommands(e.getValue(), words, missing, named);
    }
  }

  /** The words between {@code crosscheck} and {@code --help} of every mention in README.md and docs/*.md. */
  private static Set<List<String>> helpCommandsNamed() throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(ROOT.resolve("README.md"));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    Set<List<String>> named = new LinkedHashSet<>();
    for (Path f : files) {
      Matcher m = HELP.matcher(Files.readString(f, StandardCharsets.UTF_8));
      while (m.find()) {
        named.add(List.copyOf(Arrays.asList(m.group(1).trim().split(" "))));
      }
    }
    return named;
  }
}
