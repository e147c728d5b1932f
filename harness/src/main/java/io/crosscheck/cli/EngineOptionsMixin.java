package io.crosscheck.cli;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.model.ConnectionPolicy;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
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
      description = "Generator engine: netty (event loops, the accurate reference). Default: ${DEFAULT-VALUE}.")
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
      description = "Netty event-loop threads, 0 = one per core. Default: ${DEFAULT-VALUE}.")
  String eventLoops = "0";

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
      names = "--source-addresses",
      paramLabel = "ADDRS",
      description =
          "Bind client sockets to these local addresses round-robin, e.g. 127.0.0.1-127.0.0.8 or"
              + " 127.0.0.2,127.0.0.3 (more than ~28k concurrent connections). Default: the kernel's choice.")
  String sourceAddresses;

  static final List<String> ENGINES = List.of("netty");

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
    int loops = positiveInt("--event-loops", eventLoops, 0, problems);
    long connectNanos = duration("--connect-timeout", connectTimeout, problems);
    long requestNanos = duration("--request-timeout", requestTimeout, problems);
    List<InetAddress> sources = sourceAddresses == null ? List.of() : addresses(problems);
    if (problems.size() > before) {
      return null;
    }
    return new EngineOptions(p, k, loops, connectNanos, requestNanos, sources);
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
