package io.crosscheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.rundir.Findings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evaluator on a real run's findings (the report fixture: 320 matched pairs, absolute error
 * 570.2 us, ratio 1.333, 8 connections, no sharing, wire p99 7,488.178 us), copied and edited per
 * case: each kind of failing rule, baseline arithmetic, within X %, and missing evidence.
 */
class RuleEvaluatorTest {
  static final Path FIXTURE = Path.of("src/test/resources/io/crosscheck/report/html/run-fixture");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;

  /** A copy of the fixture run with {@code edit} applied to its findings.json tree. */
  static Path run(Path tmp, String name, Consumer<ObjectNode> edit) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name));
    for (String f : List.of("run.json", "findings.json")) {
      Files.copy(FIXTURE.resolve(f), dir.resolve(f));
    }
    ObjectNode tree = (ObjectNode) JSON.readTree(dir.resolve("findings.json").toFile());
    edit.accept(tree);
    JSON.writeValue(dir.resolve("findings.json").toFile(), tree);
    return dir;
  }

  private RuleEvaluator.Judgement judge(String rule, Path run, Path baseline) throws Exception {
    return RuleEvaluator.judge(RuleParser.parse(rule, "--rule"), CheckedRun.read(run, "RUN_DIR"),
        baseline == null ? null : CheckedRun.read(baseline, "--baseline"));
  }

  private static ObjectNode findings(ObjectNode file) {
    return (ObjectNode) file.get("findings");
  }

  @Test
  void rulesThatHoldPassWithTheirMeasuredValueAndEvidence() throws Exception {
    Path run = run(tmp, "run", f -> {});
    RuleEvaluator.Judgement j = judge("abs-error < 1ms", run, null);
    assertTrue(j.held(), j.line());
    assertEquals("pass  abs-error < 1ms: measured 570.2 us, threshold < 1.000 ms; from 320 matched pairs of the"
        + " measured phase", j.line());
    for (String rule : List.of("ratio < 1.4", "matched >= 99.9%", "connections.verdict == no-sharing",
        "max-requests-per-connection <= 40", "connections.opened == 8", "connections.shared == 0", "errors == 0",
        "wire.p99 < 7.5ms", "wire.p99.9 <= 14062.674us", "wire.mean < 2ms", "reported.p50 > 1ms",
        "p99-error < 5.3ms", "client-host == not-bottleneck", "pairs >= 320", "intended.p99 > 0us")) {
      assertTrue(judge(rule, run, null).held(), judge(rule, run, null).line());
    }
  }

  @Test
  void eachKindOfFailingRuleStatesMeasuredThresholdAndBaseline() throws Exception {
    Path run = run(tmp, "run", f -> {});
    Path base = run(tmp, "base", f -> {
      ObjectNode rt = (ObjectNode) findings(f).get("responseTime");
      rt.put("absoluteErrorMicros", 400.0);
      ((ObjectNode) findings(f).get("connections")).put("connectionsOpened", 10);
      ((ObjectNode) findings(f).get("connections")).put("verdictKind", "sharing");
    });
    // a number against a constant
    RuleEvaluator.Judgement j = judge("p99-error < 5ms", run, null);
    assertFalse(j.held());
    assertEquals("FAIL  p99-error < 5ms: measured 5.245 ms, threshold < 5.000 ms; from 320 matched pairs of the"
        + " measured phase", j.line());
    // a percentage, a count, a ratio
    assertEquals("measured 100.00 %, threshold < 99.00 %", head(judge("matched < 99%", run, null)));
    assertEquals("measured 40, threshold <= 10", head(judge("max-requests-per-connection <= 10", run, null)));
    assertEquals("measured 1.3326, threshold < 1.1000", head(judge("ratio < 1.1", run, null)));
    // a word
    j = judge("connections.verdict == sharing", run, null);
    assertFalse(j.held());
    assertTrue(j.line().startsWith("FAIL  connections.verdict == sharing: measured no-sharing, threshold =="
        + " sharing; from 320 matched records of 8 sessions"), j.line());
    j = judge("connections.verdict == baseline", run, base);
    assertFalse(j.held());
    assertEquals("measured no-sharing, threshold == sharing (baseline connections.verdict sharing)", head(j));
    // baseline arithmetic: 400 * 1.2 + 100 = 580 us holds for 570.2; 400 * 1.2 = 480 fails
    j = judge("abs-error < baseline * 1.2 + 100us", run, base);
    assertTrue(j.held(), j.line());
    assertEquals("measured 570.2 us, threshold < 580.0 us (baseline abs-error 400.0 us)", head(j));
    j = judge("abs-error < baseline * 1.2", run, base);
    assertFalse(j.held());
    assertEquals("measured 570.2 us, threshold < 480.0 us (baseline abs-error 400.0 us)", head(j));
    j = judge("wire.p99 <= baseline.wire.p99 * (1 + 0.1) - 1ms", run, base);
    assertFalse(j.held()); // 7488.178 * 1.1 - 1000 = 7236.996
    assertEquals("measured 7.488 ms, threshold <= 7.237 ms (baseline wire.p99 7.488 ms)", head(j));
    // within X % of the baseline: 8 vs 10 +- 10 % (9 .. 11) fails, +- 20 % holds; absolute tolerance
    j = judge("connections.opened within 10% of baseline", run, base);
    assertFalse(j.held());
    assertEquals("measured 8, threshold within 10% of 10: 9 .. 11 (baseline connections.opened 10)", head(j));
    assertTrue(judge("connections.opened within 20% of baseline", run, base).held());
    assertTrue(judge("abs-error within 171us of baseline", run, base).held());
    assertFalse(judge("abs-error within 170us of baseline", run, base).held());
  }

  /** The line's part before "; from": measured, threshold and baseline. */
  private static String head(RuleEvaluator.Judgement j) {
    String m = j.message();
    return m.substring(0, m.indexOf("; from "));
  }

  @Test
  void missingEvidenceIsAFailureThatSaysWhy() throws Exception {
    // below the matching floor: no responseTime, no percentiles, the verdict not judged
    Path below = run(tmp, "below", f -> {
      ObjectNode c = (ObjectNode) findings(f).get("coverage");
      c.put("sufficient", false);
      c.put("statement", "12 of 320 records matched");
      findings(f).putNull("responseTime");
      findings(f).remove(List.of("percentiles", "urls"));
      ObjectNode conn = (ObjectNode) findings(f).get("connections");
      conn.put("judged", false);
      conn.put("verdict", "not judged: 12 of 320 records matched");
    });
    RuleEvaluator.Judgement j = judge("abs-error < 1ms", below, null);
    assertFalse(j.held());
    assertTrue(j.noEvidence());
    assertEquals("FAIL  abs-error < 1ms: no evidence: the run's abs-error: findings.responseTime is null: below the"
        + " matching floor: 12 of 320 records matched", j.line());
    assertTrue(judge("wire.p95 < 1s", below, null).message().startsWith(
        "no evidence: the run's wire.p95: findings.percentiles is absent: below the matching floor"));
    assertEquals("no evidence: the run's connections.verdict: the connection verdict was not judged: 12 of 320"
        + " records matched", judge("connections.verdict != sharing", below, null).message());
    assertTrue(judge("errors == 0", below, null).message().startsWith(
        "no evidence: the run's errors: findings.urls is absent"), "no summary.json in the fixture");
    assertTrue(judge("errors == 0", below, null).message().endsWith("and the run has no summary.json"));
    // a summary.json that cannot be read is said so, not taken for a missing one
    Files.writeString(below.resolve("summary.json"), "{not json");
    String unreadable = judge("errors == 0", below, null).message();
    assertTrue(unreadable.contains("and its summary.json is unreadable: "), unreadable);
    Files.delete(below.resolve("summary.json"));
    // the run has it, the baseline lacks it: the fixture's percentiles stop at 99 .. 99.9, no 95
    Path run = run(tmp, "run", f -> {});
    j = judge("wire.p95 < 20ms", run, null);
    assertEquals("no evidence: the run's wire.p95: findings.percentiles.wireMicros has no value at 95", j.message());
    Path base = run(tmp, "base", f -> findings(f).remove("clientHost"));
    j = judge("client-host == baseline", run, base);
    assertFalse(j.held());
    assertEquals("no evidence: the baseline's client-host: findings.clientHost is absent (written before it;"
        + " re-run 'crosscheck compare')", j.message());
    // a NaN (an empty sample) is no value either
    Path nan = run(tmp, "nan", f -> ((ObjectNode) findings(f).get("responseTime")).put("ratio", Double.NaN));
    assertTrue(judge("ratio < 2", nan, null).noEvidence());
    // the baseline was not given at all
    assertTrue(judge("ratio < baseline", run, null).message().contains("no --baseline was given"));
  }

  @Test
  void aVerdictSentenceWithoutItsTokenIsReadToTheSameKind() throws Exception {
    assertEquals(Findings.VerdictKind.NO_SHARING, Findings.VerdictKind.ofSentence(
        "no sharing: 8 connections for 8 sessions, each used by one session; up to 40 requests on one"));
    assertEquals(Findings.VerdictKind.SHARING, Findings.VerdictKind.ofSentence("connection sharing: 3 connections"
        + " carried requests of several sessions; 5 connections for 20 sessions; up to 90 requests on one connection"));
    assertEquals(Findings.VerdictKind.WIRE_FEW_CONNECTIONS, Findings.VerdictKind.ofSentence("63 connections for"
        + " 2,675 exchanges; one connection carried 40 % of all exchanges: few persistent connections carry the"
        + " traffic, as a shared keep-alive cache (the JDK's) does"));
    assertEquals(Findings.VerdictKind.NOT_JUDGED, Findings.VerdictKind.ofSentence(
        "not judged: no HTTP exchange was seen on the wire"));
    Path run = run(tmp, "old", f -> ((ObjectNode) findings(f).get("connections")).remove("verdictKind"));
    assertEquals(Findings.VerdictKind.NO_SHARING, CheckedRun.read(run, "RUN_DIR").findings().connections().kind());
  }

  @Test
  void incompatibleBaselinesAreNamed() throws Exception {
    CheckedRun run = CheckedRun.read(run(tmp, "run", f -> {}), "RUN_DIR");
    CheckedRun v1 = CheckedRun.read(run(tmp, "v1", f -> f.put("formatVersion", 1)), "--baseline");
    assertTrue(CheckedRun.incompatibility(run, v1).orElseThrow().contains("findings.json formatVersion 1, the run's"
        + " is 2"));
    CheckedRun wire = CheckedRun.read(run(tmp, "wire", f -> ((ObjectNode) findings(f).get("coverage"))
        .put("wireOnly", true)), "--baseline");
    assertTrue(CheckedRun.incompatibility(run, wire).orElseThrow().contains("a wire-only analysis (no generator"
        + " records), the run has records"));
    assertTrue(CheckedRun.incompatibility(run, run).isEmpty());
    CheckedRun.BadInputException e = assertThrows(CheckedRun.BadInputException.class,
        () -> CheckedRun.read(tmp.resolve("nothing"), "--baseline"));
    assertTrue(e.getMessage().contains("no such directory"), e.getMessage());
    Path noFindings = Files.createDirectories(tmp.resolve("uncompared"));
    Files.copy(FIXTURE.resolve("run.json"), noFindings.resolve("run.json"));
    e = assertThrows(CheckedRun.BadInputException.class, () -> CheckedRun.read(noFindings, "--baseline"));
    assertTrue(e.getMessage().contains("no findings.json: the run was not compared"), e.getMessage());
  }
}
