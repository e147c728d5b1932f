package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code crosscheck study wan} end to end (real namespaces, lighttpd, the live capture in the client
 * namespace): two client classes with RTTs of 20 and 60 ms, each on its own source address. Asserts
 * each class's handshake RTT measured in the cell's capture within 10 % of its profile, the run's
 * accounting (completed, matched pairs), and that the study's namespaces, interfaces and the link
 * are gone after the run, after a failure (the audit in the client namespace killed) and after
 * SIGINT of the study.
 */
@org.junit.jupiter.api.Tag("heavy")
// runs alone (serial-tests in pom.xml): round trips within 10 % of the profile, through a forwarder in user space
@org.junit.jupiter.api.Tag("serial")
class WanStudyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> STUDY = List.of("study", "wan", "--wan", "rtt=20ms", "--wan", "rtt=60ms",
      "--users", "4", "--ramp-up", "1s");

  @Test
  void eachClassMeasuresItsConfiguredRttAndTheNetworkIsGoneAfterTheRun(@TempDir Path tmp) throws Exception {
    FlashCrowdStudyTest.openToTheServersWorkers(tmp);
    Path dir = tmp.resolve("wan");
    List<String> args = new ArrayList<>(STUDY);
    args.addAll(List.of("--duration", "4s", "--out", dir.toString()));
    ChildCli.Ended ended = ChildCli.runToEnd(tmp, Duration.ofMinutes(3), args.toArray(String[]::new));
    System.out.println("[wan] " + ended.output().substring(Math.max(0, ended.output().indexOf("WAN levels"))));
    assertEquals(0, ended.exitCode(), ended.output());
    assertNoStudyNetwork();
    JsonNode m = JSON.readTree(dir.resolve("matrix.json").toFile());
    JsonNode row = m.get("study").get("rows").get(0);
    assertEquals("completed", row.get("status").asText(), row.toString());
    assertTrue(row.get("pairs").asLong() > 20, row.toString());
    JsonNode classes = row.get("classes");
    assertEquals(2, classes.size(), row.toString());
    double[] configured = {20_000, 60_000};
    for (int i = 0; i < 2; i++) {
      JsonNode c = classes.get(i);
      assertEquals("127.0.0." + (2 + i), c.get("address").asText());
      assertEquals(configured[i], c.get("configuredRttMicros").asDouble(), 1e-6);
      assertTrue(c.get("handshakes").asLong() >= 2, c.toString());
      double measured = c.get("medianRttMicros").asDouble();
      System.out.printf("[wan] class %s: configured %.1f ms, measured median %.2f ms over %d handshakes%n",
          c.get("address").asText(), configured[i] / 1000, measured / 1000, c.get("handshakes").asLong());
      assertTrue(Math.abs(measured - configured[i]) <= 0.10 * configured[i],
          "class " + i + ": measured " + measured + " us within 10 % of " + configured[i] + " us");
    }
  }

  @Test
  void aFailedCellLeavesNoNetwork(@TempDir Path tmp) throws Exception {
    String output = endStudyMidCell(tmp, 1, (study, dir) -> {
      // the audit in the client namespace dies: the cell fails
      new ProcessBuilder("kill", "-KILL", String.valueOf(auditPid(dir))).start().waitFor();
    });
    assertTrue(output.contains("failed"), output);
  }

  @Test
  void sigintLeavesNoNetwork(@TempDir Path tmp) throws Exception {
    endStudyMidCell(tmp, 130, (study, dir) -> study.signal("INT"));
  }

  /** What ends a study mid-cell. */
  @FunctionalInterface
  private interface Ending {
    void end(ChildCli study, Path dir) throws Exception;
  }

  /**
   * Starts a 30 s study, ends it by {@code ending} once its audit runs in the client namespace,
   * asserts its exit code and that no network is left; returns what it printed.
   */
  private static String endStudyMidCell(Path tmp, int expectedExit, Ending ending) throws Exception {
    FlashCrowdStudyTest.openToTheServersWorkers(tmp);
    Path dir = tmp.resolve("wan");
    List<String> args = new ArrayList<>(STUDY);
    args.addAll(List.of("--duration", "30s", "--out", dir.toString()));
    String output;
    try (ChildCli study = ChildCli.startAsGiven(tmp.resolve("study.out"), null, args)) {
      awaitStudyNetwork(study, dir);
      ending.end(study, dir);
      int exit = study.waitForExit(Duration.ofMinutes(2));
      output = study.output();
      assertEquals(expectedExit, exit, output);
    }
    assertNoStudyNetwork();
    return output;
  }

  /** Waits until the study's namespaces exist and its audit runs in the client one (then 2 s more: loading). */
  private static void awaitStudyNetwork(ChildCli study, Path dir) throws Exception {
    long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < until && study.process.isAlive()) {
      if (!studyNamespaces().isEmpty() && findAuditPid(dir) > 0) {
        Thread.sleep(2000);
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no study network appeared: " + study.output());
  }

  /** The pid of the audit JVM the study started in the client namespace (its job file names the cell). */
  private static long auditPid(Path dir) throws IOException {
    long pid = findAuditPid(dir);
    if (pid < 0) {
      throw new AssertionError("no audit process for " + dir);
    }
    return pid;
  }

  private static long findAuditPid(Path dir) throws IOException {
    try (var procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
          if (cmd.contains(dir.toString()) && cmd.contains("audit-job.json")) {
            return Long.parseLong(p.getFileName().toString());
          }
        } catch (IOException e) {
          // gone meanwhile
        }
      }
    }
    return -1;
  }

  private static List<String> studyNamespaces() throws Exception {
    Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out.lines().filter(l -> l.startsWith("ccwan-")).toList();
  }

  /** No ccwan- namespace, and no ccw TAP left in the host's namespace (qdiscs go with their interfaces). */
  private static void assertNoStudyNetwork() throws Exception {
    long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    List<String> left = studyNamespaces();
    while (!left.isEmpty() && System.nanoTime() < until) {
      Thread.sleep(200);
      left = studyNamespaces();
    }
    assertEquals(List.of(), left, "namespaces left");
    Process p = new ProcessBuilder("ip", "-o", "link").redirectErrorStream(true).start();
    String links = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    // the emulated link's TAPs are named ccw<pid>-<n>c / s (15 characters at most), created here, moved into
    // the namespaces: none may be left in either place
    assertNotEquals(true, links.contains(" ccw"), links);
  }
}
