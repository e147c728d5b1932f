package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.agent.TargetJvm;
import io.crosscheck.agent.hooks.targets.ApacheClient4Target;
import io.crosscheck.agent.hooks.targets.ApacheClientTarget;
import io.crosscheck.agent.hooks.targets.JavaHttpClientTarget;
import io.crosscheck.e2e.EmbeddedServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The client hook families against the embedded server (keep-alive HTTP/1.1): {@code
 * java-http-client} on {@code java.net.http.HttpClient}, {@code apache-httpclient} on Apache
 * HttpClient 5 classic and on 4.x (JMeter's client). Each client's target runs in a child JVM of
 * each JDK the agent supports, and on the tests' JDK with every hook family installed at once
 * (they share JDK classes): every request is one row with the properties of {@link
 * HookAssertions}, its connection the one the server accepted.
 */
@Tag("both-jdks") // starts child JVMs of JDK 17 and Temurin 25 itself: run once
class ClientHookTest {
  static final int PER_THREAD = 20;
  static final int BODY_BYTES = 20_000;
  static final List<String> ALL_FAMILIES = List.of("http-url-connection", "java-http-client", "apache-httpclient");

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  /** A client: the hook family that records it, its target and the target's threads. */
  enum Client {
    JAVA_HTTP_CLIENT("java-http-client", "java-http-client", JavaHttpClientTarget.class, JavaHttpClientTarget.THREADS),
    APACHE_HTTPCLIENT_5("apache-httpclient", "apache-httpclient", ApacheClientTarget.class, ApacheClientTarget.THREADS),
    APACHE_HTTPCLIENT_4("apache-httpclient (4.x)", "apache-httpclient", ApacheClient4Target.class,
        ApacheClient4Target.THREADS);

    final String label;
    final String family;
    final Class<?> target;
    final List<String> threads;

    Client(String label, String family, Class<?> target, List<String> threads) {
      this.label = label;
      this.family = family;
      this.target = target;
      this.threads = threads;
    }
  }

  static Stream<Arguments> clientsOnEveryJdk() {
    return Arrays.stream(Client.values())
        .flatMap(c -> Stream.of(TargetJvm.JDK_17, TargetJvm.TEMURIN_25).map(jdk -> Arguments.of(c, jdk)));
  }

  @ParameterizedTest(name = "{0} on {1}")
  @MethodSource("clientsOnEveryJdk")
  void everyExchangeIsOneRowOnTheConnectionTheServerAccepted(Client client, Path javaHome, @TempDir Path out)
      throws Exception {
    assumeTrue(Files.isExecutable(javaHome.resolve("bin/java")), javaHome + " is not installed");
    String figures = runAndAssertRows(client, javaHome, client.family, out);
    System.out.println(client.label + " on " + javaHome.getFileName() + ": " + figures);
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Client.class)
  void everyFamilyInstalledAtOnce(Client client, @TempDir Path out) throws Exception {
    String figures = runAndAssertRows(client, TargetJvm.currentJdk(), String.join("+", ALL_FAMILIES), out);
    System.out.println(client.label + " among all families on " + Runtime.version() + ": " + figures);
  }

  /** Runs {@code client}'s target on {@code javaHome} under {@code hooks}; asserts its rows, returns their figures. */
  private static String runAndAssertRows(Client client, Path javaHome, String hooks, Path out) throws Exception {
    long acceptedBefore = server.connectionsAccepted();
    HookRun run = HookRun.run(javaHome, out, hooks, client.target, server.target(), Integer.toString(PER_THREAD),
        Integer.toString(BODY_BYTES));
    long accepted = server.connectionsAccepted() - acceptedBefore;
    return HookAssertions.assertRows(run, client.threads, PER_THREAD, BODY_BYTES, accepted);
  }
}
