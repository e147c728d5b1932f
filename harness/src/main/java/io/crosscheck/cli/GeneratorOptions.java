package io.crosscheck.cli;

import io.crosscheck.audit.GeneratorSpec;
import io.crosscheck.audit.AttachableJvm;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of {@code audit} for a generator crosscheck does not run itself: a java command line
 * after {@code --} (launched with the crosscheck agent) or a running JVM ({@code --pid}), the server
 * it loads, and the method through which it reports its figures. {@link #check} turns them into a
 * checked {@link GeneratorSpec} or lists every problem. Not thread-safe (picocli fills it).
 */
final class GeneratorOptions {
  /** The embedded RUBiS server's and {@code serve}'s default address. */
  static final String DEFAULT_SERVER = "127.0.0.1:8080";
  /**
   * The hook families the agent knows: a copy of the agent's {@code AgentConfig.KNOWN_HOOKS} (the
   * harness sees the agent only at run time, nested in its jar), so that a misspelt family fails
   * before anything starts; the agent checks its own list again.
   */
  static final List<String> HOOKS = List.of("http-url-connection", "java-http-client", "apache-httpclient");

  private static final String IDENT = "[\\p{L}_$][\\p{L}\\p{N}_$]*";
  private static final Pattern METHOD = Pattern.compile(IDENT + "(\\." + IDENT + ")*#" + IDENT);
  private static final Pattern VALUE_ARG = Pattern.compile("([1-9][0-9]{0,2})(\\.\\.([1-9][0-9]{0,2}))?");
  private static final Set<String> UNITS = Set.of("ns", "us", "ms", "s");

  @Parameters(paramLabel = "COMMAND", arity = "0..*",
      description = "After --: the generator's command line, starting with its java launcher (java,"
          + " /usr/lib/jvm/.../bin/java); crosscheck inserts -javaagent:<the agent jar>=... right after it.")
  List<String> command = new ArrayList<>();

  @Option(names = "--pid", paramLabel = "PID",
      description = "Attach the agent to this running JVM (VirtualMachine.loadAgent) for --duration, then detach"
          + " it ('stop'). JDK 21+ targets print a warning about dynamically loaded agents unless started with"
          + " -XX:+EnableDynamicAgentLoading.")
  Long pid;

  @Option(names = "--server", paramLabel = "HOST:PORT",
      description = "The server the generator loads: the capture keeps its traffic, the agent records only"
          + " exchanges with it (by the host as the generator's URLs name it). HOST: a DNS name, an IPv4 address or"
          + " an IPv6 address in brackets ([2001:db8::1]:8080); a name is resolved once, at the start, and the"
          + " capture filter names that address. Default: ${DEFAULT-VALUE} (crosscheck serve --rubis).")
  String server = DEFAULT_SERVER;

  @Option(names = "--reported-by", paramLabel = "CLASS#METHOD",
      description = "Each call of this method (e.g. a RUBiS client's"
          + " edu.rice.rubis.client.UserSession#callHTTPServer) is one figure the generator reports: its"
          + " exchanges are set against the wire as one interval, the method's entry to exit as its figure.")
  String reportedBy;

  @Option(names = "--reported-value", paramLabel = "CLASS#METHOD:ARG[:UNIT]",
      description = "Each call of this method reports a figure in its argument ARG (1-based): a duration N,"
          + " or two instants N..M (figure = M - N); UNIT ns, us, ms (default) or s. The call closes the"
          + " interval of the thread's exchanges since its previous call (e.g. a TPC-W RBE's"
          + " EBStats#interaction:2..3:ms).")
  String reportedValue;

  @Option(names = "--hooks", paramLabel = "NAME[+NAME]",
      description = "The HTTP client families the agent hooks, joined by +: http-url-connection (URL.openStream),"
          + " java-http-client (java.net.http.HttpClient, HTTP/1.1), apache-httpclient (Apache HttpClient 4.x and"
          + " 5.x classic). Default: ${DEFAULT-VALUE}.")
  String hooks = "http-url-connection";

  @Option(names = "--no-agent",
      description = "Run the command under the capture only (no agent): a wire-only analysis, e.g. to compare"
          + " connection counts with and without the agent.")
  boolean noAgent;

  /** Whether the options ask for an audit of a generator (a command or a pid). */
  boolean requested() {
    return !command.isEmpty() || pid != null;
  }


  /**
   * Checks the options; {@code duration} is {@code --duration} when given (attach only), {@code
   * otherOptions} the options given that only crosscheck's own engines use.
   *
   * @return the spec, or null with {@code problems} filled
   */
  GeneratorSpec check(String duration, List<String> otherOptions, Path out, List<Problem> problems) {
    for (String o : otherOptions) {
      problems.add(new Problem(o, "given", "no workload or engine option with a generator's command or --pid"
          + " (the generator runs its own workload)"));
    }
    if (pid != null && !command.isEmpty()) {
      problems.add(new Problem("--pid", String.valueOf(pid), "either --pid or a command after --, not both"));
    }
    long attachNanos = 60_000_000_000L;
    if (pid != null) {
      if (pid <= 0 || ProcessHandle.current().pid() == pid) {
        problems.add(new Problem("--pid", String.valueOf(pid), "another running JVM's process id"));
      } else if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
        problems.add(new Problem("--pid", String.valueOf(pid), "a running process (there is none with this id)"));
      } else {
        String notAttachable = AttachableJvm.problem(pid); // before any attach: its SIGQUIT ends a non-JVM
        if (notAttachable != null) {
          problems.add(new Problem("--pid", String.valueOf(pid), notAttachable));
        }
      }
      if (noAgent) {
        problems.add(new Problem("--no-agent", "given", "a command to run (with --pid there is nothing to record"
            + " without the agent)"));
      }
      if (duration != null) {
        try {
          attachNanos = Durations.parseNanos(duration);
          if (attachNanos <= 0) {
            throw new IllegalArgumentException();
          }
        } catch (IllegalArgumentException e) {
          problems.add(new Problem("--duration", duration, "a duration > 0 such as 60s"));
        }
      }
    } else if (duration != null) {
      problems.add(new Problem("--duration", duration, "no --duration with a command (it runs until it exits)"));
    }
    if (!command.isEmpty() && !isJavaLauncher(command.get(0))) {
      problems.add(new Problem("COMMAND", command.get(0), "a java launcher first (java, or a path ending in"
          + " /bin/java): the agent is inserted as -javaagent right after it"));
    }
    // a DNS name, an IPv4 or an IPv6 literal in brackets; never resolved here (the audit resolves once)
    io.crosscheck.model.Target parsedServer = server.contains(",") ? null
        : io.crosscheck.model.spec.TargetParser.parseHostPort("--server", server, problems);
    if (server.contains(",")) {
      problems.add(new Problem("--server", server, "HOST:PORT with a port in 1..65535 (no comma: the agent's"
          + " arguments are comma-separated)"));
    }
    String host = parsedServer == null ? "" : parsedServer.host().toLowerCase(Locale.ROOT);
    int port = parsedServer == null ? -1 : parsedServer.port();
    host = host.equals("localhost") ? "127.0.0.1" : host;
    String reporting = "";
    if (reportedBy != null && reportedValue != null) {
      problems.add(new Problem("--reported-value", reportedValue, "either --reported-by or --reported-value"));
    }
    if (reportedBy != null) {
      if (!METHOD.matcher(reportedBy).matches()) {
        problems.add(new Problem("--reported-by", reportedBy, "CLASS#METHOD with a fully qualified class name,"
            + " e.g. edu.rice.rubis.client.UserSession#callHTTPServer"));
      }
      reporting = "reportedBy=" + reportedBy;
    }
    if (reportedValue != null) {
      checkReportedValue(problems);
      reporting = "reportedValue=" + reportedValue;
    }
    if (!reporting.isEmpty() && noAgent) {
      problems.add(new Problem("--no-agent", "given", "no --reported-by or --reported-value (only the agent sees"
          + " what the generator reports)"));
    }
    for (String h : hooks.split("\\+", -1)) {
      if (!HOOKS.contains(h)) {
        problems.add(new Problem("--hooks", hooks, "hook families joined by + among " + HOOKS));
      }
    }
    if (out.toAbsolutePath().toString().contains(",")) {
      problems.add(new Problem("--out", out.toString(), "a directory whose path has no comma (the agent's"
          + " arguments are comma-separated)"));
    }
    if (!problems.isEmpty()) {
      return null;
    }
    return new GeneratorSpec(List.copyOf(command), pid, attachNanos, host, port, reporting, hooks, !noAgent);
  }

  private void checkReportedValue(List<Problem> problems) {
    String[] parts = reportedValue.split(":", -1);
    boolean ok = (parts.length == 2 || parts.length == 3) && METHOD.matcher(parts[0]).matches();
    if (ok) {
      java.util.regex.Matcher m = VALUE_ARG.matcher(parts[1]);
      ok = m.matches() && (m.group(3) == null || !m.group(1).equals(m.group(3)));
    }
    if (ok && parts.length == 3) {
      ok = UNITS.contains(parts[2]);
    }
    if (!ok) {
      problems.add(new Problem("--reported-value", reportedValue, "CLASS#METHOD:ARG[:UNIT] with ARG a 1-based"
          + " argument position N (a duration) or N..M (two instants, M != N) and UNIT ns, us, ms or s, e.g."
          + " rbe.EBStats#interaction:2..3:ms"));
    }
  }

  /** {@code java}, {@code java.exe}, or a path to one. */
  static boolean isJavaLauncher(String token) {
    String name = Path.of(token).getFileName() == null ? token : Path.of(token).getFileName().toString();
    return name.equals("java") || name.equals("java.exe");
  }
}
