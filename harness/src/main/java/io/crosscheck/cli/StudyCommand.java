package io.crosscheck.cli;

import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code crosscheck study}: ready-made experiments on real servers, each a set of matrix cells
 * ({@code io.crosscheck.matrix.MatrixRun#planned}) with its own table and conclusion: {@code flash-crowd} (connection
 * policies against lighttpd and Apache prefork under bursty session arrivals) and {@code wan}
 * (a server behind emulated WAN links).
 */
@Command(
    name = "study",
    mixinStandardHelpOptions = true,
    description = {
      "Ready-made, reproducible experiments; each runs as a matrix of audited cells (matrix.json, a run"
          + " directory and report per cell, report.html over all) and ends with its table and a plain-language"
          + " conclusion computed from the figures.",
      "  flash-crowd  connection policies x lighttpd / Apache prefork x non-bursty / bursty session arrivals",
      "  wan          one server behind emulated WAN links (RTT, rate, loss, MTU), swept over RTT and loss"
    },
    subcommands = {FlashCrowdCommand.class, WanStudyCommand.class, CommandLine.HelpCommand.class})
final class StudyCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The study directory: {@code given}, or {@code runs/study-NAME-yyyyMMdd-HHmmss}. */
  static Path directory(Path given, String name) {
    return given != null ? given : Path.of("runs", "study-" + name + "-" + LocalDateTime.now().format(
        DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
  }

  /**
   * A study option's duration in nanoseconds within {@code [minNanos, maxNanos]}; otherwise a problem
   * naming {@code option} and the range, and 0.
   */
  static long duration(String option, String text, long minNanos, long maxNanos, List<Problem> problems) {
    try {
      long n = Durations.parseNanos(text);
      if (n < minNanos || n > maxNanos) {
        throw new IllegalArgumentException();
      }
      return n;
    } catch (IllegalArgumentException e) {
      problems.add(new Problem(option, text, String.format(Locale.ROOT, "a duration with a unit from %s to %s, e.g. 5s",
          minNanos == 0 ? "0" : minNanos / 1_000_000 + " ms", maxNanos / 60_000_000_000L + " min")));
      return 0;
    }
  }
}
