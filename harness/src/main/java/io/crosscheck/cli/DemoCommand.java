package io.crosscheck.cli;

import io.crosscheck.compare.Findings;
import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.legacy.LegacyOptions;
import io.crosscheck.engine.legacy.LegacyUrlConnectionEngine;
import io.crosscheck.engine.netty.NettyEngine;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code crosscheck demo}: the main job on the embedded default. Starts the embedded server on a
 * loopback ephemeral port and audits three workloads against it — the same closed workload with the
 * Netty engine and with the legacy thread-per-user {@code URL.openStream} engine, then a partly-open
 * flash crowd — printing each findings table and a side-by-side summary. Without the right to
 * capture it runs the workloads without the audit and says how to get it.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Starts the embedded server on 127.0.0.1 and audits (live capture + run + comparison) three"
          + " workloads against it, printing each findings table and a side-by-side summary:",
      "  1. closed: 100 users x 3 sessions x 10 requests, exponential think time (mean 100 ms), users"
          + " started over a 2 s ramp-up (JIT warm-up) that statistics exclude; Netty engine, per-session;",
      "  2. the same seeded workload with legacy-urlconnection (a thread per user, URL.openStream and"
          + " the JDK's keep-alive cache, as RUBiS and TPC-W do);",
      "  3. partly-open flash crowd: sessions arrive at 20/s for 3 s, 200/s for 2 s, 20/s for 3 s.",
      "Takes under a minute. Run directories go under --out. The capture needs root or CAP_NET_RAW;"
          + " without it the workloads run unaudited."
    })
final class DemoCommand implements Callable<Integer> {
  @Mixin RunCommand.OutputOptions output = new RunCommand.OutputOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      String target = "http://127.0.0.1:" + server.port();
      System.out.println("crosscheck demo: embedded server on " + target);
      int exit = 0;
      boolean capture = true;
      List<String> summary = new ArrayList<>();
      for (Step step : steps(target)) {
        System.out.println();
        System.out.println("== " + step.title());
        Workload w;
        try {
          w = step.options().toSpec().build();
        } catch (SpecException e) {
          throw new IllegalStateException("the demo's own workload is invalid: " + e.getMessage(), e);
        }
        if (capture) {
          AuditCommand.Audit audit = AuditCommand.audit(AuditCommand.inProcess(job(step, w), output.progress),
              target, new AuditCommand.CaptureOptions(), System.out);
          if (audit.exitCode() != 2) {
            exit = Math.max(exit, audit.exitCode());
            summary.add(summaryLine(step, audit.findings()));
            continue;
          }
          capture = false;
          System.out.println("crosscheck demo: no capture, so no audit: the workloads run unaudited");
        }
        exit = Math.max(exit, job(step, w).execute(output.progress, System.out).exitCode());
      }
      if (!summary.isEmpty()) {
        System.out.println();
        System.out.println("== side by side (measured phase; errors are reported minus wire)");
        System.out.printf(Locale.ROOT, "%-22s %12s %12s %12s %8s %12s %10s%n", "workload", "reportedUs",
            "wireUs", "absErrorUs", "ratio", "connections", "sessions");
        summary.forEach(System.out::println);
      }
      return exit;
    }
  }

  private RunJob job(Step step, Workload w) {
    return new RunJob(w, step.engine(), EngineOptions.defaults(), output.out, step.name(), List.of("demo"));
  }

  private static String summaryLine(Step step, Findings f) {
    return String.format(Locale.ROOT, "%-22s %12.1f %12.1f %+12.1f %8.3f %12d %10d", step.name(),
        f.responseTime().reportedMeanMicros(), f.responseTime().wireMeanMicros(),
        f.responseTime().absoluteErrorMicros(), f.responseTime().ratio(),
        f.connections().connectionsWithRequests(), f.connections().sessions());
  }

  private record Step(String name, String title, WorkloadOptions options, Engine engine) {}

  private static List<Step> steps(String target) {
    WorkloadOptions closed = new WorkloadOptions();
    closed.target = target;
    closed.users = "100";
    closed.sessionsPerUser = "3";
    closed.sessionLength = "fixed:10";
    closed.think = "exp:100ms";
    closed.urls = "/static/2k,/static/16k";
    closed.urlOrder = "random";
    closed.rampUp = "2s";
    closed.duration = "30s";

    WorkloadOptions crowd = new WorkloadOptions();
    crowd.target = target;
    crowd.arrival = "partly-open";
    crowd.rateSchedule = "20:3s,200:2s,20:3s";
    crowd.sessionLength = "geometric:0.8:20";
    crowd.think = "exp:50ms";
    crowd.urls = "/static/2k,/static/16k";
    crowd.urlOrder = "random";
    crowd.duration = "8s";
    return List.of(
        new Step("closed-netty", "closed: 100 users x 3 sessions x 10 requests, think exp 100 ms, 2 s warm-up; Netty engine,"
            + " per-session", closed, new NettyEngine()),
        new Step("closed-urlconnection", "the same seeded workload; legacy-urlconnection (thread per user,"
            + " URL.openStream, the JDK's keep-alive cache)", closed,
            new LegacyUrlConnectionEngine(LegacyOptions.faithful().withTiming(LegacyOptions.TimingClock.NANOS))),
        new Step("flash-crowd-netty", "partly-open flash crowd: 20/s, 200/s for 2 s, 20/s; think exp 50 ms;"
            + " Netty engine", crowd, new NettyEngine()));
  }
}
