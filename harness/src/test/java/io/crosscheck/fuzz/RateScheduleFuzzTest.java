package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the {@code --rate-schedule} parser (ArrivalSpecParser): any text (the input's bytes as
 * UTF-8) given as {@code --arrival open --rate-schedule TEXT} either builds a workload or is refused
 * with a {@link SpecException} whose problems all name {@code --rate-schedule}. Anything else is a
 * finding.
 *
 * <p>Seeds: {@code src/test/resources/io/crosscheck/fuzz/RateScheduleFuzzTestInputs/parseRateSchedule/},
 * one schedule per file; fuzzed by {@code scripts/fuzz-bounded.sh}.
 */
class RateScheduleFuzzTest {
  @FuzzTest(maxDuration = "6s")
  void parseRateSchedule(byte[] bytes) {
    WorkloadSpec spec = new WorkloadSpec();
    spec.arrival = "open";
    spec.rateSchedule = new String(bytes, StandardCharsets.UTF_8);
    try {
      assertNotNull(spec.build());
    } catch (SpecException refused) {
      assertFalse(refused.problems().isEmpty());
      for (Problem p : refused.problems()) {
        assertTrue(p.where().equals("--rate-schedule"), () -> "problem not at --rate-schedule: " + p.message());
      }
    }
  }
}
