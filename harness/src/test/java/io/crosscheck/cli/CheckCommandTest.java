package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.check.CheckGate;
import io.crosscheck.check.Metrics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code crosscheck check} on a copy of the report's run fixture (abs-error 570.2 us, 8 connections,
 * no sharing): exit 0 / 4 / 2 with their lines, rules files with FILE:LINE:COLUMN, the help's metric
 * table made from the evaluator's.
 */
class CheckCommandTest {
  @TempDir Path tmp;

  private record Ran(int exitCode, String out, String err) {}

  /** {@code crosscheck check ARGS}, its stdout (System.out, swapped for the call) and stderr captured. */
  private static synchronized Ran check(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true)); // the help
    cl.setErr(new PrintWriter(err, true));
    String[] all = Stream.concat(Stream.of("check"), Stream.of(args)).toArray(String[]::new);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream saved = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = cl.execute(all);
    } finally {
      System.setOut(saved);
    }
    return new Ran(code, bytes.toString(StandardCharsets.UTF_8) + out, err.toString());
  }

  private Path run(String as) throws Exception {
    Path from = Path.of(getClass().getResource("/io/crosscheck/report/html/run-fixture").toURI());
    Path to = Files.createDirectories(tmp.resolve(as));
    for (String f : List.of("run.json", "findings.json")) {
      Files.copy(from.resolve(f), to.resolve(f));
    }
    return to;
  }

  @Test
  void passingRulesExit0AndAFailedOneExit4WithOneLineEach() throws Exception {
    Path run = run("run");
    Ran ok = check(run.toString(), "--rule", "abs-error < 1ms", "--rule", "connections.verdict == no-sharing");
    assertEquals(0, ok.exitCode(), ok.err());
    assertTrue(ok.out().contains("  pass  abs-error < 1ms: measured 570.2 us, threshold < 1.000 ms"), ok.out());
    assertTrue(ok.out().strip().endsWith("crosscheck check: 2 of 2 rules held"), ok.out());
    Ran failed = check(run.toString(), "--rule", "abs-error < 500us", "--rule", "ratio < 2", "--baseline",
        run.toString(), "--rule", "wire.p99 <= baseline.wire.p99 * 0.9");
    assertEquals(CheckGate.RULE_FAILED, failed.exitCode(), failed.err());
    assertTrue(failed.out().contains("  FAIL  abs-error < 500us: measured 570.2 us, threshold < 500.0 us; from"),
        failed.out());
    assertTrue(failed.out().contains("  FAIL  wire.p99 <= baseline.wire.p99 * 0.9: measured 7.488 ms, threshold <="
        + " 6.739 ms (baseline wire.p99 7.488 ms)"), failed.out());
    assertTrue(failed.out().contains("1 of 3 rules held; 2 failed (exit 4)"), failed.out());
    assertEquals("", failed.err());
  }

  @Test
  void aMalformedRuleIsExit2WithItsTextAndCharacter() throws Exception {
    Path run = run("run");
    Ran bad = check(run.toString(), "--rule", "abs-error < 1xs", "--rule", "ratio < 1.1ms");
    assertEquals(2, bad.exitCode());
    List<String> lines = bad.err().strip().lines().toList();
    assertEquals("crosscheck check: --rule 'abs-error < 1xs': at character 13: unknown unit \"xs\" (expected us,"
        + " ms, s, %)", lines.get(0));
    assertTrue(lines.get(1).startsWith("crosscheck check: --rule 'ratio < 1.1ms': at character 9: ratio is a plain"
        + " number"), lines.get(1));
    assertEquals(3, lines.size(), bad.err());
    assertEquals("", bad.out(), "nothing judged");
    Ran noBaseline = check(run.toString(), "--rule", "abs-error < baseline * 1.2");
    assertEquals(2, noBaseline.exitCode());
    assertTrue(noBaseline.err().startsWith("crosscheck check: --rule 'abs-error < baseline * 1.2': at character 13:"
        + " refers to the baseline, but no --baseline RUN_DIR was given"), noBaseline.err());
    Ran none = check(run.toString());
    assertEquals(2, none.exitCode());
    assertTrue(none.err().contains("no rule: give at least one with --rule EXPR or --rules FILE"), none.err());
  }

  @Test
  void aRulesFileNamesFileLineAndColumnAndReadsCommentsAndCrlf() throws Exception {
    Path run = run("run");
    Path rules = tmp.resolve("gate.rules");
    Files.writeString(rules, "# the kit's gate\r\nabs-error < 1ms   # the study's bound\r\n\r\n  ratio < 1.1xs\r\n"
        + "matched >= 99%\r\n", StandardCharsets.UTF_8);
    Ran bad = check(run.toString(), "--rules", rules.toString());
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().startsWith("crosscheck check: " + rules + ":4:11: unknown unit \"xs\""), bad.err());
    Files.writeString(rules, "# the kit's gate\nabs-error < 1ms   # the study's bound\nmatched >= 99%\n");
    Ran ok = check(run.toString(), "--rules", rules.toString());
    assertEquals(0, ok.exitCode(), ok.err());
    assertTrue(ok.out().contains("2 of 2 rules held"), ok.out());
    Ran missing = check(run.toString(), "--rules", tmp.resolve("absent.rules").toString());
    assertEquals(2, missing.exitCode());
    assertTrue(missing.err().contains("absent.rules: no such file (expected a rules file"), missing.err());
    Ran dir = check(run.toString(), "--rules", tmp.toString());
    assertEquals(2, dir.exitCode());
    assertTrue(dir.err().contains("a directory, not a regular file"), dir.err());
  }

  @Test
  void aMissingOrIncompatibleBaselineOrRunIsExit2() throws Exception {
    Path run = run("run");
    Ran missing = check(run.toString(), "--baseline", tmp.resolve("main").toString(), "--rule", "ratio < baseline");
    assertEquals(2, missing.exitCode());
    assertTrue(missing.err().startsWith("crosscheck check: --baseline " + tmp.resolve("main") + ": no such directory"),
        missing.err());
    Path v1 = run("v1");
    Files.writeString(v1.resolve("findings.json"), Files.readString(v1.resolve("findings.json"))
        .replaceFirst("\"formatVersion\" ?: ?2", "\"formatVersion\" : 1"));
    Ran old = check(run.toString(), "--baseline", v1.toString(), "--rule", "ratio < baseline");
    assertEquals(2, old.exitCode());
    assertTrue(old.err().contains("findings.json formatVersion 1, the run's is 2"), old.err());
    Ran notRun = check(tmp.resolve("nothing").toString(), "--rule", "ratio < 2");
    assertEquals(2, notRun.exitCode());
    assertTrue(notRun.err().contains("RUN_DIR " + tmp.resolve("nothing") + ": no such directory"), notRun.err());
    Ran junitDir = check(run.toString(), "--rule", "ratio < 2", "--junit", tmp.resolve("no/such/x.xml").toString());
    assertEquals(2, junitDir.exitCode());
    assertTrue(junitDir.err().contains("--junit"), junitDir.err());
    assertFalse(Files.exists(tmp.resolve("no")));
  }

  @Test
  void theHelpListsEveryMetricFromTheEvaluatorsTable() {
    assertEquals(0, check("--help").exitCode());
    String help = Main.commandLine().getSubcommands().get("check").getUsageMessage();
    for (Metrics.Metric m : Metrics.ALL) {
      assertTrue(help.lines().anyMatch(l -> l.startsWith("  " + m.name() + " (")), "help lacks " + m.name() + ":\n"
          + help);
    }
    assertTrue(help.contains("Exit codes: 0 every rule held; 4 a rule failed"), help);
    assertTrue(help.contains("  ratio < 1.1                          matched >= 99.9%\n"), "'%' as written: " + help);
    assertTrue(help.lines().allMatch(l -> l.length() <= 80), "80 columns: " + help);
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  /** Edits {@code dir/file} as a JSON tree. */
  private static void edit(Path dir, String file, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode>
      change) throws Exception {
    com.fasterxml.jackson.databind.node.ObjectNode tree =
        (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(dir.resolve(file).toFile());
    change.accept(tree);
    JSON.writeValue(dir.resolve(file).toFile(), tree);
  }

  /** Issue 24, finding 6: a run without any complete pair (a mute server) ended the gate with an NPE, no JUnit. */
  @Test
  void aRunWithoutPairsFailsItsRulesAsNoEvidenceAndWritesTheJunitXml() throws Exception {
    Path mute = muteServerRun("mute");
    Path xml = tmp.resolve("check.xml");
    Ran ran = check(mute.toString(), "--rule", "wire.p99 < 5ms", "--rule", "reported.p50 < 1s", "--rule",
        "intended.p99 < 1s", "--junit", xml.toString());
    assertEquals(CheckGate.RULE_FAILED, ran.exitCode(), ran.out() + ran.err());
    assertTrue(ran.out().contains("  FAIL  wire.p99 < 5ms: no evidence: the run's wire.p99: findings.percentiles"
        + ".wireMicros has no value at 99: no matched complete pair in the measured phase (matched pairs left out: 2"
        + " reported-incomplete)"), ran.out());
    // the three rules and the gate's support default (0 pairs in a file without a support section)
    assertTrue(ran.out().contains("0 of 4 rules held; 4 failed (exit 4)"), ran.out());
    String junit = Files.readString(xml);
    assertTrue(junit.contains("tests=\"4\"") && junit.contains("failures=\"4\""), junit);
    assertEquals(4, junit.split("type=\"no-evidence\"", -1).length - 1, junit);
    assertEquals("", ran.err());
  }

  @Test
  void findingsThatSupportNoVerdictFailTheGateWhateverItsOtherRulesSay() throws Exception {
    // a mute server's audit: every record matched (coverage 100 %), no exchange completed, connections
    // judged no-sharing; compare exits 3 on it, so the gate must not pass it on matched and verdict rules
    Path mute = muteServerRun("mute-support");
    String[] args = {mute.toString(), "--rule", "matched >= 99.9%", "--rule", "connections.verdict == no-sharing"};
    Ran old = check(args);
    assertEquals(CheckGate.RULE_FAILED, old.exitCode(), old.out() + old.err());
    assertTrue(old.out().contains("FAIL  support == supported: no evidence"), "a file without the support"
        + " section, 0 pairs: " + old.out());
    edit(mute, "findings.json", f -> {
      com.fasterxml.jackson.databind.node.ObjectNode support = ((com.fasterxml.jackson.databind.node.ObjectNode) f)
          .putObject("support");
      support.put("supported", false);
      support.putArray("reasons").add("no-completed-exchange");
      support.put("runStatus", "completed");
      support.put("records", 2);
      support.put("failed", 2);
      support.put("failedPercent", 100.0);
      support.putObject("failedByOutcome").put("reset", 2);
      support.put("maxFailedPercent", 50.0);
      support.put("pairs", 0);
    });
    Ran ran = check(args);
    assertEquals(CheckGate.RULE_FAILED, ran.exitCode(), ran.out() + ran.err());
    assertTrue(ran.out().contains("FAIL  support == supported: measured not-supported"), ran.out());
    assertTrue(ran.out().contains("no-completed-exchange"), ran.out());
    assertTrue(ran.out().contains("2 of 3 rules held; 1 failed (exit 4)"), ran.out());
    // a support rule of the user's own replaces the default
    Ran own = check(mute.toString(), "--rule", "support == not-supported", "--rule", "matched >= 99.9%");
    assertEquals(0, own.exitCode(), own.out() + own.err());
  }

  private static final String KILLED = "run.json still says running but process 4242 is gone: the run was killed or"
      + " crashed; its records up to then are analysed";

  /** The fixture as a SIGKILLed audit compared afterwards: findings.json's run.status {@code unfinished}. */
  private Path killed(String as) throws Exception {
    Path dir = run(as);
    edit(dir, "findings.json", f -> {
      com.fasterxml.jackson.databind.node.ObjectNode run = (com.fasterxml.jackson.databind.node.ObjectNode) f.get("run");
      run.put("status", "unfinished");
      run.put("statusNote", KILLED);
    });
    edit(dir, "run.json", r -> r.put("status", "running"));
    return dir;
  }

  /** Issue 24, finding 9: a SIGKILLed audit passed every rule, exit 0. */
  @Test
  void aRunThatDidNotCompleteFailsAndSuchABaselineIsRefused() throws Exception {
    Path killed = killed("killed");
    Path xml = tmp.resolve("killed.xml");
    Ran ran = check(killed.toString(), "--rule", "abs-error < 1ms", "--junit", xml.toString());
    assertEquals(CheckGate.RULE_FAILED, ran.exitCode(), ran.out() + ran.err());
    List<String> lines = ran.out().lines().toList();
    assertEquals("  FAIL  run.status == completed: measured unfinished, threshold == completed; from findings.json"
        + " run.status: " + KILLED, lines.get(1), ran.out());
    assertTrue(lines.get(2).startsWith("  pass  abs-error < 1ms: measured 570.2 us"), ran.out());
    assertEquals("crosscheck check: the run did not complete: a gate does not pass the findings of a part of a run"
        + " (check --allow-unfinished judges it anyway)", lines.get(3));
    assertEquals("crosscheck check: 1 of 2 rules held; 1 failed (exit 4)", lines.get(4));
    assertTrue(Files.readString(xml).contains("[the gate's default (check --allow-unfinished drops it)]"));
    // opting out, or a run.status rule of the user's own, judges the rules alone
    Ran allowed = check(killed.toString(), "--rule", "abs-error < 1ms", "--allow-unfinished");
    assertEquals(0, allowed.exitCode(), allowed.out());
    assertTrue(allowed.out().contains("1 of 1 rules held"), allowed.out());
    assertEquals(0, check(killed.toString(), "--rule", "run.status == unfinished").exitCode());
    // a completed run gets no extra rule (the fixture: completed)
    Ran complete = check(run("complete").toString(), "--rule", "run.status == completed", "--rule", "ratio < 2");
    assertEquals(0, complete.exitCode(), complete.out());
    // a killed baseline is refused before anything is judged
    Ran baseline = check(run("run").toString(), "--baseline", killed.toString(), "--rule", "abs-error < baseline");
    assertEquals(2, baseline.exitCode(), baseline.out());
    assertTrue(baseline.err().startsWith("crosscheck check: --baseline " + killed + ": the run did not complete"
        + " (status unfinished: " + KILLED + "); a baseline must be a completed run (check --allow-unfinished"
        + " accepts it)"), baseline.err());
    assertEquals("", baseline.out());
  }

  /** Issue 24, finding 10: a baseline of another workload was accepted without a word. */
  @Test
  void aBaselineOfAnotherWorkloadIsRefusedWithTheDifferencesNamed() throws Exception {
    Path run = run("run");
    Path other = run("other");
    edit(other, "run.json", r -> {
      ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("workload").get("arrival")).put("users", 16);
      ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("engine")).put("name", "legacy");
      ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("workload")).put("targetPort", 9999);
    });
    Ran ran = check(run.toString(), "--baseline", other.toString(), "--rule", "abs-error < baseline * 1.2");
    assertEquals(2, ran.exitCode(), ran.out() + ran.err());
    assertEquals(List.of("crosscheck check: --baseline " + other + ": not the run's workload (expected a baseline of"
        + " the same work; --allow-other-workload judges it anyway):",
        "  workload.arrival.users: 8, the baseline's 16",
        "  engine.name: netty, the baseline's legacy",
        "crosscheck check: nothing was judged"), ran.err().lines().toList());
    assertEquals("", ran.out());
    Ran allowed = check(run.toString(), "--baseline", other.toString(), "--rule", "abs-error < baseline * 1.2",
        "--allow-other-workload");
    assertEquals(0, allowed.exitCode(), allowed.err());
    // another port of the same work is the same workload
    Path moved = run("moved");
    edit(moved, "run.json", r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("workload"))
        .put("targetPort", 9999).put("target", "http://127.0.0.1:9999"));
    assertEquals(0, check(run.toString(), "--baseline", moved.toString(), "--rule", "abs-error < baseline * 1.2")
        .exitCode());
  }

  /** A copy, in {@code tmp/name}, of a mute server's compared run (no exchange completed). */
  private Path muteServerRun(String name) throws Exception {
    Path from = Path.of(getClass().getResource("/io/crosscheck/check/mute-server-run").toURI());
    Path mute = Files.createDirectories(tmp.resolve(name));
    for (String f : List.of("run.json", "findings.json", "summary.json")) {
      Files.copy(from.resolve(f), mute.resolve(f));
    }
    return mute;
  }
}
