package io.crosscheck.cli;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineLayout;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.legacy.LegacyHttpClientEngine;
import io.crosscheck.engine.legacy.LegacyOptions;
import io.crosscheck.engine.legacy.LegacyUrlConnectionEngine;
import io.crosscheck.engine.netty.JitWarmUp;
import io.crosscheck.engine.netty.NettyEngine;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.RunJob;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
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
          + " crosscheck loop); shared: loops sleep in epoll_wait and share the cores (37-390 us measured);"
          + " auto: loop-alone for audit and demo whenever this host allows it, else shared (run and matrix"
          + " cells: shared). Only this JVM's threads are moved off the loop's core: another busy process on"
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
          + " seconds); at most 5 s. 0 = none. Legacy engines are never warmed: they reproduce the"
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

  static final List<String> ENGINES = List.of("netty", LegacyUrlConnectionEngine.NAME, LegacyHttpClientEngine.NAME);

  /** The engine the options select, or null after adding problems. */
  Engine newEngine(List<Problem> problems) {
    if (!ENGINES.contains(engine) || "netty".equals(engine)) {
      // the legacy engines' numbers are checked with any engine: a bad value is never silently accepted
      int before = problems.size();
      positiveInt("--thread-stack", threadStackBytes, 0, problems);
      positiveInt("--http-max-connections", httpMaxConnections, 0, problems);
      return "netty".equals(engine) && problems.size() == before ? new NettyEngine() : null;
    }
    int before = problems.size();
    LegacyOptions.TimingClock clock = choice("--timing", timing, LegacyOptions.TimingClock.class, problems);
    LegacyOptions.ReplyAccumulation acc = choice("--reply", reply, LegacyOptions.ReplyAccumulation.class, problems);
    LegacyOptions.JdkKeepAlive keep = choice("--http-keep-alive", httpKeepAlive, LegacyOptions.JdkKeepAlive.class,
        problems);
    long stack = positiveInt("--thread-stack", threadStackBytes, 0, problems);
    int maxConnections = positiveInt("--http-max-connections", httpMaxConnections, 0, problems);
    if (problems.size() > before) {
      return null;
    }
    LegacyOptions legacy = new LegacyOptions(clock, acc, stack, maxConnections, keep, virtualThreads);
    for (String p : legacy.problems()) {
      int colon = p.indexOf(':');
      problems.add(new Problem("--engine " + engine, p.substring(0, colon), p.substring(colon + 1).trim()));
    }
    if (problems.size() > before) {
      return null;
    }
    return LegacyUrlConnectionEngine.NAME.equals(engine)
        ? new LegacyUrlConnectionEngine(legacy) : new LegacyHttpClientEngine(legacy);
  }

  private static <E extends Enum<E>> E choice(String option, String text, Class<E> type, List<Problem> problems) {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(text.trim())) {
        return e;
      }
    }
    problems.add(new Problem(option, text, "one of " + Arrays.stream(type.getEnumConstants())
        .map(e -> e.name().toLowerCase(java.util.Locale.ROOT)).collect(Collectors.joining(", "))));
    return null;
  }

  /** Checks every option, adding problems to {@code problems}; null when any was found. */
  EngineOptions build(List<Problem> problems) {
    int before = problems.size();
    if (!ENGINES.contains(engine)) {
      problems.add(new Problem("--engine", engine, "one of " + String.join(", ", ENGINES)));
    }
    ConnectionPolicy p = ConnectionPolicy.fromLabel(policy);
    if (p == null) {
      problems.add(
          new Problem(
              "--policy",
              policy,
              "one of "
                  + Arrays.stream(ConnectionPolicy.values())
                      .map(ConnectionPolicy::label)
                      .collect(Collectors.joining(", "))));
    }
    int k = positiveInt("--connections", connectionsK, 1, problems);
    int loops = eventLoops == null ? 0 : positiveInt("--event-loops", eventLoops, 0, problems);
    if (!List.of("auto", EngineLayout.LOOP_ALONE, EngineLayout.SHARED).contains(layout)) {
      problems.add(new Problem("--layout", layout, "one of auto, loop-alone, shared"));
    } else if (!"auto".equals(layout) && (eventLoops != null || busyPoll)) {
      problems.add(new Problem("--layout", layout, "no --event-loops or --busy-poll with it (the layout sets"
          + " both), or --layout auto to lay the engine out as those options say"));
    }
    long connectNanos = duration("--connect-timeout", connectTimeout, problems);
    long requestNanos = duration("--request-timeout", requestTimeout, problems);
    List<InetAddress> sources = sourceAddresses == null ? List.of() : addresses(problems);
    positiveInt("--jit-warm-up", jitWarmUp, 0, problems);
    if (problems.size() > before) {
      return null;
    }
    return new EngineOptions(p, k, loops, connectNanos, requestNanos, sources, busyPoll);
  }

  /**
   * The layout of the run, chosen when it starts (a core is claimed for its duration): none for the
   * legacy engines; the options as given with --event-loops or --busy-poll; else --layout, where
   * auto means loop-alone when {@code accurateByDefault} (audit, demo, matrix) and this host
   * allows it. Call after {@link #build} found no problem. An explicit {@code --layout loop-alone}
   * that the host cannot give fails the run before any load, with the reason.
   */
  RunJob.LayoutChoice layoutChoice(boolean accurateByDefault) {
    boolean accurate = accurateByDefault || "accurate".equals(layoutDefault);
    if (!"netty".equals(engine)) {
      return RunJob.LayoutChoice.NONE;
    }
    if (eventLoops != null || busyPoll) {
      return () -> EngineLayout.Claimed.unheld(EngineLayout.asGiven(Integer.parseInt(eventLoops == null ? "0"
          : eventLoops.trim()), busyPoll, "--event-loops/--busy-poll given, no pinning by crosscheck"));
    }
    return switch (layout) {
      case EngineLayout.SHARED -> () -> EngineLayout.Claimed.unheld(EngineLayout.shared("--layout shared"));
      case EngineLayout.LOOP_ALONE -> () -> {
        EngineLayout.Claimed claimed = EngineLayout.auto();
        if (!EngineLayout.LOOP_ALONE.equals(claimed.layout().name())) {
          throw new IllegalStateException("--layout loop-alone: not possible here: " + claimed.layout().reason());
        }
        return claimed;
      };
      default -> accurate ? EngineLayout::auto
          : () -> EngineLayout.Claimed.unheld(EngineLayout.shared("run's default (no capture to measure against);"
              + " --layout loop-alone, or audit, for the accurate layout"));
    };
  }

  /** Requests of the JIT warm-up; call after {@link #build} found no problem. */
  int jitWarmUpRequests() {
    return Integer.parseInt(jitWarmUp.trim());
  }

  private static int positiveInt(String option, String text, int min, List<Problem> problems) {
    try {
      int v = Integer.parseInt(text.trim());
      if (v >= min) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.add(new Problem(option, text, "an integer >= " + min));
    return -1;
  }

  private static long duration(String option, String text, List<Problem> problems) {
    try {
      long nanos = Durations.parseNanos(text);
      if (nanos > 0) {
        return nanos;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    problems.add(new Problem(option, text, "a duration > 0 such as 500ms or 5s"));
    return -1;
  }

  private List<InetAddress> addresses(List<Problem> problems) {
    List<InetAddress> out = new ArrayList<>();
    for (String part : sourceAddresses.split(",")) {
      String s = part.trim();
      try {
        int dash = s.indexOf('-');
        if (dash < 0) {
          out.add(loopback(s));
          continue;
        }
        byte[] from = loopback(s.substring(0, dash)).getAddress();
        byte[] to = loopback(s.substring(dash + 1)).getAddress();
        if (from.length != 4 || to.length != 4 || from[0] != to[0] || from[1] != to[1] || from[2] != to[2]
            || (to[3] & 0xff) < (from[3] & 0xff)) {
          throw new UnknownHostException("range");
        }
        for (int last = from[3] & 0xff; last <= (to[3] & 0xff); last++) {
          out.add(InetAddress.getByAddress(new byte[] {from[0], from[1], from[2], (byte) last}));
        }
      } catch (UnknownHostException e) {
        problems.add(
            new Problem(
                "--source-addresses",
                s,
                "a loopback address (127.x.y.z, ::1) or a range 127.0.0.A-127.0.0.B"));
      }
    }
    return out;
  }

  private static InetAddress loopback(String literal) throws UnknownHostException {
    if (!literal.matches("[0-9.]+|[0-9a-fA-F:]+")) {
      throw new UnknownHostException(literal); // literals only: no name lookups
    }
    InetAddress a = InetAddress.getByName(literal);
    if (!a.isLoopbackAddress()) {
      throw new UnknownHostException(literal);
    }
    return a;
  }
}
