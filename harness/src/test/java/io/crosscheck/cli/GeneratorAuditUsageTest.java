package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.audit.GeneratorAudit;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code audit -- java ...} and {@code audit --pid}: bad usage exits 2 before anything starts (no run
 * directory, no process), naming the exact problem.
 */
class GeneratorAuditUsageTest {
  @TempDir Path out;

  private record Ran(int exitCode, String err) {}

  private Ran audit(String... args) {
    List<String> all = new ArrayList<>(List.of("audit", "--out", out.resolve("runs").toString()));
    all.addAll(Arrays.asList(args));
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    return new Ran(cl.execute(all.toArray(String[]::new)), err.toString());
  }

  private void assertRefused(String expected, String... args) {
    Ran r = audit(args);
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.err().contains("nothing was started") || r.err().contains("was not started"), r.err());
    assertTrue(r.err().contains(expected), "says " + expected + ": " + r.err());
    assertFalse(Files.exists(out.resolve("runs")), "no run directory was made");
  }

  @Test
  void aCommandMustStartWithAJavaLauncher() {
    assertRefused("COMMAND: \"python3\": expected a java launcher first", "--", "python3", "client.py");
  }

  @Test
  void eitherAPidOrACommand() {
    assertRefused("--pid: \"" + ProcessHandle.current().pid() + "\": expected another running JVM's process id",
        "--pid", String.valueOf(ProcessHandle.current().pid()));
    assertRefused("--pid: \"4194304\": expected either --pid or a command after --, not both", "--pid", "4194304",
        "--", "java", "Main");
  }

  @Test
  void reportingSpecsAreCheckedBeforeAnythingStarts() {
    assertRefused("--reported-by: \"UserSession.callHTTPServer\": expected CLASS#METHOD",
        "--reported-by", "UserSession.callHTTPServer", "--", "java", "Main");
    assertRefused("--reported-value: \"a.Stats#record:3..3:ms\": expected CLASS#METHOD:ARG[:UNIT]",
        "--reported-value", "a.Stats#record:3..3:ms", "--", "java", "Main");
    assertRefused("--reported-value: \"a.Stats#record:2:min\"", "--reported-value", "a.Stats#record:2:min",
        "--", "java", "Main");
    assertRefused("--no-agent: \"given\": expected no --reported-by", "--no-agent", "--reported-by", "a.B#c",
        "--", "java", "Main");
  }

  @Test
  void crosschecksOwnWorkloadOptionsAreRefusedWithACommand() {
    assertRefused("--users: \"given\": expected no workload or engine option", "--users", "10", "--", "java", "Main");
    assertRefused("--server: \"given\": expected a generator's command after --", "--server", "127.0.0.1:80");
    assertRefused("--server: \"127.0.0.1\": expected HOST:PORT", "--server", "127.0.0.1", "--", "java", "Main");
  }

  @Test
  void theServerIsANameAnIpv4OrAnIpv6AddressCheckedByFormWithoutResolving() {
    for (String[] given : new String[][] {{"127.0.0.1:8080", "127.0.0.1:8080"}, {"localhost:8080", "127.0.0.1:8080"},
        {"Server.Example:8080", "server.example:8080"}, {"[2001:db8::1]:8080", "[2001:db8::1]:8080"}}) {
      GeneratorOptions o = new GeneratorOptions();
      o.server = given[0];
      o.command = List.of("java", "Main");
      List<io.crosscheck.model.spec.Problem> problems = new ArrayList<>();
      io.crosscheck.audit.GeneratorSpec spec = o.check(null, List.of(), out, problems);
      assertTrue(problems.isEmpty(), problems.toString());
      assertEquals(given[1], spec.server(), "the agent's server=HOST:PORT");
      assertEquals(null, spec.target().address(), "nothing resolved while checking");
    }
    assertRefused("--server: \"bad_host:80\": expected a DNS name, an IPv4 address or an IPv6 address in brackets",
        "--server", "bad_host:80", "--", "java", "Main");
    assertRefused("--server: \"2001:db8::1:80\": expected HOST:PORT", "--server", "2001:db8::1:80", "--", "java",
        "Main");
  }

  @Test
  void aServerNameThatDoesNotResolveStopsTheAuditBeforeAnythingStarts() {
    // RFC 6761: a name under .invalid never resolves (and the resolver is not even asked)
    Ran r = audit("--no-agent", "--server", "server.invalid:8080", "--", "java", "-version");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals("crosscheck audit: --server server.invalid:8080: no such host: server.invalid does not resolve (a"
        + " name under .invalid never does, RFC 6761; nothing was asked of the resolver); expected HOST:PORT with a"
        + " host that resolves (nothing was started)", r.err().strip());
    assertFalse(Files.exists(out.resolve("runs")), "no run directory was made");
  }

  @Test
  void hookFamiliesAreTheAgents() {
    assertRefused("--hooks: \"http-url-connection+okhttp\": expected hook families joined by + among"
        + " [http-url-connection, java-http-client, apache-httpclient]", "--hooks", "http-url-connection+okhttp", "--",
        "java", "Main");
    // every family the agent knows passes the check (the run then stops at the command that is no JVM's)
    for (String hooks : List.of("java-http-client", "apache-httpclient", "http-url-connection+java-http-client")) {
      Ran r = audit("--hooks", hooks, "--", "python3", "client.py");
      assertEquals(2, r.exitCode(), r.err());
      assertFalse(r.err().contains("--hooks"), hooks + " is a known family: " + r.err());
    }
  }

  @Test
  void agentArgumentsAndTheJavaagentOptionGoRightAfterTheLauncher() {
    List<String> launched = GeneratorAudit.withAgent(List.of("/jdk/bin/java", "-cp", "x.jar", "Main", "a"),
        Path.of("/a/crosscheck-agent-1.jar"), "out=/r,server=127.0.0.1:8080");
    assertEquals(List.of("/jdk/bin/java", "-javaagent:/a/crosscheck-agent-1.jar=out=/r,server=127.0.0.1:8080", "-cp",
        "x.jar", "Main", "a"), launched);
    assertTrue(io.crosscheck.audit.GeneratorRequest.isJavaLauncher("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"));
    assertFalse(io.crosscheck.audit.GeneratorRequest.isJavaLauncher("/usr/bin/javac"));
  }
}
