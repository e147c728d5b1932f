package io.crosscheck.cli;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.study.FlashCrowdStudy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code crosscheck study flash-crowd}: parses the options into a {@link FlashCrowdStudy.Request},
 * reports every problem before anything starts, and runs the study ({@link FlashCrowdStudy}).
 */
@Command(
    name = "flash-crowd",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Connection policies against real servers under a flash crowd (the study's Table II). For every server"
          + " x policy x schedule, a fresh server from Debian on 127.0.0.1 (installed when missing and root):",
      "  lighttpd        2 worker processes (server.max-worker = 2); sessions at 10/s, bursty: 333/s for 4 s",
      "  apache-prefork  Apache 2 prefork, 15 processes at start, more spawned on demand; 8/s, bursty: 20/s for 20 s",
      "Both serve a static snapshot of the embedded RUBiS server's pages (DIR/site): the study's effect is the"
          + " front server's connection handling, which a proxy would mix with the embedded server's own queueing"
          + " on the same cores. Schedules: partly-open sessions (Poisson arrivals, the same seed in every cell),"
          + " --ramp-up (10 s) at the base rate, not measured, so that the server's pool settles; 10 s at the base"
          + " rate, the burst (non-bursty: the base rate), 10 s at the base rate; --ramp-down (5 s). Policies: per-session, per-request and browser (K=6)"
          + " with the Netty engine; shared-cache with legacy-urlconnection (a thread per session, URL.openStream"
          + " and the JDK's keep-alive cache, for real).",
      "Reports wire response times (median, mean, p95 over each cell's matched pairs, measured phase, capture"
          + " clock) per server x policy x schedule, the bursty/non-bursty mean ratio per server x policy, the"
          + " open connections (capture) against the server's worker processes per second, and a conclusion"
          + " computed from them. Each cell is a standard run directory DIR/<server>-<policy>-<schedule> with"
          + " report.html; DIR/matrix.json and DIR/report.html hold them all; resumable as 'matrix' is.",
      "Scale: --rate-scale multiplies every rate, --time-scale every duration (burst included); the defaults run"
          + " the study's rates in about 14 minutes on a 2-core host. Needs root (capture, servers)."
    })
final class FlashCrowdCommand implements Callable<Integer> {
  @Mixin AuditCommand.CaptureOptions capture = new AuditCommand.CaptureOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--servers", paramLabel = "LIST", split = ",",
      description = "lighttpd, apache-prefork. Default: both.")
  List<String> servers = new ArrayList<>(FlashCrowdStudy.SERVERS);

  @Option(names = "--policies", paramLabel = "LIST", split = ",",
      description = "per-session, shared-cache, per-request, browser. Default: all four.")
  List<String> policies = new ArrayList<>(FlashCrowdStudy.POLICIES);

  @Option(names = "--schedules", paramLabel = "LIST", split = ",",
      description = "non-bursty, bursty. Default: both.")
  List<String> schedules = new ArrayList<>(FlashCrowdStudy.SCHEDULES);

  @Option(names = "--rate-scale", paramLabel = "F",
      description = "Multiplies every session rate (0 < F <= 10). Default: ${DEFAULT-VALUE}.")
  double rateScale = 1.0;

  @Option(names = "--time-scale", paramLabel = "F",
      description = "Multiplies the measured phase's durations, the burst's included, not the ramps (0 < F <= 10)."
          + " Default: ${DEFAULT-VALUE}.")
  double timeScale = 1.0;

  @Option(names = "--ramp-up", paramLabel = "DURATION",
      description = "At the base rate before the measured phase, not measured, not scaled: prefork's pool grows"
          + " from 15 to what the base rate's sessions hold open (about 45 per-session connections at 8/s) at 1, 2,"
          + " 4... spawns a second, and a baseline measured while it grows is no baseline. Default: ${DEFAULT-VALUE}.")
  String rampUp = "10s";

  @Option(names = "--ramp-down", paramLabel = "DURATION",
      description = "At the base rate after it, not measured, not scaled, so that measured sessions finish."
          + " Default: ${DEFAULT-VALUE}.")
  String rampDown = "5s";

  @Option(names = "--session-length", paramLabel = "SPEC",
      description = "Pages per session, as 'run' takes it. Default: ${DEFAULT-VALUE}.")
  String sessionLength = "fixed:5";

  @Option(names = "--think", paramLabel = "SPEC",
      description = "Think time between pages, as 'run' takes it. Default: ${DEFAULT-VALUE}.")
  String think = "exp:1s";

  @Option(names = "--seed", paramLabel = "S", description = "Seed of every cell's schedule. Default: ${DEFAULT-VALUE}.")
  long seed = 1;

  @Option(names = {"--out", "--into"}, paramLabel = "DIR",
      description = "The study directory; an existing one is resumed. Default: runs/study-flash-crowd-yyyyMMdd-HHmmss.")
  Path out;

  private static final long SECOND = 1_000_000_000L;

  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    capture.check(problems);
    long rampUpNanos = StudyCommand.duration("--ramp-up", rampUp, 0, 600 * SECOND, problems);
    long rampDownNanos = StudyCommand.duration("--ramp-down", rampDown, 0, 600 * SECOND, problems);
    FlashCrowdStudy.Request request = new FlashCrowdStudy.Request(servers, policies, schedules, rateScale, timeScale,
        rampUpNanos, rampDownNanos, sessionLength, think, seed, StudyCommand.directory(out, "flash-crowd"));
    problems.addAll(request.problems());
    if (!problems.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, problems);
    }
    FlashCrowdStudy study = new FlashCrowdStudy(request, MatrixCommand.childAudit(capture), System.out);
    List<Problem> resume = study.prepare();
    return resume.isEmpty() ? study.run() : RunCommand.OutputOptions.reportProblems(spec, resume);
  }
}
