package io.crosscheck.audit;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineLayout;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.legacy.LegacyOptions;
import io.crosscheck.engine.legacy.LegacyUrlConnectionEngine;
import io.crosscheck.engine.netty.JitWarmUp;
import io.crosscheck.engine.netty.NettyEngine;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import io.crosscheck.report.html.HtmlReport;
import io.crosscheck.run.RunJob;
import io.crosscheck.run.RunOutput;
import io.crosscheck.rundir.Findings;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.RubisSupport;
import io.crosscheck.spi.TpcwSupport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code crosscheck demo}'s tour: the embedded RUBiS auction site, TPC-W bookstore and generic server
 * on loopback ephemeral ports, then each workload audited in this JVM (live capture, run, comparison)
 * with its findings table, and a side-by-side summary and report of them all; without the right to
 * capture, the workloads run unaudited. Prints on stdout; one tour per instance.
 */
public final class DemoTour {
  private final RunOutput output;

  /** @param output where the run directories go ({@code --out}) and how progress is shown */
  public DemoTour(RunOutput output) {
    this.output = output;
  }

  /** Starts the servers, audits (or, without a capture, runs) each workload, prints the summary: the exit code. */
  public int run() throws Exception {
    RubisSupport rubis = RubisSupport.find().orElse(null);
    TpcwSupport tpcw = TpcwSupport.find().orElse(null);
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0));
        AutoCloseable rubisServer = rubis == null ? () -> { } : rubis.startServer("127.0.0.1", 0, false);
        AutoCloseable tpcwServer = tpcw == null ? () -> { }
            : tpcw.startServer("127.0.0.1", 0, false, TPCW_CUSTOMERS, TPCW_ITEMS)) {
      String target = "http://127.0.0.1:" + server.port();
      System.out.println("crosscheck demo: embedded server on " + target);
      Integer rubisPort = rubisServer instanceof RubisSupport.Server r ? r.port() : null;
      if (rubisPort != null) {
        System.out.println("crosscheck demo: embedded RUBiS auction site on http://127.0.0.1:" + rubisPort);
      }
      Integer tpcwPort = tpcwServer instanceof EmbeddedSite t ? t.port() : null;
      if (tpcwPort != null) {
        System.out.println("crosscheck demo: embedded TPC-W bookstore on http://127.0.0.1:" + tpcwPort + "/tpcw/");
      }
      int exit = 0;
      boolean capture = true;
      List<String> summary = new ArrayList<>();
      List<Path> audited = new ArrayList<>();
      for (Step step : steps(target, rubis, rubisPort, tpcw, tpcwPort)) {
        System.out.println();
        System.out.println("== " + step.title());
        Workload w = step.workload();
        if (capture) {
          LiveAudit.Audit audit = LiveAudit.audit(LiveAudit.inProcess(job(step, w), output.progressMode()),
              w.target(), CaptureSettings.defaults(), System.out);
          if (audit.exitCode() != 2) {
            exit = Math.max(exit, audit.exitCode());
            if (audit.findings() != null) {
              summary.add(summaryLine(step, audit.findings()));
              audited.add(audit.runDir());
            }
            continue;
          }
          capture = false;
          System.out.println("crosscheck demo: no capture, so no audit: the workloads run unaudited");
        }
        exit = Math.max(exit, job(step, w).execute(output.progressMode(), System.out).exitCode());
      }
      if (!summary.isEmpty()) {
        System.out.println();
        System.out.println("== side by side (measured phase; errors are reported minus wire)");
        System.out.printf(Locale.ROOT, "%-22s %9s %12s %12s %12s %8s %12s %10s%n", "workload", "matched",
            "reportedUs", "wireUs", "absErrorUs", "ratio", "connections", "sessions");
        summary.forEach(System.out::println);
        sideBySideReport(audited);
      }
      return exit;
    }
  }

  /** One page of the demo's audits side by side, beside their run directories. */
  private void sideBySideReport(List<Path> runDirs) {
    Path html = output.outBase().resolve("demo-report.html");
    try {
      HtmlReport.writeRuns(runDirs, html);
      System.out.println();
      System.out.println("crosscheck demo: the runs side by side in " + html.toAbsolutePath());
    } catch (IOException | RuntimeException e) {
      System.out.println("crosscheck demo: " + html + ": not written (" + e.getMessage() + "); rebuild it with"
          + " 'crosscheck report RUN_DIR...'");
    }
  }

  private RunJob job(Step step, Workload w) {
    // the audit's default warm-up (legacy engines ignore it: they reproduce a cold start)
    // the Netty runs take the accurate layout whenever this host allows it, as audit does
    RunJob.LayoutChoice layout = step.engine() instanceof NettyEngine
        ? EngineLayout::auto : RunJob.LayoutChoice.NONE;
    return new RunJob(w, step.engine(), EngineOptions.defaults(), output.outBase(), step.name(), List.of("demo"))
        .jitWarmUp(JitWarmUp.DEFAULT_REQUESTS).layouts(layout);
  }

  private static String summaryLine(Step step, Findings f) {
    if (f.responseTime() == null) {
      return String.format(Locale.ROOT, "%-22s not judged: %s", step.name(),
          io.crosscheck.report.FindingsSentences.coverage(f));
    }
    // each figure with the share of the run's records it rests on
    return String.format(Locale.ROOT, "%-22s %8.1f%% %12.1f %12.1f %+12.1f %8.3f %12d %10d", step.name(),
        f.coverage().recordsMatchedPercent(),
        f.responseTime().reportedMeanMicros(), f.responseTime().wireMeanMicros(),
        f.responseTime().absoluteErrorMicros(), f.responseTime().ratio(),
        f.connections().connectionsWithRequests(), f.connections().sessions());
  }

  private record Step(String name, String title, Workload workload, Engine engine) {}

  /** The bookstore's database for the demo (the RBE's defaults: 1000 customers, 10,000 items). */
  private static final int TPCW_CUSTOMERS = 1000;
  private static final int TPCW_ITEMS = 10000;

  private static List<Step> steps(String target, RubisSupport rubis, Integer rubisPort, TpcwSupport tpcw,
      Integer tpcwPort) throws SpecException {
    WorkloadSpec crowd = new WorkloadSpec();
    crowd.target = target;
    crowd.arrival = "partly-open";
    crowd.rateSchedule = "20:3s,200:2s,20:3s";
    crowd.sessionLength = "geometric:0.8:20";
    crowd.think = "exp:50ms";
    crowd.urls = "/static/2k,/static/16k";
    crowd.urlOrder = "random";
    crowd.duration = "8s";
    List<Step> steps = new ArrayList<>();
    Engine legacy = new LegacyUrlConnectionEngine(LegacyOptions.faithful().withTiming(LegacyOptions.TimingClock.NANOS));
    if (rubis != null) {
      RubisSupport.RubisWorkloadSpec r = rubis.workload(null, null, 100, 0.05);
      Workload bidding = new Workload(new Target("127.0.0.1", rubisPort), r.arrival(),
          r.source(), new SessionLength.Fixed(1), new ThinkTime.None(),
          new Phases(2_000_000_000L, 12_000_000_000L, 0), 1);
      steps.add(new Step("rubis-netty", "RUBiS bidding mix x0.05 think, 100 users; Netty engine, per-session",
          bidding, new NettyEngine()));
      steps.add(new Step("rubis-urlconnection", "the same seeded RUBiS workload; legacy-urlconnection (thread"
          + " per user, URL.openStream, the JDK's keep-alive cache)", bidding, legacy));
    }
    if (tpcw != null) {
      TpcwSupport.Options o = TpcwSupport.Options.defaults(TpcwSupport.Mix.SHOPPING, 50);
      TpcwSupport.TpcwWorkloadSpec t = tpcw.workload(new TpcwSupport.Options(o.mix(), o.browsers(), null, 2, 12, 0,
          0.05, 1.0, TPCW_CUSTOMERS, TPCW_ITEMS, true, o.maxErrors(), o.imageConnections(), o.prefix()));
      Workload shopping = new Workload(new Target("127.0.0.1", tpcwPort), t.arrival(), t.source(),
          new SessionLength.Fixed(1), new ThinkTime.None(), t.phases(), 1);
      steps.add(new Step("tpcw-urlconnection", "TPC-W shopping mix as the RBE runs it, 50 browsers, -TT 0.05;"
          + " legacy-urlconnection (thread per browser, URL.openStream)", shopping, legacy));
    }
    steps.add(new Step("flash-crowd-netty", "partly-open flash crowd: 20/s, 200/s for 2 s, 20/s; think exp"
        + " 50 ms; Netty engine", crowd.build(), new NettyEngine()));
    return steps;
  }
}
