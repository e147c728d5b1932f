package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.agent.hooks.targets.ApacheClientTarget;
import io.crosscheck.e2e.EmbeddedServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code apache-httpclient} hook family (Apache HttpClient 5 classic) against the embedded server
 * (keep-alive HTTP/1.1), in a child JVM of each JDK the agent supports: every request is one row
 * with the properties of {@link HookAssertions}, its connection the one the server accepted.
 */
class ApacheHttpClientHookTest {
  static final int PER_THREAD = 20;
  static final int BODY_BYTES = 20_000;
  static final List<String> ALL_FAMILIES = List.of("http-url-connection", "java-http-client", "apache-httpclient");

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"/usr/lib/jvm/java-17-openjdk-amd64", "/usr/lib/jvm/temurin-25-jdk-amd64"})
  void everyExchangeIsOneRowOnTheConnectionTheServerAccepted(String javaHome, @TempDir Path out) throws Exception {
    Path home = Paths.get(javaHome);
    assumeTrue(Files.isExecutable(home.resolve("bin/java")), javaHome + " is not installed");
    long acceptedBefore = server.connectionsAccepted();
    HookRun run = HookRun.run(home, out, "apache-httpclient", ApacheClientTarget.class, server.target(),
        Integer.toString(PER_THREAD), Integer.toString(BODY_BYTES));
    long accepted = server.connectionsAccepted() - acceptedBefore;
    String figures = HookAssertions.assertRows(run, List.of("handler-0", "stream-1"), PER_THREAD, BODY_BYTES, accepted);
    System.out.println("apache-httpclient on " + home.getFileName() + ": " + figures);
  }

  /** With every hook family installed at once (they share JDK classes), the rows are the same. */
  @org.junit.jupiter.api.Test
  void everyFamilyInstalledAtOnce(@TempDir Path out) throws Exception {
    Path home = Paths.get(System.getProperty("java.home"));
    long acceptedBefore = server.connectionsAccepted();
    HookRun run = HookRun.run(home, out, String.join("+", ALL_FAMILIES), ApacheClientTarget.class, server.target(),
        Integer.toString(PER_THREAD), Integer.toString(BODY_BYTES));
    long accepted = server.connectionsAccepted() - acceptedBefore;
    String figures = HookAssertions.assertRows(run, List.of("handler-0", "stream-1"), PER_THREAD, BODY_BYTES, accepted);
    System.out.println("apache-httpclient among all families on " + Runtime.version() + ": " + figures);
  }
}
