package io.crosscheck.cli;

import io.crosscheck.audit.GeneratorRequest;
import io.crosscheck.audit.GeneratorSpec;
import io.crosscheck.model.spec.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of {@code audit} for a generator crosscheck does not run itself: a java command line
 * after {@code --} (launched with the crosscheck agent) or a running JVM ({@code --pid}), the server
 * it loads, and the method through which it reports its figures. {@link GeneratorRequest#check} turns them into a
 * checked {@link GeneratorSpec} or lists every problem. Not thread-safe (picocli fills it).
 */
final class GeneratorOptions {
  /** The embedded RUBiS server's and {@code serve}'s default address. */
  static final String DEFAULT_SERVER = "127.0.0.1:8080";
  static final List<String> HOOKS = GeneratorRequest.HOOKS;

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

  /** The options as the audit package takes them. */
  GeneratorRequest request() {
    return new GeneratorRequest(command, pid, server, reportedBy, reportedValue, hooks, noAgent);
  }

  /** {@link GeneratorRequest#check}. */
  GeneratorSpec check(String duration, List<String> otherOptions, Path out, List<Problem> problems) {
    return request().check(duration, otherOptions, out, problems);
  }
}
