package io.crosscheck.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.model.spec.SpecException;

/**
 * Fuzzes the {@code --url-file} reader: any bytes, written to a file and named by
 * {@code --url-file}, either build a workload or are refused with a {@link SpecException} whose every
 * problem names the file ({@code PATH:LINE}) or the option. Any other throwable, or a run that does
 * not end, is a finding.
 *
 * <p>A normal build replays the seeds in {@code src/test/resources/io/crosscheck/fuzz/UrlFileFuzzTestInputs/parseUrlFile/}
 * (small valid files and the regressions found so far); {@code scripts/fuzz-bounded.sh} fuzzes it
 * for {@code maxDuration}. A crash found is written there as {@code crash-*}: keep it as a seed.
 */
class UrlFileFuzzTest {
  @FuzzTest(maxDuration = "6s")
  void parseUrlFile(byte[] bytes) {
    FuzzFiles.assertBuildsOrRefuses("urls.txt", bytes, (spec, file) -> spec.urlFile = file.toString());
  }
}
