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

  /** A copy of the mute-server run (0 complete pairs: every percentile column a list of nulls). */
  private Path muteRun(String name) throws IOException {
    Path from = Path.of("src/test/resources/io/crosscheck/check/mute-server-run");
    Path dir = Files.createDirectories(tmp.resolve(name));
    for (String f : List.of("run.json", "findings.json", "summary.json")) {
      Files.copy(from.resolve(f), dir.resolve(f));
    }
    return dir;
  }

  @Test
  void aRunWithoutAnyPairIsNoEvidenceForEveryMetricOverPairs() throws Exception {
    // issue 24, finding 6: the percentiles of an empty sample are nulls in findings.json; reading
    // them ended the gate with a NullPointerException
    Path mute = muteRun("mute");
    String why = "no matched complete pair in the measured phase (matched pairs left out: 2 reported-incomplete)";
    assertEquals("FAIL  wire.p99 < 5ms: no evidence: the run's wire.p99: findings.percentiles.wireMicros has no value"
        + " at 99: " + why, judge("wire.p99 < 5ms", mute, null).line());
    assertEquals("no evidence: the run's reported.p50: findings.percentiles.reportedMicros has no value at 50: " + why,
        judge("reported.p50 < 1s", mute, null).message());
    assertEquals("no evidence: the run's abs-error: findings.responseTime rests on no pair: " + why,
        judge("abs-error < 1ms", mute, null).message());
    for (String rule : List.of("intended.p99 < 1s", "wire.p50 > 0us", "p99-error < 5ms", "max-error < 1s",
        "ratio < 2", "wire.mean < 1s", "reported.mean < 1s", "impossible == 0")) {
      RuleEvaluator.Judgement j = judge(rule, mute, null);
      assertTrue(j.noEvidence() && !j.held(), j.line());
    }
    // a baseline without pairs: the rule has no evidence, it does not pass
    Path run = run(tmp, "run", f -> {});
    RuleEvaluator.Judgement j = judge("wire.p99 <= baseline * 1.1", run, mute);
    assertTrue(j.noEvidence() && !j.held(), j.line());
    assertEquals("no evidence: the baseline's wire.p99: findings.percentiles.wireMicros has no value at 99: " + why,
        j.message());
  }

  /**
   * Issue 24, finding 13: a generator reporting 1 us against a 1,348 us wire, every one of 3,494
   * pairs impossible; the signed figures (-1,347 us) passed every upper bound.
   */
  @Test
  void errorsAreMagnitudesAndImpossiblePairsNeverPass() throws Exception {
    Path under = run(tmp, "under", f -> {
      ObjectNode rt = (ObjectNode) findings(f).get("responseTime");
      rt.put("pairs", 3494);
      rt.put("reportedMeanMicros", 1.0);
      rt.put("wireMeanMicros", 1348.0);
      rt.put("absoluteErrorMicros", -1347.0);
      rt.put("ratio", 1.0 / 1348);
      stats((ObjectNode) rt.get("perRequestError"), 3494, -1347, -2100, -1340, -1200, -1100, -1000);
      stats(rt.putObject("perRequestErrorMagnitude"), 3494, 1347, 1000, 1340, 1500, 2000, 2100);
      ((ObjectNode) findings(f).get("lags")).put("belowUncertainty", 3494);
    });
    for (String rule : List.of("abs-error < 1ms", "p99-error < 5ms", "max-error < 10ms", "ratio < 1.1",
        "p50-error < 2ms", "abs-error within 100% of baseline")) {
      RuleEvaluator.Judgement j = judge(rule, under, under);
      assertFalse(j.held(), j.line());
      assertTrue(j.noEvidence(), j.line());
    }
    assertEquals("FAIL  abs-error < 1ms: no evidence: the run's abs-error: 3,494 of 3,494 matched pairs are"
        + " impossible: the generator's time is below the wire's beyond the clock's uncertainty and its timing"
        + " resolution (lags.belowUncertainty); an error over them measures no accuracy",
        judge("abs-error < 1ms", under, null).line());
    assertEquals("FAIL  impossible == 0: measured 3494, threshold == 0; from 3,494 matched pairs of the measured"
        + " phase", judge("impossible == 0", under, null).line());
    // the same figures without impossible pairs (e.g. a generator timing with a coarse clock): judged on
    // the magnitudes, so an under-report of 1.347 ms fails a 1 ms bound instead of passing it as -1.347 ms
    Path coarse = run(tmp, "coarse", f -> {
      ObjectNode rt = (ObjectNode) findings(f).get("responseTime");
      rt.put("absoluteErrorMicros", -1347.0);
      stats(rt.putObject("perRequestErrorMagnitude"), 320, 1347, 1000, 1340, 1500, 2000, 2100);
    });
    assertEquals("measured 1.347 ms, threshold < 1.000 ms", head(judge("abs-error < 1ms", coarse, null)));
    assertEquals("measured 2.000 ms, threshold < 1.000 ms", head(judge("p99-error < 1ms", coarse, null)));
    assertEquals("measured 2.100 ms, threshold < 2.000 ms", head(judge("max-error < 2ms", coarse, null)));
    assertTrue(judge("impossible == 0", coarse, null).held());
    // a findings.json written before the magnitudes: its signed figures are magnitudes when none is
    // negative (the fixture's minimum is +47.4 us), else the rule has no evidence
    assertEquals("measured 5.245 ms, threshold < 5.000 ms", head(judge("p99-error < 5ms", run(tmp, "old", f -> {}),
        null)));
    Path oldNegative = run(tmp, "old-negative", f -> ((ObjectNode) ((ObjectNode) findings(f).get("responseTime"))
        .get("perRequestError")).put("minMicros", -40.0));
    assertTrue(judge("p99-error < 5ms", oldNegative, null).message().contains("perRequestErrorMagnitude is absent"
        + " (written before it) and the signed errors reach -40.0 us; re-run 'crosscheck compare'"));
  }

  private static void stats(ObjectNode s, long count, double mean, double min, double p50, double p90, double p99,
      double max) {
    s.put("count", count);
    s.put("meanMicros", mean);
    s.put("minMicros", min);
    s.put("p50Micros", p50);
    s.put("p90Micros", p90);
    s.put("p99Micros", p99);
    s.put("maxMicros", max);
  }

  /** The fixture as an agent audit of the generator's own figure: its reported intervals set. */
  private static void ownFigure(ObjectNode file, double meanErrorMicros, long belowSpan) {
    ObjectNode ri = findings(file).putObject("reportedIntervals");
    ri.put("reporting", "reportedValue=gen.Stats#record:1:us");
    ri.put("intervals", 300);
    ri.put("intervalsMatched", 300);
    ri.put("exchanges", 300);
    ri.put("exchangesMatched", 300);
    ri.putObject("unmatchedIntervals");
    ri.put("belowSpanToleranceMicros", 1.0);
    ri.put("state", "JUDGED");
    ri.put("minMatchedPercent", 90.0);
    ObjectNode all = ri.putObject("overall");
    all.put("urlGroup", "all");
    all.put("count", 300);
    all.put("meanExchanges", 1.0);
    all.put("meanReportedMicros", 1348.0 + meanErrorMicros);
    all.put("meanWirePageMicros", 1348.0);
    all.put("meanWireSpanMicros", 1348.0);
    all.put("meanWireSumMicros", 1348.0);
    all.put("meanGapMicros", 0.0);
    all.put("meanErrorMicros", meanErrorMicros);
    all.put("p50ErrorMicros", meanErrorMicros);
    all.put("p99ErrorMicros", meanErrorMicros);
    all.put("reportedBelowSpan", belowSpan);
    stats(all.putObject("errorMagnitude"), 300, Math.abs(meanErrorMicros), 0, Math.abs(meanErrorMicros),
        Math.abs(meanErrorMicros), Math.abs(meanErrorMicros) + 100, Math.abs(meanErrorMicros) + 200);
    ri.putArray("groups");
  }

  /**
   * Issue 24, finding 14: an audit of the generator's own figure (--reported-value) of a generator
   * reporting 1 us passed abs-error < 1ms, judged on the agent's timing of its I/O.
   */
  @Test
  void anAuditOfTheGeneratorsOwnFigureIsJudgedOnThatFigure() throws Exception {
    // the records' error (the agent's timing) is 570.2 us; the generator's own figure is 1 us for 1,348 us
    Path liar = run(tmp, "liar", f -> ownFigure(f, -1347, 300));
    RuleEvaluator.Judgement j = judge("abs-error < 1ms", liar, null);
    assertFalse(j.held(), j.line());
    assertEquals("FAIL  abs-error < 1ms: no evidence: the run's abs-error: 300 of 300 reported intervals are"
        + " impossible: the generator's own figure (reportedValue=gen.Stats#record:1:us) is below its wire span by"
        + " more than 1.0 us (reportedIntervals.overall.reportedBelowSpan); an error over them measures no"
        + " accuracy", j.line());
    assertEquals("measured 300, threshold == 0", head(judge("impossible == 0", liar, null)));
    // an honest figure 250 us above the span: judged on it, and it says so
    Path honest = run(tmp, "honest", f -> ownFigure(f, 250, 0));
    assertEquals("pass  abs-error < 1ms: measured 250.0 us, threshold < 1.000 ms; from 300 reported intervals"
        + " matched in full: the generator's own figure (reportedValue=gen.Stats#record:1:us) against each"
        + " interval's wire span", judge("abs-error < 1ms", honest, null).line());
    assertEquals("measured 350.0 us, threshold < 300.0 us", head(judge("p99-error < 300us", honest, null)));
    assertEquals("measured 1.1855, threshold < 1.1000", head(judge("ratio < 1.1", honest, null)));
    // not judged (below the floor): no evidence, whatever figures the overall group kept, with the reason
    Path notJudged = run(tmp, "not-judged", f -> {
      ownFigure(f, 250, 0);
      ObjectNode ri = (ObjectNode) findings(f).get("reportedIntervals");
      ri.put("state", "NOT_JUDGED_INTERVALS_BELOW_FLOOR");
      ri.put("intervalsMatched", 36);
    });
    RuleEvaluator.Judgement none = judge("abs-error < 1ms", notJudged, null);
    assertFalse(none.held(), none.line());
    assertEquals("no evidence: the run's abs-error: the generator's own figure (reportedValue=gen.Stats#record:1:us)"
        + " was not judged: " + io.crosscheck.report.FindingsSentences.reportedIntervals(
            CheckedRun.read(notJudged, "RUN").findings()), none.message());
    // a file of formatVersion 3 held the sentence: its kind is read from it, and it is quoted as written
    Path notJudgedV3 = run(tmp, "not-judged-v3", f -> {
      ownFigure(f, 250, 0);
      ObjectNode ri = (ObjectNode) findings(f).get("reportedIntervals");
      ri.remove("state");
      ri.put("statement", "not judged: 12.0 % of the reported intervals matched in full, below the 90 % floor");
    });
    assertEquals("no evidence: the run's abs-error: the generator's own figure (reportedValue=gen.Stats#record:1:us)"
        + " was not judged: not judged: 12.0 % of the reported intervals matched in full, below the 90 % floor",
        judge("abs-error < 1ms", notJudgedV3, null).message());
  }
}
