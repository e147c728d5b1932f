package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.capture.LiveCapture;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.cli.Main;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * What a comparison may claim, checked against the issue-9 contract: coverage always stated,
 * verdicts and error figures only where the matched records support them; plus the small tools the
 * misleading-evidence and killed-run tests share (compare in-process, read findings.json, copy and
 * cut files, take a capture).
 */
final class Evidence {
  /** The four outputs of a comparison, written together or not at all. */
  static final List<String> OUTPUTS =
      List.of("wire-exchanges.csv", "response.csv", "connection.csv", "findings.json");

  private static final ObjectMapper JSON = new ObjectMapper();

  private Evidence() {}

  /** What one {@code crosscheck} command (compare, audit, matrix) printed and returned. */
  record Compared(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  /**
   * Runs {@code crosscheck compare ARGS} in-process, as a user would type it, capturing what it
   * prints (the command prints to System.out: swapped for the call; tests run one at a time).
   */
  static Compared compare(String... args) {
    List<String> all = new ArrayList<>(List.of("compare"));
    all.addAll(Arrays.asList(args));
    return execute(all);
  }

  /**
   * Runs {@code crosscheck ARGS} (the subcommand first) in-process, capturing what it prints: its
   * stdout (System.out, swapped for the call, then echoed) and the command line's stderr.
   */
  static synchronized Compared execute(List<String> args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream saved = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = cl.execute(args.toArray(String[]::new));
    } finally {
      System.setOut(saved);
    }
    String out = bytes.toString(StandardCharsets.UTF_8);
    saved.print(out);
    return new Compared(code, out, err.toString());
  }

  /** findings.json of a run directory, whole. */
  static JsonNode findingsFile(Path runDir) throws IOException {
    Path f = runDir.resolve("findings.json");
    assertTrue(Files.exists(f), "findings.json is written: " + f);
    return JSON.readTree(f.toFile());
  }

  /** The {@code findings} section of findings.json (the file itself if it has none). */
  static JsonNode findings(Path runDir) throws IOException {
    JsonNode file = findingsFile(runDir);
    return file.has("findings") ? file.get("findings") : file;
  }

  /** A section of findings.json that may sit at the top or inside {@code findings}, or null. */
  static JsonNode section(JsonNode file, String name) {
    if (file.hasNonNull(name)) {
      return file.get(name);
    }
    JsonNode f = file.get("findings");
    return f != null && f.hasNonNull(name) ? f.get(name) : null;
  }

  static JsonNode json(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }

  /** Whether a figure is absent: missing or JSON null. */
  static boolean absent(JsonNode parent, String name) {
    return parent == null || !parent.hasNonNull(name);
  }

  /** Records that left the generator towards a server: sent and not connect-error. */
  static long sent(List<RequestRecord> records) {
    return records.stream()
        .filter(r -> r.sendStartNanos() >= 0 && r.outcome() != Outcome.CONNECT_ERROR)
        .count();
  }

