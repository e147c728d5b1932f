package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import picocli.CommandLine;

/**
 * The CI gate end to end: {@code audit --check} with a malformed rule is refused before anything
 * starts (no run directory, no connection to the target); a real short audit against the embedded
 * server with passing {@code --check} rules and {@code --junit}; then {@code check} on its run
 * directory with passing rules (exit 0), failing ones (exit 4, one line each with measured value,
 * threshold and baseline), a missing baseline and an incompatible one (a wire-only analysis of the
 * same capture: exit 2). One audit (20 sessions of 5 requests) serves every step.
 */
class CheckGateTest {
  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  private record Ran(int exitCode, String out, String err, long millis) {}

  /** {@code crosscheck ARGS} in-process: stdout (the command line's and System.out) and stderr captured. */
  private static synchronized Ran cli(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream saved = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    long startNanos = System.nanoTime();
    int code;
    try {
      code = cl.execute(args);
    } finally {
      System.setOut(saved);
    }
    long millis = (System.nanoTime() - startNanos) / 1_000_000;
    String printed = bytes.toString(StandardCharsets.UTF_8) + out;
    saved.print(printed);
    return new Ran(code, printed, err.toString(), millis);
  }

  private static List<String> audit(Path out, String... more) {
    List<String> args = new ArrayList<>(List.of("audit", "--target", server.target(), "--out", out.toString(),
        "--progress", "off", "--jit-warm-up", "0", "--users", "20", "--sessions-per-user", "1", "--session-length",
        "fixed:5", "--think", "exp:20ms", "--urls", "/static/2k", "--policy", "per-session", "--duration", "10s"));
    args.addAll(Arrays.asList(more));
    return args;
  }

