package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import io.crosscheck.cli.AgentJar;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM target run under the agent: {@code JAVA -javaagent:AGENT=out=DIR,hooks=HOOKS
 * -cp <this test's class path> MAIN ARGS}, bounded in time, and what it left: its output, exit code
 * and the rows of requests.csv (by column name).
 */
final class HookRun {
  static final long CHILD_TIMEOUT_SECONDS = 90;

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
        "-javaagent:" + AgentJar.locate() + "=out=" + out + ",hooks=" + hooks + ",telemetryMillis=0",
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