  /**
   * The contract's rules for every findings.json, given the exit code of the command that wrote
   * it: coverage stated and consistent; exit 3 with no verdict and no error figure when the
   * evidence is below the matching floor, exit 0 otherwise; a sharing verdict only from
   * connections that carried matched requests of several sessions. Returns the coverage.
   */
  static JsonNode assertSupportedByCoverage(JsonNode findingsOrFile, int exitCode, String context) {
    // the whole findings.json carries the run's support (exit 0 or 3) beside its findings
    JsonNode findings = findingsOrFile.has("findings") ? findingsOrFile.get("findings") : findingsOrFile;
    JsonNode support = findingsOrFile.has("findings") ? findingsOrFile.get("support") : null;
    String where = context + "\nfindings: " + findings + "\nsupport: " + support;
    JsonNode c = findings.get("coverage");
    assertNotNull(c, "findings.coverage is written: " + where);
    // the state and figures (the table and report say them in a sentence); a merge of shards keeps its sentence
    assertTrue(c.path("state").isTextual() || !c.path("statement").asText("").isBlank(),
        "coverage states the evidence: " + where);
    JsonNode matching = findings.get("matching");
    long records = c.path("records").asLong(-1);
    long sent = c.path("recordsSent").asLong(-1);
    long outside = c.path("outsideCapture").asLong(-1);
    long inWindow = c.path("inWindow").asLong(sent - outside);
    long matched = c.path("matched").asLong(-1);
    assertEquals(matching.get("records").asLong(), records, "coverage.records = matching.records");
    assertEquals(matching.get("matched").asLong(), matched, "coverage.matched = matching.matched");
    assertTrue(0 <= sent && sent <= records, "0 <= recordsSent <= records: " + c);
    assertTrue(0 <= outside && outside <= sent, "0 <= outsideCapture <= recordsSent: " + c);
    assertEquals(sent - outside, inWindow, "inWindow = recordsSent - outsideCapture: " + c);
    assertTrue(0 <= matched && matched <= inWindow, "matched records lie in the window: " + c);
    double minPercent = c.path("minMatchedPercent").asDouble(90);
    boolean sufficient = inWindow > 0 && 100.0 * matched / inWindow >= minPercent;
    assertEquals(sufficient, c.path("sufficient").asBoolean(!sufficient),
        "coverage.sufficient = inWindow > 0 && matched% >= floor: " + c);
    if (inWindow > 0 && c.has("recordsMatchedPercent")) {
      assertEquals(100.0 * matched / inWindow, c.get("recordsMatchedPercent").asDouble(), 0.01,
          "recordsMatchedPercent = matched / inWindow: " + c);
    }
    String verdict = findings.path("connections").path("verdictKind").asText("");
    if (!sufficient) {
      assertEquals(3, exitCode, "evidence below the floor: exit 3; " + where);
      assertTrue(absent(findings, "responseTime"), "no response-time figure: " + where);
      assertTrue(absent(findings, "lags"), "no lag figure: " + where);
      assertTrue(absent(findings, "cdf"), "no CDF: " + where);
      assertEquals("not-judged", verdict, "the verdict judges nothing: " + findings.path("connections"));
    } else if (support != null && !support.path("supported").asBoolean(true)) {
      assertEquals(3, exitCode, "sufficient coverage, but no verdict supported: exit 3; " + where);
      assertTrue(support.path("reasons").size() > 0, "an unsupported run says why: " + where);
    } else {
      assertEquals(0, exitCode, "sufficient evidence: exit 0; " + where);
      JsonNode rt = findings.get("responseTime");
      if (rt != null && !rt.isNull()) {
        assertTrue(rt.path("pairs").asLong() <= matched, "error figures rest on matched pairs");
      }
    }
    if (verdict.contains("connection sharing")) {
      assertTrue(findings.path("connections").path("connectionsUsedBySeveralSessions").asLong() > 0,
          "a sharing verdict needs connections that carried matched requests of several sessions: "
              + findings.get("connections"));
    }
    return c;
  }

  /**
   * The table's coverage line (the sentence rendered from findings.json's coverage) says {@code what}
   * (matched by {@code regex}, case-insensitive).
   */
  static void assertStatement(JsonNode coverage, String regex, String what, Compared run) {
    assertCoverageLine(run);
    String line = run.out().lines().filter(l -> l.startsWith("coverage:")).findFirst().orElse("");
    assertTrue(Pattern.compile("(?i)" + regex).matcher(line).find(), "the coverage line says " + what + ": " + line
        + "; " + coverage);
  }

  /** The compare's table starts with its coverage line. */
  static void assertCoverageLine(Compared run) {
    assertTrue(run.out().lines().anyMatch(l -> l.startsWith("coverage:")),
        "the table states coverage first (a 'coverage:' line): " + run);
  }

  /** Copies a run directory's files (not sub-directories) into {@code to}. */
  static Path copyRun(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    return to;
  }

  /** The first {@code fraction} of {@code from}'s bytes, as a full disk or a kill leaves them. */
  static Path cut(Path from, double fraction, Path to) throws IOException {
    byte[] all = Files.readAllBytes(from);
    Files.write(to, Arrays.copyOf(all, (int) (all.length * fraction)));
    return to;
  }

  /** The bytes of the comparison outputs that exist, by name. */
  static Map<String, byte[]> outputs(Path runDir) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (String name : OUTPUTS) {
      Path f = runDir.resolve(name);
      if (Files.exists(f)) {
        out.put(name, Files.readAllBytes(f));
      }
    }
    return out;
  }

  /** Files named {@code *.tmp} in the directory. */
  static List<Path> tmpFiles(Path runDir) throws IOException {
    try (Stream<Path> files = Files.list(runDir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
    }
  }

  /** Data rows of a CSV with a header (lines ending in a line end, less one). */
  static long dataRows(Path csv) throws IOException {
    return ChildCli.lineEnds(csv) - 1;
  }

  /** Something that sends traffic while a capture runs. */
  interface Traffic {
    void run() throws Exception;
  }

  /** Captures {@code tcp port PORT} on lo into {@code pcap} while {@code traffic} runs. */
  static Path capture(int port, Path pcap, Traffic traffic) throws Exception {
    LiveCapture capture = LiveCapture.start(LiveCaptureConfig.of("lo", "tcp port " + port, pcap));
    try {
      traffic.run();
    } finally {
      capture.stop();
    }
    return pcap;
  }
}
