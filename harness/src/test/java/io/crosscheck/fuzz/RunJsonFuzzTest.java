package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import java.io.IOException;

/**
 * Fuzzes the {@code run.json} reader ({@link RunFiles#readRun}, with the upgrade of older formats)
 * and what every reader of a run does next ({@link RunFiles#status}, the target port, the clock
 * offsets, the timing resolution): any bytes either give a usable {@link RunJson} or are refused
 * with an {@link IOException} whose message names the file. Anything else is a finding.
 *
 * <p>Seeds: {@code src/test/resources/io/crosscheck/fuzz/RunJsonFuzzTestInputs/readRunJson/} (run.json
 * files of a run, an audit, a v1 run, an interrupted one).
 */
class RunJsonFuzzTest {
  @FuzzTest(maxDuration = "6s")
  void readRunJson(byte[] bytes) throws IOException {
    FuzzFiles.write(RunFiles.RUN_JSON, bytes);
    RunJson run;
    try {
      run = RunFiles.readRun(FuzzFiles.dir());
    } catch (IOException refused) {
      String message = String.valueOf(refused.getMessage());
      assertTrue(message.contains(RunFiles.RUN_JSON), () -> "refusal without the file's name: " + refused);
      return;
    }
    assertNotNull(RunFiles.status(run));
    run.targetPort();
    run.clockOffsets();
    run.reportedResolutionNanos();
  }
}