  @Test
  void auditCheckThenCheckAgainstABaseline(@TempDir Path tmp) throws Exception {
    // 1. a malformed rule: refused before the capture, the probe and the load
    long acceptedBefore = server.connectionsAccepted();
    Path refusedOut = tmp.resolve("refused");
    Ran bad = cli(audit(refusedOut, "--check", "matched >= 99%", "--check", "abs-error < 1xs").toArray(String[]::new));
    assertEquals(2, bad.exitCode(), bad.err());
    assertTrue(bad.err().startsWith("crosscheck audit: --check 'abs-error < 1xs': at character 13: unknown unit"
        + " \"xs\" (expected us, ms, s, %)"), bad.err());
    assertFalse(Files.exists(refusedOut), "no run directory (not even --out) was created");
    assertEquals(acceptedBefore, server.connectionsAccepted(), "not even the probe connected to the target");

    // 2. a real audit judged by passing rules, with the JUnit XML
    Path runs = tmp.resolve("runs");
    Path xml = tmp.resolve("audit-check.xml");
    Ran audited = cli(audit(runs, "--check", "matched >= 99%", "--check", "connections.verdict == no-sharing",
        "--check", "errors == 0", "--check", "max-requests-per-connection <= 5", "--junit", xml.toString())
        .toArray(String[]::new));
    assertEquals(0, audited.exitCode(), audited.err());
    assertTrue(audited.out().contains("crosscheck audit: 4 of 4 rules held"), audited.out());
    Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
    assertEquals("4", suite.getAttribute("tests"));
    assertEquals("0", suite.getAttribute("failures"));
    assertEquals("connections.verdict == no-sharing",
        ((Element) suite.getElementsByTagName("testcase").item(1)).getAttribute("name"));
    Path run;
    try (var dirs = Files.list(runs)) {
      run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
    }

    assertEquals("no-sharing", Evidence.findings(run).get("connections").get("verdictKind").asText(),
        "findings.json carries the verdict's token");

    // 3. check: rules that hold, against the run itself as its baseline
    Ran pass = cli("check", run.toString(), "--baseline", run.toString(), "--rule", "connections.opened == 20",
        "--rule", "pairs == 100", "--rule", "wire.p95 <= baseline.wire.p95 * 1.1", "--rule",
        "abs-error within 10% of baseline", "--rule", "errors == 0");
    assertEquals(0, pass.exitCode(), pass.out() + pass.err());
    assertTrue(pass.out().contains("  pass  connections.opened == 20: measured 20, threshold == 20; from the capture:"
        + " 20 connections"), pass.out());
    assertTrue(pass.out().contains("crosscheck check: 5 of 5 rules held"), pass.out());

    // 4. failing rules: each states measured value, threshold and baseline; exit 4
    Ran fail = cli("check", run.toString(), "--baseline", run.toString(), "--rule", "connections.opened < 20",
        "--rule", "connections.verdict == sharing", "--rule", "wire.p95 < baseline.wire.p95 * 0.5", "--rule",
        "wire.p99.9 < 1s");
    assertEquals(4, fail.exitCode(), fail.out() + fail.err());
    List<String> lines = fail.out().lines().filter(l -> l.startsWith("  ")).toList();
    assertEquals(4, lines.size(), fail.out());
    assertTrue(lines.get(0).startsWith("  FAIL  connections.opened < 20: measured 20, threshold < 20; from"),
        lines.get(0));
    assertTrue(lines.get(1).startsWith("  FAIL  connections.verdict == sharing: measured no-sharing, threshold =="
        + " sharing; from 100 matched records of 20 sessions"), lines.get(1));
    assertTrue(lines.get(2).matches("  FAIL  wire\\.p95 < baseline\\.wire\\.p95 \\* 0\\.5: measured [0-9.]+ (us|ms),"
        + " threshold < [0-9.]+ (us|ms) \\(baseline wire\\.p95 [0-9.]+ (us|ms)\\); from 100 matched pairs.*"),
        lines.get(2));
    assertTrue(lines.get(3).startsWith("  pass  wire.p99.9 < 1s"), lines.get(3));
    assertTrue(fail.out().contains("1 of 4 rules held; 3 failed (exit 4)"), fail.out());

    // 5. a missing baseline, and an incompatible one: the wire-only analysis of the same capture
    Ran missing = cli("check", run.toString(), "--baseline", tmp.resolve("main-run").toString(), "--rule",
        "abs-error < baseline * 1.2 + 100us");
    assertEquals(2, missing.exitCode());
    assertTrue(missing.err().startsWith("crosscheck check: --baseline " + tmp.resolve("main-run")
        + ": no such directory"), missing.err());
    Ran wire = cli("compare", "--pcap", run.resolve("capture.pcap").toString(), "--out", tmp.resolve("wire").toString());
    assertEquals(0, wire.exitCode(), wire.err());
    Path wireRun;
    try (var dirs = Files.list(tmp.resolve("wire"))) {
      wireRun = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    Ran incompatible = cli("check", run.toString(), "--baseline", wireRun.toString(), "--rule", "wire.p99 <= baseline");
    assertEquals(2, incompatible.exitCode(), incompatible.out());
    assertTrue(incompatible.err().contains(": a wire-only analysis (no generator records), the run has records"),
        incompatible.err());
    // the wire-only analysis is itself checkable on the wire's figures
    Ran wireOnly = cli("check", wireRun.toString(), "--rule", "wire.p99 < 1s", "--rule", "matched >= 90%");
    assertEquals(4, wireOnly.exitCode(), wireOnly.out());
    assertTrue(wireOnly.out().contains("FAIL  matched >= 90%: no evidence: the run's matched: a wire-only analysis"
        + " has no generator records to match"), wireOnly.out());

    System.out.println(String.format(Locale.ROOT, "[check] bad --check refused in %d ms (exit 2, no run directory,"
        + " 0 connections); audit + 4 rules held in %.1f s (exit 0, JUnit 4 testcases); check exit 0 (5 held),"
        + " 4 (3 failed), 2 (missing baseline), 2 (wire-only baseline); check of the wire-only run %d ms",
        bad.millis(), audited.millis() / 1e3, wireOnly.millis()));
  }

  /**
   * Issue 24, finding 6: {@code audit --check ... --junit F} of a run without a complete pair (found
   * against a mute server; here the embedded server's {@code /fault/reset}, which ends sooner) ended
   * with "internal error: NullPointerException" and no JUnit file. Each rule over pairs now fails as
   * no evidence, in the lines and in the JUnit XML.
   */
  @Test
  void auditCheckOfARunWithoutPairsFailsItsRulesAsNoEvidenceWithJunit(@TempDir Path tmp) throws Exception {
    Path xml = tmp.resolve("mute.xml");
    List<String> args = new ArrayList<>(List.of("audit", "--target", server.target(), "--out",
        tmp.resolve("runs").toString(), "--progress", "off", "--jit-warm-up", "0", "--users", "2",
        "--sessions-per-user", "1", "--session-length", "fixed:1", "--urls", "/fault/reset", "--duration", "1s",
        "--check", "wire.p99 < 5ms", "--check", "abs-error < 1ms", "--junit", xml.toString()));
    Ran ran = cli(args.toArray(String[]::new));
    // 4: the rules failed; 3 once a 0-pair audit is itself below the floor (the audit's code comes first)
    assertTrue(ran.exitCode() == 4 || ran.exitCode() == 3, ran.exitCode() + ": " + ran.err());
    assertFalse(ran.err().contains("internal error"), ran.err());
    assertTrue(ran.out().contains("  FAIL  wire.p99 < 5ms: no evidence: the run's wire.p99: findings.percentiles"
        + ".wireMicros has no value at 99: no matched complete pair in the measured phase"), ran.out());
    assertTrue(ran.out().contains("  FAIL  abs-error < 1ms: no evidence: the run's abs-error: findings.responseTime"
        + " rests on no pair"), ran.out());
    Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
    // the two rules and the gate's default: findings that support no verdict fail it
    assertEquals("3", suite.getAttribute("tests"));
    assertEquals("3", suite.getAttribute("failures"));
    System.out.println(String.format(Locale.ROOT, "[check] audit --check of a run without pairs (every request reset): exit %d,"
        + " 2 rules no evidence and the support default failed, JUnit 3 of 3 failures, in %.1f s", ran.exitCode(), ran.millis() / 1e3));
  }
}
