package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.agent.AgentFiles;
import io.crosscheck.agent.TargetJvm;
import io.crosscheck.agent.hooks.targets.FaultsTarget;
import io.crosscheck.e2e.EmbeddedServerExtension;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The outcomes of the java-http-client and apache-httpclient families against the embedded
 * server's faults, in the harness's terms (as its own engine records them, see FaultOutcomesTest):
 * 503 {@code http-error}, RST {@code reset}, a reply cut short {@code reset} with no last byte, a
 * reply that is not HTTP {@code invalid}, nothing listening {@code connect-error} (no connection, no
 * send). The clients retry some of these (the JDK client a refused connect and a reset on a pooled
 * connection; Apache's a reset and a 503 after a second): every attempt is a row, and each has the
 * outcome.
 */
@Tag("both-jdks") // starts child JVMs of JDK 17 and Temurin 25 itself: run once
class FailureOutcomesHookTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  /** Each client (its hook family, the {@link FaultsTarget} client name) on each JDK the agent supports. */
  static Stream<Arguments> clientsOnEveryJdk() {
    return Stream.of(List.of("java-http-client", "jdk"), List.of("apache-httpclient", "apache"),
            List.of("apache-httpclient", "apache4"))
        .flatMap(c -> Stream.of(TargetJvm.JDK_17, TargetJvm.TEMURIN_25)
            .map(jdk -> Arguments.of(c.get(0), jdk, c.get(1))));
  }

  @ParameterizedTest(name = "{0} ({2}) on {1}")
  @MethodSource("clientsOnEveryJdk")
  void everyFailureIsRecordedWithItsOutcome(String hooks, Path home, String client, @TempDir Path out)
      throws Exception {
    assumeTrue(Files.isExecutable(home.resolve("bin/java")), home + " is not installed");
    int refusedPort;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      refusedPort = s.getLocalPort(); // closed again: nothing listens there during the run
    }
    HookRun run = HookRun.run(home, out, hooks, FaultsTarget.class, client, server.target(),
        Integer.toString(refusedPort));
    Map<String, List<AgentFiles.Row>> byUrl = run.rows.stream()
        .collect(Collectors.groupingBy(r -> r.get("url"), TreeMap::new, Collectors.toList()));
    String context = "\nthe target printed:\n" + run.output + "\nrows:\n" + run.rows;
    assertEquals(new java.util.TreeSet<>(List.of("/fault/status/503", "/fault/reset", "/fault/close-mid-body",
        "/fault/garbage", "/static/1k", "/refused")), byUrl.keySet(), "a row for every request" + context);
    Map<String, String> expected = Map.of("/fault/status/503", "http-error", "/fault/reset", "reset",
        "/fault/close-mid-body", "reset", "/fault/garbage", "invalid", "/static/1k", "ok", "/refused", "connect-error");
    StringBuilder figures = new StringBuilder();
    for (Map.Entry<String, List<AgentFiles.Row>> e : byUrl.entrySet()) {
      for (AgentFiles.Row r : e.getValue()) {
        assertEquals(expected.get(e.getKey()), r.get("outcome"), e.getKey() + ": " + r + context);
        assertEquals("faults-0", r.get("thread"), r.toString());
        assertTrue(r.get("outcome").equals("ok") || !r.get("detail").isEmpty() || r.get("outcome").equals("http-error"),
            "a failure says why: " + r);
      }
      figures.append(e.getKey()).append('=').append(e.getValue().size()).append(' ');
    }
    for (AgentFiles.Row refused : byUrl.get("/refused")) {
      assertEquals("", refused.get("connectionId"), "no connection: " + refused);
      assertEquals(-1, refused.num("sendStartNanos"), "nothing sent: " + refused);
      assertEquals(0, refused.num("requestBytes"), "nothing sent: " + refused);
    }
    for (AgentFiles.Row unavailable : byUrl.get("/fault/status/503")) {
      assertEquals("503", unavailable.get("status"), unavailable.toString());
    }
    for (AgentFiles.Row reset : byUrl.get("/fault/reset")) {
      assertTrue(reset.num("sendStartNanos") > 0 && reset.num("responseBytes") == 0, "sent, nothing came: " + reset);
    }
    for (AgentFiles.Row cut : byUrl.get("/fault/close-mid-body")) {
      assertTrue(cut.num("firstByteNanos") > 0 && cut.num("responseBytes") > 0, "the head arrived: " + cut);
      assertEquals(-1, cut.num("lastByteNanos"), "the body never ended: " + cut);
    }
    System.out.println(hooks + " (" + client + ") on " + home.getFileName() + ": rows per url "
        + figures.toString().trim());
  }
}
