package io.crosscheck.cli;

import io.crosscheck.audit.DemoTour;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/**
 * {@code crosscheck demo}: the main job on the embedded default. Starts the embedded RUBiS-compatible
 * auction server and the generic embedded server on loopback ephemeral ports and audits three
 * workloads — the RUBiS bidding mix (time-scaled) with the Netty engine and, on the same seed, with
 * the legacy thread-per-user {@code URL.openStream} engine as the RUBiS client fetches pages; then
 * a partly-open flash crowd — printing each findings table and a side-by-side summary. Without the
 * right to capture it runs the workloads unaudited and says how to get it.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Starts the embedded RUBiS auction server, the TPC-W bookstore and the generic embedded server on"
          + " 127.0.0.1 and audits (live capture + run + comparison) four workloads, printing each findings table and a"
          + " side-by-side summary:",
      "  1. the RUBiS bidding mix (the client's default transition table and think times, scaled x0.05),"
          + " 100 users, 2 s warm-up + 12 s measured; Netty engine, per-session;",
      "  2. the same seeded RUBiS workload with legacy-urlconnection (a thread per user, URL.openStream and"
          + " the JDK's keep-alive cache, as the RUBiS client does);",
      "  3. the TPC-W shopping mix on the embedded bookstore, as the TPC-W RBE runs it (50 emulated browsers,"
          + " -TT 0.05, images fetched), legacy-urlconnection: the RBE's own figure per page (scheduled send"
          + " instant to the last image byte) set against the wire;",
      "  4. partly-open flash crowd on the generic server: sessions arrive at 20/s for 3 s, 200/s for 2 s,"
          + " 20/s for 3 s.",
      "Ends with one report of its audits side by side: OUT/demo-report.html (and each run's report.html).",
      "Takes about a minute. Run directories go under --out. The capture needs root or CAP_NET_RAW;"
          + " without it the workloads run unaudited."
    })
final class DemoCommand implements Callable<Integer> {
  @Mixin RunCommand.OutputOptions output = new RunCommand.OutputOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    return new DemoTour(output.runOutput()).run();
  }
}
