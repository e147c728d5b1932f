package io.crosscheck.cli;

import io.crosscheck.foreign.ForeignServer;
import io.crosscheck.foreign.ForeignServerSpec;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.WorkerSampler;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code crosscheck study flash-crowd}: the study's Table II for real. Every cell (server x
 * connection policy x schedule) starts a fresh lighttpd or Apache prefork from Debian on
 * 127.0.0.1, serving a static snapshot of the embedded RUBiS server's pages, and audits a
 * partly-open session schedule against it (crosscheck's engine in a child JVM, this process's live
 * capture); the server's worker processes are counted every second beside the capture's open
 * connections. The table and conclusion come from the cells' wire figures ({@link FlashCrowdTable}).
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
final class FlashCrowdStudy implements Callable<Integer> {
  @Mixin AuditCommand.CaptureOptions capture = new AuditCommand.CaptureOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--servers", paramLabel = "LIST", split = ",",
      description = "lighttpd, apache-prefork. Default: both.")
  List<String> servers = new ArrayList<>(List.of(LIGHTTPD, APACHE));

  @Option(names = "--policies", paramLabel = "LIST", split = ",",
      description = "per-session, shared-cache, per-request, browser. Default: all four.")
  List<String> policies = new ArrayList<>(List.of("per-session", "shared-cache", "per-request", "browser"));

  @Option(names = "--schedules", paramLabel = "LIST", split = ",",
      description = "non-bursty, bursty. Default: both.")
  List<String> schedules = new ArrayList<>(List.of(NON_BURSTY, BURSTY));

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

  static final String LIGHTTPD = "lighttpd";
  static final String APACHE = "apache-prefork";
  static final String NON_BURSTY = "non-bursty";
  static final String BURSTY = "bursty";
  private static final long SECOND = 1_000_000_000L;

  /**
   * A server's schedule: sessions per second at {@code baseRate}, bursting to {@code burstRate} for
   * {@code burstNanos}; {@code beforeNanos} and {@code afterNanos} at the base rate around it.
   */
  record Plan(String server, double baseRate, double burstRate, long burstNanos, long beforeNanos, long afterNanos,
      long rampUpNanos, long rampDownNanos) {
    long measureNanos() {
      return beforeNanos + burstNanos + afterNanos;
    }

    /** {@code --rate-schedule} of the schedule: the burst, or the base rate throughout. */
    String rateSchedule(String schedule) {
      if (NON_BURSTY.equals(schedule)) {
        return rate(baseRate) + ":" + (rampUpNanos + measureNanos() + rampDownNanos) + "ns";
      }
      return rate(baseRate) + ":" + (rampUpNanos + beforeNanos) + "ns," + rate(burstRate) + ":" + burstNanos + "ns,"
          + rate(baseRate) + ":" + (afterNanos + rampDownNanos) + "ns";
    }

    Map<String, Object> describe() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("baseSessionsPerSecond", baseRate);
      m.put("burstSessionsPerSecond", burstRate);
      m.put("burstNanos", burstNanos);
      m.put("beforeBurstNanos", beforeNanos);
      m.put("afterBurstNanos", afterNanos);
      m.put("rampUpNanos", rampUpNanos);
      m.put("rampDownNanos", rampDownNanos);
      return m;
    }
  }

  private static String rate(double r) {
    return String.format(Locale.ROOT, "%.4f", r).replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  /** The study's schedules (Table II), scaled. */
  static Plan plan(String server, double rateScale, double timeScale, long rampUpNanos, long rampDownNanos) {
    long before = Math.round(10 * SECOND * timeScale);
    long after = before;
    long ru = rampUpNanos;
    long rd = rampDownNanos;
    return LIGHTTPD.equals(server)
        ? new Plan(server, 10 * rateScale, 333 * rateScale, Math.round(4 * SECOND * timeScale), before, after, ru, rd)
        : new Plan(server, 8 * rateScale, 20 * rateScale, Math.round(20 * SECOND * timeScale), before, after, ru, rd);
  }

  /** The engine options of a policy. */
  static List<String> engineArgs(String policy) {
    return switch (policy) {
      case "shared-cache" -> List.of("--engine", "legacy-urlconnection", "--timing", "nanos");
      case "browser" -> List.of("--engine", "netty", "--policy", "browser", "--connections", "6");
      default -> List.of("--engine", "netty", "--policy", policy);
    };
  }

  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    capture.check(problems);
    for (String s : servers) {
      if (!List.of(LIGHTTPD, APACHE).contains(s)) {
        problems.add(new Problem("--servers", s, "lighttpd or apache-prefork"));
      }
    }
    for (String p : policies) {
      if (ConnectionPolicy.fromLabel(p) == null) {
        problems.add(new Problem("--policies", p, "per-session, shared-cache, per-request or browser"));
      }
    }
    for (String s : schedules) {
      if (!List.of(NON_BURSTY, BURSTY).contains(s)) {
        problems.add(new Problem("--schedules", s, "non-bursty or bursty"));
      }
    }
    if (!(rateScale > 0 && rateScale <= 10)) {
      problems.add(new Problem("--rate-scale", String.valueOf(rateScale), "a factor > 0 and <= 10"));
    }
    if (!(timeScale > 0 && timeScale <= 10)) {
      problems.add(new Problem("--time-scale", String.valueOf(timeScale), "a factor > 0 and <= 10"));
    }
    long rampUpNanos = StudyCommand.duration("--ramp-up", rampUp, 0, 600 * SECOND, problems);
    long rampDownNanos = StudyCommand.duration("--ramp-down", rampDown, 0, 600 * SECOND, problems);
    if (!problems.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, problems);
    }
    Path dir = StudyCommand.directory(out, "flash-crowd");
    PrintStream console = System.out;
    Files.createDirectories(dir);
    Path site = dir.resolve("site");
    List<String> paths = StudySite.snapshot(site);
    Path urlFile = site.resolve("urls.txt");

    Map<String, Plan> plans = new LinkedHashMap<>();
    List<MatrixRun.Planned> cells = new ArrayList<>();
    long totalNanos = 0;
    Path javaHome = Path.of(System.getProperty("java.home"));
    for (String server : servers) {
      Plan plan = plan(server, rateScale, timeScale, rampUpNanos, rampDownNanos);
      plans.put(server, plan);
      for (String policy : policies) {
        for (String schedule : schedules) {
          Map<String, String> dims = new LinkedHashMap<>();
          dims.put("server", server);
          dims.put("policy", policy);
          dims.put("schedule", schedule);
          List<String> args = new ArrayList<>(List.of("run", "--arrival", "partly-open", "--rate-schedule",
              plan.rateSchedule(schedule), "--ramp-up", plan.rampUpNanos() + "ns", "--duration",
              plan.measureNanos() + "ns", "--ramp-down", plan.rampDownNanos() + "ns", "--url-file",
              urlFile.toAbsolutePath().toString(), "--url-order", "random", "--session-length", sessionLength,
              "--think", think, "--seed", String.valueOf(seed)));
          args.addAll(engineArgs(policy));
          String id = server + "-" + policy + "-" + schedule;
          MatrixCell pending = MatrixCell.pending(id, System.getProperty("java.version") + " ("
              + System.getProperty("java.vendor") + ")", javaHome.toString(), "default", List.of(), 0, null, dims);
          cells.add(new MatrixRun.Planned(pending, server + " " + policy + " " + schedule,
              (cellDir, log) -> cell(server, docroot(site), cellDir, args, javaHome, log)));
          totalNanos += plan.rampUpNanos() + plan.measureNanos() + plan.rampDownNanos() + 6 * SECOND;
        }
      }
    }
    console.println(String.format(Locale.ROOT, "crosscheck study flash-crowd: %d cells, about %d min (the schedules"
        + " and each server's start); %d RUBiS pages in %s", cells.size(), Math.max(1, totalNanos / 60 / SECOND),
        paths.size(), site));
    Map<String, Object> description = new LinkedHashMap<>();
    description.put("study", "flash-crowd");
    description.put("site", "static snapshot of the embedded RUBiS server's pages (" + paths.size() + " pages)");
    description.put("sessions", "partly-open, Poisson arrivals, --session-length " + sessionLength + ", --think "
        + think + ", --url-order random");
    description.put("seed", seed);
    description.put("rateScale", rateScale);
    description.put("timeScale", timeScale);
    Map<String, Object> planJson = new LinkedHashMap<>();
    plans.forEach((k, v) -> planJson.put(k, v.describe()));
    description.put("schedules", planJson);
    Map<String, Object> policyJson = new LinkedHashMap<>();
    policies.forEach(p -> policyJson.put(p, String.join(" ", engineArgs(p))));
    description.put("policies", policyJson);
    List<Problem> resume = MatrixResume.problems(dir, description);
    if (!resume.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, resume);
    }
    MatrixRun run = new MatrixRun(dir, null, description, console);
    return run.planned(cells, new FlashCrowdTable(dir));
  }

  static Path docroot(Path site) {
    return site.resolve("docroot");
  }

  /**
   * One cell: a fresh server in {@code cellDir/server}, its workers counted every second into
   * workers.csv, the audit of the cell's run against it.
   */
  private MatrixRun.Audited cell(String server, Path docroot, Path cellDir, List<String> args, Path javaHome,
      PrintStream log) throws IOException {
    try (ForeignServer s = StudySite.start(server, ForeignServerSpec.in(cellDir.resolve("server")).withDocroot(docroot));
        WorkerSampler workers = WorkerSampler.start(s::workers, cellDir.resolve(WorkerSampler.WORKERS_CSV))) {
      log.println("crosscheck study: " + server + " on 127.0.0.1:" + s.port() + " (" + s.describe() + ")");
      return MatrixRun.auditChild(new Target("127.0.0.1", s.port()), capture, javaHome, List.of(), args, cellDir,
          log);
    }
  }

}
