package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.rubis.RubisInputException;
import io.crosscheck.rubis.RubisProblem;
import io.crosscheck.rubis.TransitionTable;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the RUBiS transition table parser ({@link TransitionTable#parse}, the client's 29 rows by
 * 27 columns, ISO-8859-1 as the client reads it): any bytes either give a table whose effective
 * probabilities are finite and in 0..1, or are refused with a {@link RubisInputException} whose
 * every problem is located in the table. Anything else is a finding.
 *
 * <p>Seeds: {@code src/test/resources/io/crosscheck/fuzz/TransitionTableFuzzTestInputs/parseTable/}
 * (tables shipped with RUBiS 1.4.3, from /work/shared/rubis-data, and regressions); fuzzed by
 * {@code scripts/fuzz-bounded.sh}.
 */
class TransitionTableFuzzTest {
  private static final String SOURCE = "table.txt";

  @FuzzTest(maxDuration = "6s")
  void parseTable(byte[] bytes) {
    TransitionTable table;
    try {
      table = TransitionTable.parse(SOURCE, new String(bytes, StandardCharsets.ISO_8859_1), 29, 27);
    } catch (RubisInputException refused) {
      assertFalse(refused.problems().isEmpty(), "a RubisInputException without problems");
      for (RubisProblem p : refused.problems()) {
        assertTrue(p.where().startsWith(SOURCE), () -> "problem not located in the table: " + p.message());
      }
      return;
    }
    assertEquals(29, table.rowNames().size());
    for (int from = 0; from < 27; from++) {
      for (int to = 0; to < 29; to++) {
        double p = table.effective(to, from);
        assertTrue(p >= 0 && p <= 1, "effective probability " + p + " from " + from + " to " + to);
      }
    }
  }
}
