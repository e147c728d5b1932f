package io.crosscheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rule grammar: each shape parses, and every kind of malformed rule names its character and what is wrong. */
class RuleParserTest {

  private static Rule parse(String text) throws RuleParser.RuleException {
    return RuleParser.parse(text, "--rule");
  }

  @Test
  void theIssuesExamplesParse() throws Exception {
    for (String rule : new String[] {"abs-error < 1ms", "p99-error < 5ms", "ratio < 1.1", "matched >= 99.9%",
        "connections.verdict == no-sharing", "max-requests-per-connection <= 50", "wire.p95 < 20ms", "errors == 0",
        "abs-error < baseline * 1.2 + 100us", "wire.p95 <= baseline.wire.p95 * 1.1",
        "connections.opened within 10% of baseline", "client-host == not-bottleneck", "wire.p99.9 < 1 s",
        "abs-error > -(100 us)", "ratio <= baseline.ratio / 2 + 0.05", "connections.verdict != baseline"}) {
      assertEquals(rule, parse(rule).text());
    }
  }

  @Test
  void unitsAreConvertedToMicrosecondsAndTheExpressionKeepsItsShape() throws Exception {
    Rule r = parse("abs-error < baseline * 1.2 + 100us");
    Rule.Compare c = assertInstanceOf(Rule.Compare.class, r.check());
    assertEquals(Op.LT, c.op());
    Expr.Binary plus = assertInstanceOf(Expr.Binary.class, c.threshold());
    assertEquals('+', plus.op());
    Expr.Binary times = assertInstanceOf(Expr.Binary.class, plus.left());
    assertEquals('*', times.op());
    assertEquals("abs-error", assertInstanceOf(Expr.BaselineRef.class, times.left()).metric().name());
    assertEquals(100.0, assertInstanceOf(Expr.Literal.class, plus.right()).value());
    assertEquals(1500.0, ((Expr.Literal) ((Rule.Compare) parse("wire.p95 < 1.5ms").check()).threshold()).value());
    assertEquals(2e6, ((Expr.Literal) ((Rule.Compare) parse("wire.p95 < 2 s").check()).threshold()).value());
    assertEquals(13, r.baselineRef().position(), "the first baseline reference");
    assertNull(parse("abs-error < 1ms").baselineRef());

    Rule.Within w = assertInstanceOf(Rule.Within.class, parse("connections.opened within 10% of baseline").check());
    assertTrue(w.relative());
    assertEquals(10.0, w.tolerance().value());
    Rule.Within abs = assertInstanceOf(Rule.Within.class, parse("wire.p99 within 500us of baseline").check());
    assertTrue(!abs.relative());
    Rule.CompareWord word = assertInstanceOf(Rule.CompareWord.class,
        parse("connections.verdict == no-sharing").check());
    assertEquals("no-sharing", word.word());
    // findings.json (formatVersion 3) names the verdict by its enum: the same word
    assertEquals("no-sharing", assertInstanceOf(Rule.CompareWord.class,
        parse("connections.verdict == NO_SHARING").check()).word());
    assertEquals("not-bottleneck", assertInstanceOf(Rule.CompareWord.class,
        parse("client-host == NOT_BOTTLENECK").check()).word());
  }

  @Test
  void theBriefsExampleMessageIsExact() {
    RuleParser.RuleException e = assertThrows(RuleParser.RuleException.class, () -> parse("abs-error < 1xs"));
    assertEquals(13, e.position());
    assertEquals("at character 13: unknown unit \"xs\" (expected us, ms, s, %)", e.getMessage());
  }

  /** Every kind of error: the rule, the 1-based character, and a fragment of the message. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', textBlock = """
      ''                                              | 1  | empty rule
      abs-eror < 1ms                                  | 1  | unknown metric "abs-eror" (expected one of: abs-error,
      < 1ms                                           | 1  | "<" is not a metric
      abs-error 1ms                                   | 11 | expected a comparison (<, <=, >, >=, ==, !=) or "within" after abs-error
      errors = 0                                      | 8  | "=" is not a comparison
      abs-error < 1ms;                                | 16 | unexpected character ";"
      abs-error < 1000                                | 13 | abs-error is a time, the value is a plain number: give it a unit
      matched >= 99.9                                 | 12 | matched is a percentage, the value is a plain number: write it with %
      ratio < 1.1ms                                   | 9  | ratio is a plain number, the value is a time: write it without a unit
      ratio < 1.                                      | 9  | "1." is not a number
      abs-error <                                     | 12 | missing value
      abs-error < 1ms ms                              | 17 | unexpected "ms" after the rule's end
      connections.verdict == no-shraing               | 24 | unknown word "no-shraing" for connections.verdict (expected no-sharing, sharing,
      connections.verdict < sharing                   | 21 | connections.verdict is a word: compare it with == or !=
      abs-error < baseline + 100                      | 22 | cannot add a plain number to a time
      abs-error < baseline * 1ms                      | 22 | cannot multiply a time by a time
      abs-error < 1ms / 1%                            | 17 | cannot divide a time by a percentage
      abs-error < (baseline * 1.2                     | 28 | expected ")" to close the "(" at character 13, found the end of the rule
      abs-error < wire.p95                            | 13 | the run's other metrics are not values here, the baseline's are (baseline.wire.p95)
      wire.p95 < baseline.wire.p96                    | 21 | unknown metric "baseline.wire.p96"
      wire.p95 < baseline.connections.verdict         | 12 | baseline.connections.verdict is a word
      connections.opened within 10 baseline           | 30 | expected "of baseline" after the tolerance
      connections.opened within 10ms of baseline      | 27 | the tolerance "10ms" is a time, connections.opened is a plain number
      connections.opened within of baseline           | 27 | expected a tolerance after "within"
      connections.opened within 10% of the baseline   | 34 | expected baseline or baseline.METRIC after "of"
      connections.verdict within 10% of baseline      | 21 | connections.verdict is a word: "within" needs a number metric
      abs-error < baseline.ratio                      | 13 | abs-error is a time, the value is a plain number
      """)
  void everyErrorNamesItsCharacter(String rule, int position, String fragment) {
    RuleParser.RuleException e = assertThrows(RuleParser.RuleException.class, () -> parse(rule));
    assertEquals(position, e.position(), e.getMessage());
    assertTrue(e.getMessage().startsWith("at character " + position + ": "), e.getMessage());
    assertTrue(e.detail().contains(fragment), "expected \"" + fragment + "\" in: " + e.detail());
  }

  @Test
  void runawayRulesAreRefusedBeforeTheyCanOverflowTheStack() {
    RuleParser.RuleException deep = assertThrows(RuleParser.RuleException.class,
        () -> parse("ratio < " + "(".repeat(70) + "1" + ")".repeat(70)));
    assertEquals(9 + 64, deep.position(), deep.getMessage());
    assertTrue(deep.detail().startsWith("more than 64 nested parentheses or signs"), deep.getMessage());
    RuleParser.RuleException longRule = assertThrows(RuleParser.RuleException.class,
        () -> parse("ratio < 1" + " + 1".repeat(150)));
    assertTrue(longRule.detail().startsWith("a rule of more than 200 tokens"), longRule.getMessage());
  }

  @Test
  void controlCharactersInARuleAreEscapedInItsMessage() {
    RuleParser.RuleException e = assertThrows(RuleParser.RuleException.class, () -> parse("abs-error < 1ms\u001b[31m"));
    assertEquals(16, e.position());
    assertTrue(e.getMessage().contains("\"\\e\""), e.getMessage());
  }
}
