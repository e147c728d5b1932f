package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.agent.AgentFiles;
import io.crosscheck.agent.TargetJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One child JVM target run under the agent: a {@link TargetJvm} of {@code JAVA
 * -javaagent:AGENT=out=DIR,hooks=HOOKS,telemetryMillis=0 -cp <this test's class path> MAIN ARGS}
 * (the whole class path: the targets use the clients' jars), bounded in time, and what it left: its
 * output, exit code and the rows of requests.csv as {@link AgentFiles} reads them.
 */
final class HookRun {
  static final Duration CHILD_TIMEOUT = Duration.ofSeconds(90);

  final int exitCode;
  /** The target's stdout, then its stderr. */
  final String output;
  final List<AgentFiles.Row> rows;
  final String agentJson;

  private HookRun(int exitCode, String output, List<AgentFiles.Row> rows, String agentJson) {
    this.exitCode = exitCode;
    this.output = output;
    this.rows = rows;
    this.agentJson = agentJson;
  }

  /** Runs {@code mainClass} with {@code javaHome}'s java under the agent, recording into {@code out}. */
  static HookRun run(Path javaHome, Path out, String hooks, Class<?> mainClass, String... args)
      throws IOException, InterruptedException {
    Files.createDirectories(out);
    try (TargetJvm target = TargetJvm.start(javaHome,
        List.of(TargetJvm.javaagent("out=" + out + ",hooks=" + hooks + ",telemetryMillis=0")),
        System.getProperty("java.class.path"), mainClass, out.resolve("target"), args)) {
      int exitCode = target.awaitExit(CHILD_TIMEOUT);
      String output = target.output();
      assertTrue(Files.exists(out.resolve("requests.csv")), "no requests.csv; the target printed:\n" + output);
      Path json = out.resolve("agent.json");
      return new HookRun(exitCode, output, AgentFiles.requests(out),
          Files.exists(json) ? Files.readString(json, StandardCharsets.UTF_8) : "");
    }
  }
}
