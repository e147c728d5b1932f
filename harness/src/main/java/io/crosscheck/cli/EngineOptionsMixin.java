package io.crosscheck.cli;

import io.crosscheck.engine.netty.JitWarmUp;
import io.crosscheck.run.EngineRequest;
import picocli.CommandLine.Option;

/** Engine options shared by the commands that generate load; checked all at once. */
final class EngineOptionsMixin {
  @Option(
      names = "--engine",
      paramLabel = "NAME",
      description = "Generator engine: netty (event loops, the accurate reference), legacy-urlconnection"
          + " (a thread per user fetching with URL.openStream through the JDK's keep-alive cache, as the"
          + " RUBiS and TPC-W clients do), legacy-httpclient (a thread per user, Apache HttpClient 5, one"
          + " dedicated connection per user). Default: ${DEFAULT-VALUE}.")
  String engine = "netty";

  @Option(
      names = "--policy",
      paramLabel = "POLICY",
      description =
          "Connection policy: per-session (one persistent connection per session), per-request,"
              + " shared-cache (K idle shared by all users, like the JDK), browser (K per session)."
              + " Default: ${DEFAULT-VALUE}.")
  String policy = "per-session";

  @Option(
      names = "--connections",
      paramLabel = "K",
      description = "K for shared-cache (max idle) and browser (per session). Default: ${DEFAULT-VALUE}.")
  String connectionsK = "6";

  @Option(
      names = "--event-loops",
      paramLabel = "N",
      description = "Netty event-loop threads, 0 = one per core. Giving it (or --busy-poll) lays the engine"
          + " out as given (--layout as-given). Default: 0, or 1 in the loop-alone layout.")
  String eventLoops;

  @Option(
      names = "--layout",
      paramLabel = "LAYOUT",
      description = "Netty engine: how its threads sit on the cores. loop-alone: one event loop busy-polls on"
          + " a core of its own and every other thread of the JVM runs on the other cores (the accurate"
          + " reference: 12-16 us mean error in bench/FIDELITY.md; needs 2 cores not held by another"
          + " crosscheck loop); one-core: for a process that has one core (a small generator host, taskset), one"
          + " loop at real-time priority (SCHED_FIFO 1: needs root or CAP_SYS_NICE) that busy-polls while it"
          + " awaits a reply and sleeps otherwise, so the capture and recorder get the core between exchanges"
          + " (13-23 us mean measured with the server on another host, where httperf gave 24-66); shared: loops sleep in epoll_wait and"
          + " share the cores (37-390 us measured); auto: loop-alone for audit and demo whenever this host"
          + " allows it, one-core when the process has one core and may use real-time priority, else shared"
          + " (run and matrix cells: shared). Only this JVM's threads are moved off the loop's core: another busy process on"
          + " it (a server on this host) takes turns with the spinning loop, so pin it away (taskset) or use"
          + " shared. run.json and the findings say which layout ran and why. Default: ${DEFAULT-VALUE}.")
  String layout = "auto";

  @Option(names = "--layout-default", hidden = true, paramLabel = "MODE",
      description = "What --layout auto means: accurate (loop-alone when possible) or the command's own default;"
          + " set by audit and matrix for the run in their child JVM.")
  String layoutDefault;

  @Option(
      names = "--connect-timeout",
      paramLabel = "DURATION",
      description = "Connect timeout. Default: ${DEFAULT-VALUE}.")
  String connectTimeout = "5s";

  @Option(
      names = "--request-timeout",
      paramLabel = "DURATION",
      description = "From send start to the reply's last byte. Default: ${DEFAULT-VALUE}.")
  String requestTimeout = "30s";

  @Option(
      names = {"--source-addresses", "--source-address"},
      paramLabel = "ADDRS",
      description =
          "Bind client sockets to these local addresses round-robin, e.g. 127.0.0.1-127.0.0.8 or"
              + " 127.0.0.2,127.0.0.3 (more than ~28k concurrent connections; with epoll, IP_BIND_ADDRESS_NO_PORT"
              + " gives each address its own ephemeral ports). The legacy engines cannot bind and refuse it."
              + " Default: the kernel's choice.")
  String sourceAddresses;

  @Option(
      names = "--busy-poll",
      description = "Netty engine: event loops spin instead of sleeping in epoll_wait, as httperf busy-polls:"
          + " no wake-up latency in the timestamps, one busy core per event loop (use with --event-loops 1"
          + " on small machines, and give the loop thread a core of its own: bench/FIDELITY.md measured"
          + " 12-16 us mean error that way, ~100 us without).")
  boolean busyPoll;

  @Option(
      names = "--jit-warm-up",
      paramLabel = "N",
      description = "Netty engine: before the load, N requests against an in-process server on an"
          + " ephemeral loopback port (never the target), so the engine's code is JIT-compiled when the"
          + " first measured request goes out (a cold JVM adds 50-1000 us per request in its first"
          + " seconds); at most 5 s, then 0.8 s of sessions arriving with think times (the arrival and"
          + " timer paths). 0 = none. Legacy engines are never warmed: they reproduce the"
          + " original clients, cold start included. Default: ${DEFAULT-VALUE}.")
  String jitWarmUp = String.valueOf(JitWarmUp.DEFAULT_REQUESTS);

  @Option(
      names = "--timing",
      paramLabel = "CLOCK",
      description = "Legacy engines: time requests with millis (System.currentTimeMillis, the original"
          + " clients) or nanos (System.nanoTime, the study's fix). Default: ${DEFAULT-VALUE}.")
  String timing = "millis";

  @Option(
      names = "--reply",
      paramLabel = "MODE",
      description = "legacy-urlconnection: keep the reply by concat (reply = reply + new String(...), the"
          + " original's CPU cost) or buffer. Default: ${DEFAULT-VALUE}.")
  String reply = "concat";

  @Option(
      names = "--thread-stack",
      paramLabel = "BYTES",
      description = "Legacy engines: stack size of each user thread in bytes, 0 = the JVM's default."
          + " Default: ${DEFAULT-VALUE}.")
  String threadStackBytes = "0";

  @Option(
      names = "--http-max-connections",
      paramLabel = "N",
      description = "legacy-urlconnection: the JDK's http.maxConnections (idle connections kept per"
          + " destination; the JDK's default is 5), 0 = leave it alone. Applies to the whole JVM."
          + " Default: ${DEFAULT-VALUE}.")
  String httpMaxConnections = "0";

  @Option(
      names = "--http-keep-alive",
      paramLabel = "MODE",
      description = "legacy-urlconnection: the JDK's http.keepAlive: default (leave it), on, off."
          + " Default: ${DEFAULT-VALUE}.")
  String httpKeepAlive = "default";

  @Option(
      names = "--virtual-threads",
      description = "Legacy engines: virtual threads instead of platform threads (JDK 21 or later).")
  boolean virtualThreads;

  /** The options as the run package takes them. */
  EngineRequest request() {
    return new EngineRequest(engine, policy, connectionsK, eventLoops, layout, layoutDefault, connectTimeout, requestTimeout, sourceAddresses, busyPoll, jitWarmUp, timing, reply, threadStackBytes, httpMaxConnections, httpKeepAlive, virtualThreads);
  }
}
