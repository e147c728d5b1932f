package io.crosscheck.audit;

import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An audit of a generator crosscheck does not run itself, as asked for ({@code audit -- java ...} or
 * {@code audit --pid N}, each component the option of the same name): {@link #check} turns it into a
 * {@link GeneratorSpec} or lists every problem.
 *
 * @param command the java command line after {@code --} (empty with {@code --pid})
 */
public record GeneratorRequest(List<String> command, Long pid, String server, String reportedBy,
    String reportedValue, String hooks, boolean noAgent) {
  /**
   * The hook families the agent knows: a copy of the agent's {@code AgentConfig.KNOWN_HOOKS} (the
   * harness sees the agent only at run time, nested in its jar), so that a misspelt family fails
   * before anything starts; the agent checks its own list again.
   */
  public static final List<String> HOOKS = List.of("http-url-connection", "java-http-client", "apache-httpclient");

  private static final String IDENT = "[\\p{L}_$][\\p{L}\\p{N}_$]*";
  private static final Pattern METHOD = Pattern.compile(IDENT + "(\\." + IDENT + ")*#" + IDENT);
  private static final Pattern VALUE_ARG = Pattern.compile("([1-9][0-9]{0,2})(\\.\\.([1-9][0-9]{0,2}))?");
  private static final Set<String> UNITS = Set.of("ns", "us", "ms", "s");

  /**
   * Checks the options; {@code duration} is {@code --duration} when given (attach only), {@code
   * otherOptions} the options given that only crosscheck's own engines use.
   *
   * @return the spec, or null with {@code problems} filled
   */
  public GeneratorSpec check(String duration, List<String> otherOptions, Path out, List<Problem> problems) {
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
  public static boolean isJavaLauncher(String token) {
    String name = Path.of(token).getFileName() == null ? token : Path.of(token).getFileName().toString();
    return name.equals("java") || name.equals("java.exe");
  }
}
