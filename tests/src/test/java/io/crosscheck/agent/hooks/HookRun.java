package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One child JVM target run under the agent: {@code JAVA -javaagent:AGENT=out=DIR,hooks=HOOKS
 * -cp <this test's class path> MAIN ARGS}, bounded in time, and what it left: its output, exit code
 * and the rows of requests.csv (by column name).
 */
final class HookRun {
  static final long CHILD_TIMEOUT_SECONDS = 90;
  /** {@code crosscheck-agent-<version>.jar}, not the nested -bootstrap/-installer jars. */
  static final String AGENT_JAR_NAME = "crosscheck-agent-\\d[^-]*(-SNAPSHOT)?\\.jar";

  final int exitCode;
  final String output;
  final List<Map<String, String>> rows;
  final String agentJson;

  private HookRun(int exitCode, String output, List<Map<String, String>> rows, String agentJson) {
    this.exitCode = exitCode;
    this.output = output;
    this.rows = rows;
    this.agentJson = agentJson;
  }

  /** Runs {@code mainClass} with {@code javaHome}'s java under the agent, recording into {@code out}. */
  static HookRun run(Path javaHome, Path out, String hooks, Class<?> mainClass, String... args)
      throws IOException, InterruptedException {
    Files.createDirectories(out);
    Path log = out.resolve("child.out");
    List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(),
        "-javaagent:" + agentJar() + "=out=" + out + ",hooks=" + hooks + ",telemetryMillis=0",
        "-cp", System.getProperty("java.class.path"), mainClass.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      fail("the target did not end within " + CHILD_TIMEOUT_SECONDS + " s: " + Files.readString(log));
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    Path requests = out.resolve("requests.csv");
    assertNotNull(Files.exists(requests) ? requests : null, "no requests.csv; the target printed:\n" + output);
    Path json = out.resolve("agent.json");
    return new HookRun(p.exitValue(), output, readCsv(requests),
        Files.exists(json) ? Files.readString(json, StandardCharsets.UTF_8) : "");
  }

  /**
   * The agent jar: system property {@code crosscheck.agent.jar}, else a class path entry named
   * {@code crosscheck-agent-<version>.jar}, else the reactor's {@code agents/agent/target} (built by
   * {@code mvn package}).
   */
  static Path agentJar() throws IOException {
    String property = System.getProperty("crosscheck.agent.jar");
    if (property != null && !property.isBlank()) {
      return Paths.get(property);
    }
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String name = Paths.get(entry).getFileName().toString();
      if (name.matches(AGENT_JAR_NAME)) {
        return Paths.get(entry);
      }
    }
    for (Path dir : List.of(Paths.get("../agents/agent/target"), Paths.get("agents/agent/target"))) {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> files = Files.list(dir)) {
          Path jar = files.filter(f -> f.getFileName().toString().matches(AGENT_JAR_NAME)).findFirst().orElse(null);
          if (jar != null) {
            return jar.toAbsolutePath();
          }
        }
      }
    }
    throw new IllegalStateException("no crosscheck-agent jar: build it (mvn -pl agents/agent -am package) or set"
        + " -Dcrosscheck.agent.jar=PATH");
  }

  /** RFC 4180 rows keyed by the header's names. */
  static List<Map<String, String>> readCsv(Path file) throws IOException {
    List<List<String>> records = new ArrayList<>();
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<String> record = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        record.add(field.toString());
        field.setLength(0);
      } else if (c == '\n') {
        record.add(field.toString());
        field.setLength(0);
        records.add(record);
        record = new ArrayList<>();
      } else {
        field.append(c);
      }
    }
    List<String> header = records.remove(0);
    List<Map<String, String>> rows = new ArrayList<>();
    for (List<String> r : records) {
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.size(); i++) {
        row.put(header.get(i), i < r.size() ? r.get(i) : null);
      }
      rows.add(row);
    }
    return rows;
  }

  static long num(Map<String, String> row, String column) {
    return Long.parseLong(row.get(column));
  }
}
