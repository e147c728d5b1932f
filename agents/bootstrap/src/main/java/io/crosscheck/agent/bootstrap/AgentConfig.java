package io.crosscheck.agent.bootstrap;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The agent's arguments, parsed from the string after {@code -javaagent:JAR=} or given to {@code
 * VirtualMachine.loadAgent}: {@code key=value} pairs separated by commas.
 *
 * <ul>
 *   <li>{@code out=DIR} (required) an existing directory, the run directory
 *   <li>{@code telemetryMillis=N} telemetry period in ms (default 100; 0 records none)
 *   <li>{@code hooks=NAME[+NAME]} hook families (default {@code http-url-connection})
 *   <li>{@code server=HOST:PORT} record only exchanges with this server
 *   <li>{@code reportedBy=CLASS#METHOD} each call of that method is one reported interval
 *   <li>{@code reportedValue=CLASS#METHOD:ARG[:UNIT]} ARG a 1-based argument position {@code N}
 *       (a duration) or {@code N..M} (start and end instants); UNIT ns, us, ms (default) or s
 *   <li>{@code stop} (alone) stops a recording started by an earlier attach
 * </ul>
 *
 * <p>Immutable.
 */
public final class AgentConfig {
  /** The hook family of {@code java.net.HttpURLConnection} ({@code URL.openStream}). */
  public static final String HOOK_HTTP_URL_CONNECTION = "http-url-connection";

  /** The hook family of {@code java.net.http.HttpClient} (HTTP/1.1 over plain TCP). */
  public static final String HOOK_JAVA_HTTP_CLIENT = "java-http-client";

  /** The hook family of Apache HttpClient 5.x classic (httpclient5) and 4.x (org.apache.http). */
  public static final String HOOK_APACHE_HTTPCLIENT = "apache-httpclient";

  /** Every hook family this agent knows. */
  public static final List<String> KNOWN_HOOKS =
      List.of(HOOK_HTTP_URL_CONNECTION, HOOK_JAVA_HTTP_CLIENT, HOOK_APACHE_HTTPCLIENT);

  public final Path out;
  public final long telemetryPeriodMillis;
  public final List<String> hooks;
  public final String serverHost;
  public final int serverPort;
  public final MethodSpec reportedBy;
  public final MethodSpec reportedValue;
  /** reportedValue: 0-based argument index of the duration, or of the start instant. */
  public final int valueArg;
  /** reportedValue: 0-based argument index of the end instant, or -1 for a duration. */
  public final int valueEndArg;
  /** reportedValue: nanoseconds per unit of the reported number. */
  public final long valueUnitNanos;
  public final String valueUnit;
  public final boolean stop;
  /** The argument string as given. */
  public final String raw;

  /** {@code CLASS#METHOD}. */
  public static final class MethodSpec {
    public final String className;
    public final String methodName;

    MethodSpec(String className, String methodName) {
      this.className = className;
      this.methodName = methodName;
    }

    @Override
    public String toString() {
      return className + "#" + methodName;
    }
  }

  private AgentConfig(Builder b, String raw) {
    this.out = b.out;
    this.telemetryPeriodMillis = b.telemetryMillis;
    this.hooks = List.copyOf(b.hooks);
    this.serverHost = b.serverHost;
    this.serverPort = b.serverPort;
    this.reportedBy = b.reportedBy;
    this.reportedValue = b.reportedValue;
    this.valueArg = b.valueArg;
    this.valueEndArg = b.valueEndArg;
    this.valueUnitNanos = b.unitNanos;
    this.valueUnit = b.unit;
    this.stop = b.stop;
    this.raw = raw;
  }

  private static final class Builder {
    Path out;
    long telemetryMillis = 100;
    List<String> hooks = List.of(HOOK_HTTP_URL_CONNECTION);
    String serverHost;
    int serverPort = -1;
    MethodSpec reportedBy;
    MethodSpec reportedValue;
    int valueArg = -1;
    int valueEndArg = -1;
    long unitNanos = 1_000_000L;
    String unit = "ms";
    boolean stop;
  }

  /**
   * Parses {@code args}.
   *
   * @throws IllegalArgumentException naming every problem, e.g. {@code "out=/x: no such directory"}
   */
  public static AgentConfig parse(String args) {
    String raw = args == null ? "" : args.trim();
    Builder b = new Builder();
    List<String> problems = new ArrayList<>();
    if (raw.equals("stop")) {
      b.stop = true;
      return new AgentConfig(b, raw);
    }
    for (String part : raw.isEmpty() ? new String[0] : raw.split(",")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        problems.add("\"" + part + "\": expected key=value");
        continue;
      }
      String key = part.substring(0, eq).trim();
      String value = part.substring(eq + 1).trim();
      switch (key) {
        case "out" -> {
          Path p = Paths.get(value);
          if (!Files.isDirectory(p)) {
            problems.add("out=" + value + ": no such directory");
          } else {
            b.out = p;
          }
        }
        case "telemetryMillis" -> {
          try {
            b.telemetryMillis = Long.parseLong(value);
            if (b.telemetryMillis < 0) {
              problems.add("telemetryMillis=" + value + ": expected 0 (none) or a period in ms");
            }
          } catch (NumberFormatException e) {
            problems.add("telemetryMillis=" + value + ": not an integer");
          }
        }
        case "hooks" -> {
          List<String> hooks = new ArrayList<>();
          for (String h : value.split("\\+")) {
            if (!KNOWN_HOOKS.contains(h)) {
              problems.add("hooks=" + value + ": unknown hook family \"" + h + "\" (known: "
                  + String.join(", ", KNOWN_HOOKS) + ")");
            } else {
              hooks.add(h);
            }
          }
          b.hooks = hooks;
        }
        case "server" -> {
          int colon = value.lastIndexOf(':');
          try {
            b.serverPort = Integer.parseInt(value.substring(colon + 1));
            b.serverHost = normalHost(value.substring(0, colon));
            if (colon <= 0 || b.serverPort < 1 || b.serverPort > 65535) {
              throw new NumberFormatException();
            }
          } catch (RuntimeException e) {
            problems.add("server=" + value + ": expected HOST:PORT");
          }
        }
        case "reportedBy" -> b.reportedBy = method("reportedBy", value, problems);
        case "reportedValue" -> reportedValue(b, value, problems);
        default -> problems.add("\"" + key + "\": unknown argument (known: out, telemetryMillis, hooks, server,"
            + " reportedBy, reportedValue, stop)");
      }
    }
    if (b.out == null && problems.stream().noneMatch(p -> p.startsWith("out="))) {
      problems.add("out=DIR is required");
    }
    if (b.reportedBy != null && b.reportedValue != null) {
      problems.add("reportedBy and reportedValue: give one of them");
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    return new AgentConfig(b, raw);
  }

  /** The form hosts are compared in: lower case, {@code localhost} as {@code 127.0.0.1}. */
  public static String normalHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.equals("localhost") ? "127.0.0.1" : h;
  }

  private static MethodSpec method(String key, String value, List<String> problems) {
    int hash = value.indexOf('#');
    if (hash <= 0 || hash == value.length() - 1 || value.indexOf('#', hash + 1) >= 0) {
      problems.add(key + "=" + value + ": expected CLASS#METHOD (a fully qualified class name)");
      return null;
    }
    return new MethodSpec(value.substring(0, hash), value.substring(hash + 1));
  }

  private static void reportedValue(Builder b, String value, List<String> problems) {
    String[] parts = value.split(":");
    if (parts.length < 2 || parts.length > 3) {
      problems.add("reportedValue=" + value + ": expected CLASS#METHOD:ARG[:UNIT]");
      return;
    }
    b.reportedValue = method("reportedValue", parts[0], problems);
    try {
      String arg = parts[1];
      int dots = arg.indexOf("..");
      if (dots >= 0) {
        b.valueArg = Integer.parseInt(arg.substring(0, dots)) - 1;
        b.valueEndArg = Integer.parseInt(arg.substring(dots + 2)) - 1;
        if (b.valueEndArg < 0 || b.valueEndArg == b.valueArg) {
          throw new NumberFormatException();
        }
      } else {
        b.valueArg = Integer.parseInt(arg) - 1;
      }
      if (b.valueArg < 0) {
        throw new NumberFormatException();
      }
    } catch (NumberFormatException e) {
      problems.add("reportedValue=" + value + ": ARG \"" + parts[1]
          + "\" is not a 1-based argument position N or two positions N..M");
    }
    if (parts.length == 3) {
      b.unit = parts[2];
      switch (parts[2]) {
        case "ns" -> b.unitNanos = 1;
        case "us" -> b.unitNanos = 1_000;
        case "ms" -> b.unitNanos = 1_000_000;
        case "s" -> b.unitNanos = 1_000_000_000;
        default -> problems.add("reportedValue=" + value + ": unit \"" + parts[2] + "\" (expected ns, us, ms or s)");
      }
    }
  }

  /** The reporting spec in words, for agent.json and the log. */
  public String reportingSpec() {
    if (reportedBy != null) {
      return "reportedBy=" + reportedBy;
    }
    if (reportedValue != null) {
      return "reportedValue=" + reportedValue + ":" + (valueArg + 1)
          + (valueEndArg >= 0 ? ".." + (valueEndArg + 1) : "") + ":" + valueUnit;
    }
    return "";
  }
}
