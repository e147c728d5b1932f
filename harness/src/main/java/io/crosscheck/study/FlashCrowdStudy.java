package io.crosscheck.study;

import io.crosscheck.foreign.ForeignServer;
import io.crosscheck.foreign.ForeignServerSpec;
import io.crosscheck.matrix.ChildAudit;
import io.crosscheck.matrix.MatrixResume;
import io.crosscheck.matrix.MatrixRun;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.WorkerSampler;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.MatrixJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code crosscheck study flash-crowd}: the study's Table II for real. Every cell (server x
 * connection policy x schedule) starts a fresh lighttpd or Apache prefork from Debian on
 * 127.0.0.1, serving a static snapshot of the embedded RUBiS server's pages, and audits a
 * partly-open session schedule against it (crosscheck's engine in a child JVM, this process's live
 * capture); the server's worker processes are counted every second beside the capture's open
 * connections. The table and conclusion come from the cells' wire figures ({@link FlashCrowdTable}).
 * The command line checks its options into a {@link Request}; {@link #prepare} then {@link #run}.
 */
public final class FlashCrowdStudy {
  public static final String LIGHTTPD = "lighttpd";
  public static final String APACHE = "apache-prefork";
  public static final String NON_BURSTY = "non-bursty";
  public static final String BURSTY = "bursty";
  /** Every server, policy and schedule, in the table's order (the command's defaults). */
  public static final List<String> SERVERS = List.of(LIGHTTPD, APACHE);
  public static final List<String> POLICIES = List.of("per-session", "shared-cache", "per-request", "browser");
  public static final List<String> SCHEDULES = List.of(NON_BURSTY, BURSTY);
  private static final long SECOND = 1_000_000_000L;

  /**
   * A server's schedule: sessions per second at {@code baseRate}, bursting to {@code burstRate} for
   * {@code burstNanos}; {@code beforeNanos} and {@code afterNanos} at the base rate around it.
   */
  public record Plan(String server, double baseRate, double burstRate, long burstNanos, long beforeNanos, long afterNanos,
      long rampUpNanos, long rampDownNanos) {
    public long measureNanos() {
      return beforeNanos + burstNanos + afterNanos;
    }

    /** {@code --rate-schedule} of the schedule: the burst, or the base rate throughout. */
    public String rateSchedule(String schedule) {
      if (NON_BURSTY.equals(schedule)) {
        return rate(baseRate) + ":" + (rampUpNanos + measureNanos() + rampDownNanos) + "ns";
      }
      return rate(baseRate) + ":" + (rampUpNanos + beforeNanos) + "ns," + rate(burstRate) + ":" + burstNanos + "ns,"
          + rate(baseRate) + ":" + (afterNanos + rampDownNanos) + "ns";
    }

    /** The schedule as matrix.json's workload describes it. */
    MatrixJson.Schedule describe() {
      return new MatrixJson.Schedule(baseRate, burstRate, burstNanos, beforeNanos, afterNanos, rampUpNanos,
          rampDownNanos);
    }
  }

  private static String rate(double r) {
    return String.format(Locale.ROOT, "%.4f", r).replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  /** The study's schedules (Table II), scaled. */
  public static Plan plan(String server, double rateScale, double timeScale, long rampUpNanos, long rampDownNanos) {
    long before = Math.round(10 * SECOND * timeScale);
    long after = before;
    long ru = rampUpNanos;
    long rd = rampDownNanos;
    return LIGHTTPD.equals(server)
        ? new Plan(server, 10 * rateScale, 333 * rateScale, Math.round(4 * SECOND * timeScale), before, after, ru, rd)
        : new Plan(server, 8 * rateScale, 20 * rateScale, Math.round(20 * SECOND * timeScale), before, after, ru, rd);
  }

  /** The engine options of a policy. */
  public static List<String> engineArgs(String policy) {
    return switch (policy) {
      case "shared-cache" -> List.of("--engine", "legacy-urlconnection", "--timing", "nanos");
      case "browser" -> List.of("--engine", "netty", "--policy", "browser", "--connections", "6");
      default -> List.of("--engine", "netty", "--policy", policy);
    };
  }

  /**
   * What the command line asked for: the cells' servers, policies and schedules, the scales of the
   * rates and of the measured phase, the unmeasured ramps (nanoseconds), the sessions' length and
   * think time as {@code run} takes them, the schedules' seed and the study directory.
   */
  public record Request(List<String> servers, List<String> policies, List<String> schedules, double rateScale,
      double timeScale, long rampUpNanos, long rampDownNanos, String sessionLength, String think, long seed,
      Path dir) {
    /** Every value outside what the study runs, each a problem naming its option. */
    public List<Problem> problems() {
      List<Problem> problems = new ArrayList<>();
      for (String s : servers) {
        if (!SERVERS.contains(s)) {
          problems.add(new Problem("--servers", s, "lighttpd or apache-prefork"));
        }
      }
      for (String p : policies) {
        if (ConnectionPolicy.fromLabel(p) == null) {
          problems.add(new Problem("--policies", p, "per-session, shared-cache, per-request or browser"));
        }
      }
      for (String s : schedules) {
        if (!SCHEDULES.contains(s)) {
          problems.add(new Problem("--schedules", s, "non-bursty or bursty"));
        }
      }
      if (!(rateScale > 0 && rateScale <= 10)) {
        problems.add(new Problem("--rate-scale", String.valueOf(rateScale), "a factor > 0 and <= 10"));
      }
      if (!(timeScale > 0 && timeScale <= 10)) {
        problems.add(new Problem("--time-scale", String.valueOf(timeScale), "a factor > 0 and <= 10"));
      }
      return problems;
    }
  }

  private final Request request;
  private final ChildAudit audit;
  private final PrintStream console;
  private final List<MatrixRun.Planned> cells = new ArrayList<>();
  private MatrixJson.Workload description;

  /** A study as {@code request} asks, its cells audited by {@code audit}, its progress to {@code console}. */
  public FlashCrowdStudy(Request request, ChildAudit audit, PrintStream console) {
    this.request = request;
    this.audit = audit;
    this.console = console;
  }

  /**
   * Writes the site (once per directory), plans the cells and checks the directory may be resumed
   * with them: the problems of resuming it ({@link MatrixResume}), empty when {@link #run} may go.
   */
  public List<Problem> prepare() throws IOException {
    Request r = request;
    Path dir = r.dir();
    Files.createDirectories(dir);
    Path site = dir.resolve("site");
    List<String> paths = StudySite.snapshot(site);
    Path urlFile = site.resolve(StudySite.URLS_TXT);
    Map<String, MatrixJson.Schedule> plans = new LinkedHashMap<>();
    long totalNanos = 0;
    Path javaHome = Path.of(System.getProperty("java.home"));
    for (String server : r.servers()) {
      Plan plan = plan(server, r.rateScale(), r.timeScale(), r.rampUpNanos(), r.rampDownNanos());
      plans.put(server, plan.describe());
      for (String policy : r.policies()) {
        for (String schedule : r.schedules()) {
          Map<String, String> dims = new LinkedHashMap<>();
          dims.put("server", server);
          dims.put("policy", policy);
          dims.put("schedule", schedule);
          List<String> args = new ArrayList<>(List.of("run", "--arrival", "partly-open", "--rate-schedule",
              plan.rateSchedule(schedule), "--ramp-up", plan.rampUpNanos() + "ns", "--duration",
              plan.measureNanos() + "ns", "--ramp-down", plan.rampDownNanos() + "ns", "--url-file",
              urlFile.toAbsolutePath().toString(), "--url-order", "random", "--session-length", r.sessionLength(),
              "--think", r.think(), "--seed", String.valueOf(r.seed())));
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
    Map<String, String> policyArgs = new LinkedHashMap<>();
    r.policies().forEach(p -> policyArgs.put(p, String.join(" ", engineArgs(p))));
    description = MatrixJson.Workload.builder().study("flash-crowd")
        .site("static snapshot of the embedded RUBiS server's pages (" + paths.size() + " pages)")
        .sessions("partly-open, Poisson arrivals, --session-length " + r.sessionLength() + ", --think " + r.think()
            + ", --url-order random")
        .seed(r.seed()).scales(r.rateScale(), r.timeScale()).schedules(plans).policies(policyArgs).build();
    return MatrixResume.problems(dir, description);
  }

  /** Runs the cells {@link #prepare} planned: exit 0, 1 (a cell failed), 130 (interrupted). */
  public int run() throws IOException {
    if (description == null) {
      throw new IllegalStateException("prepare() first");
    }
    return new MatrixRun(request.dir(), null, description, console).planned(cells, new FlashCrowdTable(request.dir()));
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
      return audit.audit(new Target("127.0.0.1", s.port()), javaHome, List.of(), args, cellDir, log);
    }
  }
}
