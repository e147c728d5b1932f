package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.check.RuleParser;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the CI gate's rule parser ({@code check --rule}, {@code --rules FILE}, {@code audit --check}):
 * any text either parses or is refused with a {@link RuleParser.RuleException} whose position lies
 * within the text (1 .. length + 1) and whose message holds no raw control character. Any other
 * throwable, or a parse that does not end, is a finding.
 *
 * <p>A normal build replays the seeds in {@code src/test/resources/io/crosscheck/fuzz/RuleParserFuzzTestInputs/parseRule/};
 * {@code scripts/fuzz-bounded.sh} fuzzes it for {@code maxDuration}.
 */
class RuleParserFuzzTest {
  @FuzzTest(maxDuration = "6s")
  void parseRule(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    try {
      RuleParser.parse(text, "--rule");
    } catch (RuleParser.RuleException e) {
      assertTrue(e.position() >= 1 && e.position() <= text.length() + 1, e.position() + " in " + text.length());
      assertTrue(e.getMessage().chars().noneMatch(c -> c < 0x20 || c == 0x7f), e.getMessage());
    }
  }
}
