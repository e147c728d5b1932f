package io.crosscheck.cli;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.study.FlashCrowdStudy;
import io.crosscheck.study.WanStudy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code crosscheck study wan}: parses the options into a {@link WanStudy.Request}, reports every
 * problem before anything starts, and runs the study ({@link WanStudy}).
 */
@Command(
    name = "wan",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "A server behind emulated WAN links, swept over RTT and loss. Every cell: a network of two namespaces"
          + " (client, server) made for the cell and removed after it (also after a failure or Ctrl-C), the"
          + " server on 127.0.0.1 in one, a whole 'crosscheck audit' in the other capturing on the client's"
          + " interface, each client class (--wan, repeatable) on its own source address 127.0.0.(2+i).",
      "Profiles: rtt=40ms,rate=10mbit,loss=0.5%%,mtu=576 (also up=/down= for asymmetric rates). Without --wan:"
          + " one class swept over --rtt 10ms,40ms,160ms x --loss 0%%,2%%; with --wan: only the lists given sweep"
          + " (each level sets that key in every class).",
      "Reports per level the transaction rate (matched pairs per measured second) and the wire response times"
          + " (median, mean, p95 over the matched pairs, capture clock), and per class the handshake RTT measured"
          + " in the capture against the configured one. Needs root."
    })
final class WanStudyCommand implements Callable<Integer> {
  @Mixin AuditCommand.CaptureOptions capture = new AuditCommand.CaptureOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--server", paramLabel = "KIND", description = "lighttpd or apache-prefork. Default: ${DEFAULT-VALUE}.")
  String server = FlashCrowdStudy.LIGHTTPD;

  @Option(names = "--wan", paramLabel = "PROFILE", description = "A client class's link, repeatable (see above).")
  List<String> profiles = new ArrayList<>();

  @Option(names = "--rtt", paramLabel = "LIST", split = ",", description = "RTT levels, e.g. 10ms,40ms,160ms.")
  List<String> rtts;

  @Option(names = "--loss", paramLabel = "LIST", split = ",", description = "Loss levels in percent, e.g. 0%%,2%%.")
  List<String> losses;

  @Option(names = "--users", paramLabel = "N", description = "Closed users per cell. Default: ${DEFAULT-VALUE}.")
  int users = 20;

  @Option(names = "--think", paramLabel = "SPEC", description = "Think time. Default: ${DEFAULT-VALUE}.")
  String think = "exp:500ms";

  @Option(names = "--ramp-up", paramLabel = "DURATION", description = "Not measured. Default: ${DEFAULT-VALUE}.")
  String rampUp = "3s";

  @Option(names = "--duration", paramLabel = "DURATION", description = "Measured. Default: ${DEFAULT-VALUE}.")
  String duration = "15s";

  @Option(names = "--seed", paramLabel = "S", description = "Seed of the schedule and of the link's losses. Default: ${DEFAULT-VALUE}.")
  long seed = 1;

  @Option(names = {"--out", "--into"}, paramLabel = "DIR",
      description = "The study directory; an existing one is resumed. Default: runs/study-wan-yyyyMMdd-HHmmss.")
  Path out;

  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    capture.check(problems);
    if (spec.commandLine().getParseResult().hasMatchedOption("--interface")) {
      problems.add(new Problem("--interface", capture.interfaceName, "none: the audit captures on the client"
          + " namespace's interface, which the study makes for each cell"));
    }
    long measureNanos = StudyCommand.duration("--duration", duration, 1_000_000L, 3_600_000_000_000L, problems);
    StudyCommand.duration("--ramp-up", rampUp, 0, 3_600_000_000_000L, problems);
    WanStudy study = new WanStudy(new WanStudy.Request(server, profiles, rtts, losses, users, think, rampUp, duration,
        measureNanos, seed, StudyCommand.directory(out, "wan"), capture.snaplenBytes, capture.minMatchedPercent,
        Main.class.getName()), System.out, problems);
    if (!problems.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, problems);
    }
    List<Problem> resume = study.prepare();
    return resume.isEmpty() ? study.run() : RunCommand.OutputOptions.reportProblems(spec, resume);
  }
}
