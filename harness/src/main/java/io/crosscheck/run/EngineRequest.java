package io.crosscheck.run;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineLayout;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.ThreadScheduling;
import io.crosscheck.engine.legacy.LegacyHttpClientEngine;
import io.crosscheck.engine.legacy.LegacyOptions;
import io.crosscheck.engine.legacy.LegacyUrlConnectionEngine;
import io.crosscheck.engine.netty.NettyEngine;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The engine options of a command that generates load, as given (text: {@code --engine}, {@code
 * --policy}, ...; each component the option of the same name), checked all at once into the engine,
 * its {@link EngineOptions} and the layout of its threads.
 */
public record EngineRequest(
    String engine,
    String policy,
    String connectionsK,
    String eventLoops,
    String layout,
    String layoutDefault,
    String connectTimeout,
    String requestTimeout,
    String sourceAddresses,
    boolean busyPoll,
    String jitWarmUp,
    String timing,
    String reply,
    String threadStackBytes,
    String httpMaxConnections,
    String httpKeepAlive,
    boolean virtualThreads) {
  public static final List<String> ENGINES = List.of("netty", LegacyUrlConnectionEngine.NAME, LegacyHttpClientEngine.NAME);

  /** The engine the options select, or null after adding problems. */
  public Engine newEngine(List<Problem> problems) {
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
  public EngineOptions build(List<Problem> problems) {
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
    if (!List.of("auto", EngineLayout.LOOP_ALONE, EngineLayout.ONE_CORE, EngineLayout.SHARED).contains(layout)) {
      problems.add(new Problem("--layout", layout, "one of auto, loop-alone, one-core, shared"));
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
  public RunJob.LayoutChoice layoutChoice(boolean accurateByDefault) {
    return layoutChoice(accurateByDefault, () -> true);
  }

  /**
   * {@link #layoutChoice(boolean)} where auto may also choose {@value EngineLayout#ONE_CORE}: asked
   * at the run's start, {@code serverOnThisHost} says whether the target may be served from this
   * host (then a process of one core gets {@value EngineLayout#SHARED}).
   */
  public RunJob.LayoutChoice layoutChoice(boolean accurateByDefault, java.util.function.BooleanSupplier serverOnThisHost) {
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
      case EngineLayout.ONE_CORE -> () -> {
        String noRealtime = ThreadScheduling.whyNoRealtime();
        if (noRealtime != null) {
          throw new IllegalStateException("--layout one-core: not possible here: its event loop cannot have"
              + " real-time priority (" + noRealtime + ")");
        }
        return EngineLayout.Claimed.unheld(EngineLayout.oneCore("--layout one-core"));
      };
      case EngineLayout.LOOP_ALONE -> () -> {
        EngineLayout.Claimed claimed = EngineLayout.auto();
        if (!EngineLayout.LOOP_ALONE.equals(claimed.layout().name())) {
          throw new IllegalStateException("--layout loop-alone: not possible here: " + claimed.layout().reason());
        }
        return claimed;
      };
      default -> accurate ? () -> EngineLayout.auto(serverOnThisHost.getAsBoolean())
          : () -> EngineLayout.Claimed.unheld(EngineLayout.shared("run's default (no capture to measure against);"
              + " --layout loop-alone, or audit, for the accurate layout"));
    };
  }

  /** Requests of the JIT warm-up; call after {@link #build} found no problem. */
  public int jitWarmUpRequests() {
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
