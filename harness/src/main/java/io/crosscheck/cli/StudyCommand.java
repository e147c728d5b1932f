package io.crosscheck.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code crosscheck study}: ready-made experiments on real servers, each a set of matrix cells
 * ({@link MatrixRun#planned}) with its own table and conclusion: {@code flash-crowd} (connection
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
    subcommands = {FlashCrowdStudy.class, WanStudy.class, CommandLine.HelpCommand.class})
final class StudyCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
