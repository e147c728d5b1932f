package io.crosscheck.cli;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code crosscheck demo}: the main job on the embedded default. Starts the embedded server on a
 * loopback ephemeral port, runs a closed workload and a partly-open flash crowd against it with the
 * Netty engine, and prints both summaries. Later issues turn this into the audit.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Starts the embedded server on 127.0.0.1, runs two short workloads against it with the Netty"
          + " engine and prints their summaries:",
      "  1. closed: 200 users x 4 sessions x 10 requests, exponential think time (mean 50 ms),"
          + " users started over a 0.5 s ramp-up that statistics exclude;",
      "  2. partly-open flash crowd: sessions arrive at 20/s for 3 s, 200/s for 2 s, 20/s for 3 s.",
      "Takes about 20 seconds. Run directories go under --out."
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
      for (Step step : steps(target)) {
        System.out.println();
        System.out.println("== " + step.title());
        Workload w;
        try {
          w = step.options().toSpec().build();
        } catch (SpecException e) {
          throw new IllegalStateException("the demo's own workload is invalid: " + e.getMessage(), e);
        }
        RunJob job = new RunJob(w, "netty", EngineOptions.defaults(), output.out, step.name(), List.of("demo"));
        exit = Math.max(exit, job.execute(output.progress, System.out).exitCode());
      }
      return exit;
    }
  }

  private record Step(String name, String title, WorkloadOptions options) {}

  private static List<Step> steps(String target) {
    WorkloadOptions closed = new WorkloadOptions();
    closed.target = target;
    closed.users = "200";
    closed.sessionsPerUser = "4";
    closed.sessionLength = "fixed:10";
    closed.think = "exp:50ms";
    closed.urls = "/static/2k,/static/16k,/static/64k";
    closed.urlOrder = "random";
    closed.rampUp = "500ms";
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
        new Step("demo-closed", "closed: 200 users x 4 sessions x 10 requests, think exp 50 ms, per-session", closed),
        new Step("demo-flash-crowd", "partly-open flash crowd: 20/s, 200/s for 2 s, 20/s; think exp 50 ms", crowd));
  }
}
