package io.crosscheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The metric table is one table: names unique, and the CI gate page's copy is the evaluator's. */
class MetricsTest {
  @Test
  void namesAreUniqueAndParseAsMetrics() throws Exception {
    Set<String> names = new HashSet<>();
    for (Metrics.Metric m : Metrics.ALL) {
      assertTrue(names.add(m.name()), "duplicate " + m.name());
      String value = switch (m.dimension()) {
        case TIME -> "1ms";
        case PERCENT -> "1%";
        case NUMBER -> "1";
        case WORD -> m.words().get(0);
      };
      assertEquals(m, RuleParser.parse(m.name() + " == " + value, "--rule").metric());
    }
  }

  @Test
  void theCiGatePageHoldsTheEvaluatorsTable() throws Exception {
    String page = Files.readString(Path.of("../docs/ci-gate.md"), StandardCharsets.UTF_8);
    assertTrue(page.contains(Metrics.markdownTable()), "docs/ci-gate.md must hold this table verbatim"
        + " (regenerate it from Metrics.markdownTable()):\n" + Metrics.markdownTable());
  }
}
