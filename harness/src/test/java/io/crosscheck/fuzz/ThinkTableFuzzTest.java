package io.crosscheck.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.model.spec.SpecException;

/**
 * Fuzzes the per-state think table reader (ThinkTableParser): any bytes, written to a file and named by
 * {@code --think table:FILE}, either build a workload or are refused with a {@link SpecException} whose every
 * problem names the file ({@code PATH:LINE}) or the option. Any other throwable, or a run that does
 * not end, is a finding.
 *
 * <p>A normal build replays the seeds in {@code src/test/resources/io/crosscheck/fuzz/ThinkTableFuzzTestInputs/parseThinkTable/}
 * (small valid files and the regressions found so far); {@code scripts/fuzz-bounded.sh} fuzzes it
 * for {@code maxDuration}. A crash found is written there as {@code crash-*}: keep it as a seed.
 */
class ThinkTableFuzzTest {
  @FuzzTest(maxDuration = "6s")
  void parseThinkTable(byte[] bytes) {
    FuzzFiles.assertBuildsOrRefuses("think.txt", bytes, (spec, file) -> spec.think = "table:" + file);
  }
}
